import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  purchaseResultSchema,
  testAuthenticationBodySchema,
  testCardBodySchema,
  testPaymentMethodSchema,
} from '../../../common/payments.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import { requireUser } from '../accounts/auth.ts';
import { CardRefused } from './card-provider.ts';
import { confirmPurchase } from './confirmations.ts';
import type { PaymentsContext } from './purchases.ts';
import { currencyFor } from '../../../common/site.ts';
import type { testCardProvider } from './test-card-provider.ts';
import { testPaymentMethod } from './test-card-provider.ts';
import { transactions } from './schema.ts';

const tags = ['payments'];

/**
 * The built-in test provider's two browser-side steps, which Stripe.js and the bank's page do for
 * Stripe: turning the card form into a payment method, and the extra confirmation step. Mounted
 * only while the test provider is the card provider.
 */
export async function testCardRoutes(
  instance: FastifyInstance,
  { ctx, provider }: { ctx: PaymentsContext; provider: ReturnType<typeof testCardProvider> },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/payments/test_cards/payment_methods',
    { schema: { tags, body: testCardBodySchema, response: { 200: testPaymentMethodSchema } } },
    async (request) => {
      await requireUser(request);
      try {
        return testPaymentMethod(request.body, ctx.clock.now());
      } catch (error) {
        if (error instanceof CardRefused) throw new AppError(402, [{ code: error.code, message: error.message }]);
        throw error;
      }
    },
  );

  // The bank's page: the buyer confirms (or refuses) the payment, then the purchase is confirmed.
  app.post(
    '/api/payments/test_cards/authentications/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().regex(/^pi_test_[0-9a-f]{24}$/) }),
        body: testAuthenticationBodySchema,
        response: { 200: purchaseResultSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const [mine] = await ctx.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.userId, user.id), eq(transactions.providerPaymentId, request.params.id)));
      const payment = mine ? await provider.authenticate(request.params.id, request.body.result) : null;
      if (!payment) throw new NotFound({ code: 'payment_not_found', message: 'Payment not found' });
      return confirmPurchase(
        ctx,
        { user, ip: request.ip, currency: currencyFor(request.siteVariant).code, origin: '', locale: request.locale },
        { payment_intent_id: request.params.id },
      );
    },
  );
}
