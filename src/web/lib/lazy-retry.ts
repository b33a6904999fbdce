import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec (browser timings): a part of the app that has not arrived within 120 s is given up; the page then offers a reload. */
export const CHUNK_TIMEOUT_MS = 120_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 8_000;

/** Resolves after `ms`, or at once when the browser says it is back online. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * Loads a part of the app (its code, its texts) without giving up at the first failure: a page
 * that lost its connection gets the part once the connection is back. Tried again after growing
 * pauses, and at once when the browser comes back online, until `timeoutMs` has passed; then the
 * last failure is thrown (the error boundaries offer a reload).
 */
export async function loadWithRetry<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  const started = Date.now();
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    try {
      return await load();
    } catch (error) {
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) throw error;
      await pause(Math.min(wait, left));
    }
  }
}

/** React's lazy with the load above. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own bound for lazy().
export function lazyRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadWithRetry(load));
}
