import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { billingSettingsBodySchema, billingSettingsSchema } from '../../../common/billing.ts';
import type { ServiceContext } from '../../context.ts';
import { noStore } from '../../http/cache.ts';
import { requireUser } from '../accounts/auth.ts';
import { ensureMayBill, readBilling, saveBilling } from './billing.ts';

const tags = ['payments'];
const PATH = '/api/current_user/billing_settings';

/** Before the input is validated: a visitor or a client is refused whatever the body says. */
const mayBill = async (request: FastifyRequest) => {
  ensureMayBill((await requireUser(request)).user);
};

/**
 * The caller's own billing settings (spec: accounts §3 "Billing"; the spec names no call, see
 * docs/decisions.md "Billing settings"). There is no id in the path: a user only ever reaches theirs.
 */
export async function billingRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(PATH, { schema: { tags, response: { 200: billingSettingsSchema } } }, async (request, reply) => {
    noStore(reply);
    const { user } = await requireUser(request);
    return readBilling(ctx, user);
  });

  app.put(
    PATH,
    { preValidation: mayBill, schema: { tags, body: billingSettingsBodySchema, response: { 200: billingSettingsSchema } } },
    async (request, reply) => {
      noStore(reply);
      const { user } = await requireUser(request);
      return saveBilling(ctx, user, request.body.billing_settings);
    },
  );
}
