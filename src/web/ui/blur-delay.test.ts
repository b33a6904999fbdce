import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLUR_DELAY_MS, delayedBlur } from './blur-delay.ts';

describe('a field losing focus', () => {
  afterEach(() => vi.useRealTimers());

  it('is validated 150 ms after the blur, with the blur event', () => {
    vi.useFakeTimers();
    const validated: string[] = [];
    const onBlur = delayedBlur((event: { target: string }) => validated.push(event.target));
    onBlur?.({ target: 'email' });
    vi.advanceTimersByTime(BLUR_DELAY_MS - 1);
    expect(validated).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(validated).toEqual(['email']);
    expect(BLUR_DELAY_MS).toBe(150);
  });

  it('a field without a blur handler gets none', () => {
    expect(delayedBlur(undefined)).toBeUndefined();
  });
});
