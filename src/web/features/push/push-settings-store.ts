import { useSyncExternalStore } from 'react';

/**
 * Asking for the web-push settings popup again, after its first showing (the footer's
 * "Notification settings"). Kept apart from the popup so the footer on every page carries only this.
 */
let asked = 0;
const listeners = new Set<() => void>();

export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The footer offers the settings where the browser can push and its user has not refused. */
export const pushSettingsOffered = () => pushSupported() && Notification.permission !== 'denied';

export const pushSettings = {
  open: () => {
    asked += 1;
    for (const listener of listeners) listener();
  },
};

/** How many times the popup was asked for; each new ask opens it. */
export function usePushSettingsAsked(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => asked,
    () => asked,
  );
}
