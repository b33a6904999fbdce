import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('durations', () => {
  it('formats clip durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
