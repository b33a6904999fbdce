import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  FUNCTIONAL_COOKIES,
  parseConsent,
  serializeConsent,
  type Consent,
  type FunctionalCookie,
} from './consent.ts';

const listeners = new Set<() => void>();
let current: Consent | null = typeof document === 'undefined' ? null : parseConsent(readCookie(CONSENT_COOKIE));

export function getConsent(): Consent | null {
  return current;
}

/** Stores the choice; withdrawing functional consent deletes the functional cookies already set. */
export function saveConsent(consent: Consent) {
  writeCookie(CONSENT_COOKIE, serializeConsent(consent), CONSENT_COOKIE_DAYS);
  current = parseConsent(serializeConsent(consent));
  if (!consent.functional) for (const name of Object.keys(FUNCTIONAL_COOKIES)) deleteCookie(name);
  for (const listener of listeners) listener();
}

/** Writes a functional cookie only when functional cookies are accepted; answers whether it did. */
export function setFunctionalCookie(name: FunctionalCookie, value: string): boolean {
  if (!current?.functional) return false;
  writeCookie(name, value, FUNCTIONAL_COOKIES[name]);
  return true;
}

export function useConsent(): Consent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
