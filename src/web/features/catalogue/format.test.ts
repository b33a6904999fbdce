import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatPublished } from './format.ts';

describe('catalogue formats', () => {
  it('formats dates and times in the reader language and time zone', () => {
    expect(formatDate('2026-11-20', 'es')).toBe('20 de noviembre de 2026');
    expect(formatPublished('2026-11-20T23:30:00Z', 'en', 'Asia/Tokyo')).toContain('Nov 21, 2026');
    expect(formatCount(10000, 'ru')).toBe('10\u00a0000');
  });
});
