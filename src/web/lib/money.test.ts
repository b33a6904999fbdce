import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './money.ts';

describe('money and dates', () => {
  it('shows the currency sign of the variant, without decimals for whole amounts', () => {
    expect(formatMoney(800, 'EUR', 'en')).toBe('€8');
    expect(formatMoney(9600, 'EUR', 'es')).toMatch(/^96\s€$/);
    expect(formatMoney(80_000, 'RUB', 'ru')).toMatch(/^800\s₽$/);
    expect(formatMoney(2550, 'EUR', 'en')).toBe('€25.50');
  });

  it('reads a calendar date as that day everywhere, and a moment in the reader’s time zone', () => {
    expect(formatDay('2027-10-24', 'en', 'Pacific/Honolulu')).toBe('October 24, 2027');
    expect(formatDay('2027-10-24T23:30:00.000Z', 'en', 'Europe/Berlin')).toBe('October 25, 2027');
    expect(formatDay('2027-10-24T23:30:00.000Z', 'en', 'America/New_York')).toBe('October 24, 2027');
  });
});
