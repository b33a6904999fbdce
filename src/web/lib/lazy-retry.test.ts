import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, loadWithRetry } from './lazy-retry.ts';

/** A load that fails `failures` times (as a chunk fetched offline does), then answers. */
function flaky(failures: number) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve('module');
  };
  return { load, calls: () => calls };
}

describe('a part of the app loaded on demand', () => {
  // The browser's window, as far as the loader uses it: its online event.
  const window = new EventTarget();
  beforeEach(() => vi.stubGlobal('window', window));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('arrives after failures: it is tried again after growing pauses', async () => {
    vi.useFakeTimers();
    const part = flaky(3);
    const loaded = loadWithRetry(part.load);
    await vi.advanceTimersByTimeAsync(499);
    expect(part.calls()).toBe(1);
    // 500 ms, then 1 s, then 2 s.
    await vi.advanceTimersByTimeAsync(1 + 1000 + 2000);
    await expect(loaded).resolves.toBe('module');
    expect(part.calls()).toBe(4);
  });

  it('is tried at once when the browser comes back online', async () => {
    vi.useFakeTimers();
    const part = flaky(1);
    const loaded = loadWithRetry(part.load);
    await vi.advanceTimersByTimeAsync(10);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('module');
    expect(part.calls()).toBe(2);
  });

  it('is given up after the 120 s chunk timeout, with the last failure', async () => {
    vi.useFakeTimers();
    const part = flaky(Number.POSITIVE_INFINITY);
    const loaded = loadWithRetry(part.load);
    const outcome = loaded.then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1000);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(9000);
    expect(await outcome).toBe('Failed to fetch dynamically imported module');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    // Pauses of at most 8 s: about 20 tries in two minutes.
    expect(part.calls()).toBeGreaterThan(15);
  });
});
