/**
 * VAT on what the platform sells (issue: checkout and payments; spec: accounts §3 "Price response",
 * §5 "Price"). One table of standard rates, and one rule:
 * - a buyer outside the EU list (the 27 member states plus the United Kingdom, spec §3) pays 0 %;
 * - a business with a valid VAT id in another listed country than the seller's pays 0 % (reverse charge);
 * - anyone else in the list (a consumer, or a business in the seller's own country) pays the
 *   standard rate of the buyer's country.
 * The seller is Newsreel Media Ltd, London (the impressum): its country is GB.
 */

export const SELLER_COUNTRY = 'GB';

/** Standard VAT rates in percent, as in force in 2026, by ISO country code. */
export const VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  HR: 25,
  CY: 19,
  CZ: 21,
  DK: 25,
  EE: 24,
  FI: 25.5,
  FR: 20,
  DE: 19,
  GR: 24,
  HU: 27,
  IE: 23,
  IT: 22,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SK: 23,
  SI: 22,
  ES: 21,
  SE: 25,
  GB: 20,
};

export type VatReason = 'outside_eu' | 'reverse_charge' | 'standard_rate';
export type VatDecision = { rate: number; reason: VatReason };

/** The buyer: their country, and whether they buy as a business with a VAT id the registry confirmed. */
export type VatBuyer = { countryCode: string; validVatId: boolean };

export function vatFor(buyer: VatBuyer): VatDecision {
  const country = buyer.countryCode.toUpperCase();
  const rate = VAT_RATES[country];
  if (rate === undefined) return { rate: 0, reason: 'outside_eu' };
  if (buyer.validVatId && country !== SELLER_COUNTRY) return { rate: 0, reason: 'reverse_charge' };
  return { rate, reason: 'standard_rate' };
}
