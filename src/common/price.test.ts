import { describe, expect, it } from 'vitest';
import { priceBreakdown, roundUpToCent } from './price.ts';

describe('price and tax maths (spec: accounts §5)', () => {
  it('derives the pure price and rounds it to 2 decimals', () => {
    // 120 with 20 % VAT: 120 / 120 * 100 = 100.00; tax 20.00.
    expect(priceBreakdown(120, 20)).toEqual({ price: 120, tax: 20, pure_price: 100, tax_value: 20 });
    // 99 with 19 %: 83.1932… → 83.19; tax 15.81.
    expect(priceBreakdown(99, 19)).toMatchObject({ pure_price: 83.19, tax_value: 15.81 });
  });

  it('rounds the tax value up to the cent', () => {
    // 10 with 21 %: pure 8.264… → 8.26; 10 - 8.26 = 1.74 (floating 1.7400000000000002 must not become 1.75).
    expect(priceBreakdown(10, 21)).toMatchObject({ pure_price: 8.26, tax_value: 1.74 });
    // 96 with 0 %: no tax at all.
    expect(priceBreakdown(96, 0)).toMatchObject({ pure_price: 96, tax_value: 0 });
  });

  it('rounds the price up to the cent', () => {
    expect(priceBreakdown(10.001, 0).price).toBe(10.01);
    expect(roundUpToCent(0.1 + 0.2)).toBe(0.3);
    expect(roundUpToCent(1.231)).toBe(1.24);
  });

  it('refuses negative or non-numeric input', () => {
    expect(() => priceBreakdown(-1, 20)).toThrow(RangeError);
    expect(() => priceBreakdown(10, Number.NaN)).toThrow(RangeError);
  });
});
