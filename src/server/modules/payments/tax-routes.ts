import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passPriceQuerySchema,
  priceSchema,
  taxValidationBodySchema,
  taxValidationSchema,
  type TaxValidation,
} from '../../../common/taxes.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { passPrice } from './prices.ts';
import type { VatRegistry } from './vat-registry.ts';

/** VAT id checks per client address and hour (each one is a call to VIES). */
export const VAT_CHECKS_PER_ADDRESS: RateLimit = { name: 'vat_checks', limit: 60, windowSeconds: 3600 };

/**
 * POST /api/taxes/validations {vat_id, country_code}: whether the id is registered. The id may
 * carry its country prefix ("DE123456789") or not. Saving it is the browser's PATCH of the current
 * user (spec §4: a success while signed in updates the user's VAT id).
 */
export async function taxRoutes(instance: FastifyInstance, { registry, db, clock }: { registry: VatRegistry; db: Db; clock: Clock }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/taxes/validations',
    { schema: { tags: ['payments'], body: taxValidationBodySchema, response: { 200: taxValidationSchema } } },
    async (request): Promise<TaxValidation> => {
      // Each check asks the EU's registry: a client address gets a fair share of it.
      await consume(db, VAT_CHECKS_PER_ADDRESS, request.ip, clock.now());
      const { vat_id: vatId, country_code: countryCode } = request.body;
      const prefix = countryCode === 'GR' ? 'EL' : countryCode;
      const number = vatId.startsWith(prefix) ? vatId.slice(prefix.length) : vatId;
      const { valid, name } = await registry.check(countryCode, number);
      return { vat_id: `${prefix}${number}`, country_code: countryCode, valid, name };
    },
  );

  app.get(
    '/api/payments/pass_prices',
    { schema: { tags: ['payments'], querystring: passPriceQuerySchema, response: { 200: priceSchema } } },
    async (request) => passPrice({ db, registry }, request.siteVariant, request.query),
  );
}
