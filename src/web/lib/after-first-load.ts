import { startTransition, useEffect, useState } from 'react';

let settled: Promise<void> | null = null;

/**
 * Resolves once the page has loaded (its first pictures included) and the browser is idle: the time
 * for code the first view does not need, so it never competes with the largest paint.
 */
export function afterFirstLoad(): Promise<void> {
  settled ??= new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 50);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return settled;
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
