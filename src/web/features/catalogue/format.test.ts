import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDuration, formatPublished } from './format.ts';

describe('catalogue formats', () => {
  it('formats clip durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('formats dates and times in the reader language and time zone', () => {
    expect(formatDate('2026-11-20', 'es')).toBe('20 de noviembre de 2026');
    expect(formatPublished('2026-11-20T23:30:00Z', 'en', 'Asia/Tokyo')).toContain('Nov 21, 2026');
    expect(formatCount(10000, 'ru')).toBe('10\u00a0000');
  });
});
