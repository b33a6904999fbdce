import { useRef } from 'react';

/**
 * Radix returns focus to a dialog's Trigger on close; our dialogs open from links and buttons
 * elsewhere (header, footer, banner), so without this, focus fell to the page's start. The element
 * that had focus when the dialog opened gets it back, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
