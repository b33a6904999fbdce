import { startTransition, useEffect, useState } from 'react';

let settled: Promise<void> | null = null;
let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (markShown = resolve));
let firstViewDone = false;
void shown.then(() => (firstViewDone = true));
/** Past this after the load event, the first view counts as shown even if it never said so (a page that failed to render still reports). */
const SHOWN_AT_THE_LATEST_MS = 5000;

/**
 * Resolves once the page has loaded (its first pictures included), its first view has been rendered
 * and the browser is idle: the time for code the first view does not need, so it never competes with
 * the largest paint.
 */
export function afterFirstLoad(): Promise<void> {
  settled ??= new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 50);
    const afterShown = () => void Promise.race([shown, new Promise((later) => setTimeout(later, SHOWN_AT_THE_LATEST_MS))]).then(idle);
    if (document.readyState === 'complete') afterShown();
    else window.addEventListener('load', afterShown, { once: true });
  });
  return settled;
}

/** Rendered once with the app (main.tsx): its effect runs when the first view has been committed. */
export function FirstViewShown(): null {
  useEffect(() => markShown(), []);
  return null;
}

/** False until afterFirstLoad() has resolved. */
export function useAfterFirstLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    // A transition: what waited for the first view renders in slices, not as one long task.
    void afterFirstLoad().then(() => current && startTransition(() => setReady(true)));
    return () => {
      current = false;
    };
  }, []);
  return ready;
}

/**
 * False while the app's first view is being put on screen, true from the task after it (at once on a
 * later screen): what a page shows below its fold waits for it, so the first view's commit and
 * layout, one long task on a phone, carry less.
 */
export function useAfterFirstView(): boolean {
  const [ready, setReady] = useState(firstViewDone);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void shown.then(() => new Promise((later) => setTimeout(later, 0))).then(() => current && startTransition(() => setReady(true)));
    return () => {
      current = false;
    };
  }, [ready]);
  return ready;
}
