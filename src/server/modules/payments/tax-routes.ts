import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passPriceQuerySchema,
  priceSchema,
  taxValidationBodySchema,
  taxValidationSchema,
  type TaxValidation,
} from '../../../common/taxes.ts';
import type { Db } from '../../db/client.ts';
import { passPrice } from './prices.ts';
import type { VatRegistry } from './vat-registry.ts';

/**
 * POST /api/taxes/validations {vat_id, country_code}: whether the id is registered. The id may
 * carry its country prefix ("DE123456789") or not. Saving it is the browser's PATCH of the current
 * user (spec §4: a success while signed in updates the user's VAT id).
 */
export async function taxRoutes(instance: FastifyInstance, { registry, db }: { registry: VatRegistry; db: Db }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/taxes/validations',
    { schema: { tags: ['payments'], body: taxValidationBodySchema, response: { 200: taxValidationSchema } } },
    async (request): Promise<TaxValidation> => {
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
