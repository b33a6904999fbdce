import { describe, expect, it } from 'vitest';
import { textDirection } from './text-direction.ts';

describe('the direction of an event’s own text', () => {
  it('reads from the first letter, past digits and punctuation', () => {
    expect(textDirection('Flood relief plan: press conference')).toBe('ltr');
    expect(textDirection('مؤتمر صحفي حول خطة الإغاثة')).toBe('rtl');
    expect(textDirection('2026: «انتخابات» Live')).toBe('rtl');
    expect(textDirection('Выборы 2026')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
  });
});
