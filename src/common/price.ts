/**
 * Price and tax maths (spec: accounts §5 "Price"): pure price = price / (100 + tax) * 100 rounded
 * to 2 decimals; tax value = price minus pure price, rounded up to the cent; price rounded up to
 * the cent. Amounts are in currency units (euros, roubles), tax in percent.
 */

/** Removes binary floating-point noise (0.1 + 0.2) before rounding to cents. */
function cents(amount: number): number {
  return Number((amount * 100).toFixed(6));
}

export function roundToCent(amount: number): number {
  return Math.round(cents(amount)) / 100;
}

export function roundUpToCent(amount: number): number {
  return Math.ceil(cents(amount)) / 100;
}

export type PriceBreakdown = { price: number; tax: number; pure_price: number; tax_value: number };

export function priceBreakdown(price: number, tax: number): PriceBreakdown {
  if (!Number.isFinite(price) || price < 0) throw new RangeError(`price must be a non-negative number, got ${price}`);
  if (!Number.isFinite(tax) || tax < 0) throw new RangeError(`tax must be a non-negative percentage, got ${tax}`);
  const gross = roundUpToCent(price);
  const pure = roundToCent((gross / (100 + tax)) * 100);
  return { price: gross, tax, pure_price: pure, tax_value: roundUpToCent(gross - pure) };
}
