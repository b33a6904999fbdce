import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { webhookAnswerSchema } from '../../../common/payments.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import { WebhookSignatureError, type ProviderEvent } from './card-provider.ts';
import { settle, type PaymentsContext } from './purchases.ts';
import { providerEvents, transactions } from './schema.ts';

const badSignature = () => new AppError(400, [{ code: 'invalid_signature', message: 'The webhook signature does not hold' }]);

/**
 * A provider's event about a payment, applied once: an event already recorded is answered and
 * changes nothing; a payment we do not know yet is answered 404 so the provider delivers it again
 * (the charge's answer and its webhook may cross). The transaction itself moves only from pending
 * (purchases.ts settle), so an event racing a confirmation still has one effect.
 */
export async function applyProviderEvent(ctx: PaymentsContext, event: ProviderEvent): Promise<{ received: true; applied: boolean }> {
  const provider = ctx.cards.name;
  const [seen] = await ctx.db
    .select({ id: providerEvents.eventId })
    .from(providerEvents)
    .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, event.id)));
  if (seen) return { received: true, applied: false };
  if (event.payment?.id) {
    const [row] = await ctx.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.provider, provider), eq(transactions.providerPaymentId, event.payment.id)));
    if (!row) throw new NotFound({ code: 'transaction_not_found', message: 'No transaction for this payment yet' });
    await settle(ctx, row.id, event.payment, null);
  }
  const recorded = await ctx.db
    .insert(providerEvents)
    .values({ provider, eventId: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: providerEvents.eventId });
  return { received: true, applied: recorded.length > 0 && event.payment !== null };
}

/**
 * POST /api/payments/stripe/webhooks: Stripe's signed events (STRIPE_WEBHOOK_SECRET; 300 s
 * tolerance). The body is kept as sent, since the signature is over its bytes; this plugin's scope
 * alone reads JSON as text.
 */
export async function webhookRoutes(app: FastifyInstance, { ctx }: { ctx: PaymentsContext }) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/api/payments/stripe/webhooks', { schema: { hide: true, response: { 200: webhookAnswerSchema } } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (!ctx.cards.webhookEvent || typeof signature !== 'string' || typeof request.body !== 'string') throw badSignature();
    let event: ProviderEvent;
    try {
      event = ctx.cards.webhookEvent(request.body, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw badSignature();
      throw error;
    }
    return applyProviderEvent(ctx, event);
  });
}
