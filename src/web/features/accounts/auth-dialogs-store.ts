import { useSyncExternalStore } from 'react';

/**
 * Which account dialog is open. One at a time: opening sign-in closes sign-up and the reverse
 * (spec: accounts §2, content §2); the two-factor popup replaces sign-in when the server asks.
 */
export type AuthDialog = 'signin' | 'signup' | 'two_factor' | null;
type State = { open: AuthDialog; afterSignIn: (() => void) | null };

let state: State = { open: null, afterSignIn: null };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  for (const listener of listeners) listener();
};

export const authDialogs = {
  openSignIn: () => set({ open: 'signin', afterSignIn: null }),
  openSignUp: () => set({ open: 'signup', afterSignIn: null }),
  /** Keeps what should happen after sign-in (a redirect from the sign-in page, say). */
  openTwoFactor: (afterSignIn: (() => void) | null) => set({ open: 'two_factor', afterSignIn }),
  close: () => set({ open: null, afterSignIn: null }),
  get: () => state,
};

export function useAuthDialogs(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
