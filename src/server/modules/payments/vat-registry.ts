import { Unavailable } from '../../http/errors.ts';
import type { OutboundPolicy } from '../security/outbound.ts';
import { outboundFetch, type OutboundFetch } from '../security/outbound-fetch.ts';

/** Asks whether a VAT id is registered (issue: checkout and payments, VAT). */
export type VatRegistry = { check(countryCode: string, vatNumber: string): Promise<{ valid: boolean; name: string | null }> };

const unavailable = () =>
  new Unavailable({ code: 'vat_registry_unavailable', message: 'The VAT registry does not answer; try again later' });

/** VIES names Greece EL; its numbers are given without the country prefix. */
const VIES_COUNTRY: Record<string, string> = { GR: 'EL' };

/**
 * The EU's VIES service through its REST API (`POST {url}/check-vat-number`), or any peer speaking
 * it, reached through the outbound policy (the request is made for a customer). The United Kingdom
 * is not in VIES: as the seller's country, a GB id never changes the rate (src/common/vat.ts), so
 * its form is checked here (GB and 9 or 12 digits).
 */
export function viesRegistry(options: { url: string; outbound: OutboundPolicy; fetch?: OutboundFetch }): VatRegistry {
  const doFetch = options.fetch ?? outboundFetch(options.outbound);
  return {
    async check(countryCode, vatNumber) {
      if (countryCode === 'GB') return { valid: /^(\d{9}|\d{12})$/.test(vatNumber), name: null };
      let answer: Response;
      try {
        answer = await doFetch(`${options.url.replace(/\/$/, '')}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: VIES_COUNTRY[countryCode] ?? countryCode, vatNumber }),
          signal: AbortSignal.timeout(8000),
        });
      } catch {
        throw unavailable();
      }
      if (!answer.ok) throw unavailable();
      const body = (await answer.json().catch(() => null)) as { valid?: unknown; name?: unknown } | null;
      if (!body || typeof body.valid !== 'boolean') throw unavailable();
      const name = typeof body.name === 'string' && body.name.trim() !== '' && body.name !== '---' ? body.name.trim() : null;
      return { valid: body.valid, name };
    },
  };
}

/**
 * The embedded default, with no registry to ask: an id of 8 to 12 digits is registered unless it
 * ends in 000 (README "Test VAT ids"). Configure VAT_REGISTRY_URL for the real one.
 */
export const testVatRegistry: VatRegistry = {
  check: async (_countryCode, vatNumber) => ({ valid: /^\d{8,12}$/.test(vatNumber) && !vatNumber.endsWith('000'), name: null }),
};
