import { useEffect, type RefObject } from 'react';

/** Where a "/" is text the user is typing, not a shortcut. */
const TYPING_PLACES = 'input, textarea, select, [role="textbox"], [role="combobox"]';

/**
 * Whether a key press is the search shortcut (issue 28, keyboard): "/" with no Ctrl, Alt or Meta
 * (Shift may be how a layout types "/"), outside any field, and with no dialog open (a dialog keeps
 * the keyboard; the search is behind it).
 */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.altKey || event.metaKey || event.isComposing || event.defaultPrevented) return false;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || target.closest(TYPING_PLACES))) return false;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') === null;
}

/** "/" anywhere on the page puts the keyboard in `input`, the "/" itself not typed there. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!input.current || !isSearchShortcut(event)) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}
