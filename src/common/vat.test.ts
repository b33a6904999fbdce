import { describe, expect, it } from 'vitest';
import { EU_COUNTRY_CODES } from './reference.ts';
import { SELLER_COUNTRY, VAT_RATES, vatFor } from './vat.ts';

describe('VAT (issue: checkout and payments)', () => {
  it('has one standard rate for every country of the EU list, and none for others', () => {
    expect(Object.keys(VAT_RATES).sort()).toEqual([...EU_COUNTRY_CODES].sort());
    for (const rate of Object.values(VAT_RATES)) expect(rate).toBeGreaterThan(0);
  });

  const cases: [string, { countryCode: string; validVatId: boolean }, number, string][] = [
    ['a consumer in Germany pays the German rate', { countryCode: 'DE', validVatId: false }, 19, 'standard_rate'],
    ['a consumer in Hungary pays the Hungarian rate', { countryCode: 'hu', validVatId: false }, 27, 'standard_rate'],
    ['a business with a valid VAT id in France: reverse charge', { countryCode: 'FR', validVatId: true }, 0, 'reverse_charge'],
    ['a business without a confirmed VAT id in Spain pays the Spanish rate', { countryCode: 'ES', validVatId: false }, 21, 'standard_rate'],
    ["a business in the seller's own country pays its rate", { countryCode: SELLER_COUNTRY, validVatId: true }, 20, 'standard_rate'],
    ['a buyer in the United States pays none', { countryCode: 'US', validVatId: false }, 0, 'outside_eu'],
    ['a business in Switzerland pays none', { countryCode: 'CH', validVatId: true }, 0, 'outside_eu'],
    ['Finland’s rate has a fraction', { countryCode: 'FI', validVatId: false }, 25.5, 'standard_rate'],
  ];
  for (const [name, buyer, rate, reason] of cases)
    it(name, () => {
      expect(vatFor(buyer)).toEqual({ rate, reason });
    });
});
