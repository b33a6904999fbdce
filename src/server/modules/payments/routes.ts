import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmBodySchema,
  deletePaymentMethodBodySchema,
  initiateBodySchema,
  paymentConfigSchema,
  paymentReturnBodySchema,
  pricesQuerySchema,
  proceedBodySchema,
  proceedResultSchema,
  purchaseResultSchema,
  receiptSchema,
  rejectionCountSchema,
  savedCardsSchema,
  savePaymentMethodBodySchema,
  subscriptionBodySchema,
  transactionSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
  walletSubscriptionBodySchema,
} from '../../../common/payments.ts';
import { priceSchema } from '../../../common/taxes.ts';
import { currencyFor } from '../../../common/site.ts';
import { zod } from '../../../common/validators.ts';
import type { Config } from '../../config.ts';
import { appBaseUrl } from '../../http/app-url.ts';
import { Forbidden } from '../../http/errors.ts';
import { requireAdminRole, requireUser } from '../accounts/auth.ts';
import { refundTransaction } from './refunds.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { listTransactions, receiptOf } from './history.ts';
import { crashTestPause } from './crash-test-pause.ts';
import { confirmPurchase, paymentReturned } from './confirmations.ts';
import { initiatePurchase, proceed, type Buyer, type PaymentsContext, type PurchaseContext } from './purchases.ts';
import { priceFor } from './quotes.ts';
import { rejectionCount } from './rejections.ts';
import { addCard, removeCard, savedCards } from './saved-cards.ts';

const tags = ['payments'];
const PAYMENTS = '/api/current_user/payments';

/** Spec §6: a client has no billing settings or purchase history. */
function notClient(user: UserRow) {
  if (user.userGroup === 'client') throw new Forbidden({ code: 'forbidden', message: 'Not available for your account' });
}

/** Spec §7 Payments: checkout, confirmations, history, receipts and saved cards. */
export async function paymentRoutes(instance: FastifyInstance, { ctx, config }: { ctx: PaymentsContext; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // A purchase also knows when a retry with its key stops paying again, and where crash tests stop it.
  const purchases: PurchaseContext = {
    ...ctx,
    graceSeconds: config.payments.graceSeconds,
    ...(config.payments.crashTestPauses ? { pause: crashTestPause } : {}),
  };
  const buyer = async (request: FastifyRequest): Promise<Buyer> => {
    const { user } = await requireUser(request);
    return {
      user,
      ip: request.ip,
      currency: currencyFor(request.siteVariant).code,
      origin: appBaseUrl(config, request),
      locale: request.locale,
    };
  };

  app.get('/api/payments/config', { schema: { tags, response: { 200: paymentConfigSchema } } }, async () => ({
    card: ctx.cards.browserConfig,
    wallet: ctx.wallet.name,
  }));

  app.get(`${PAYMENTS}/prices`, { schema: { tags, querystring: pricesQuerySchema, response: { 200: priceSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return priceFor(ctx, { user, currency: currencyFor(request.siteVariant).code }, request.query);
  });
  app.get(
    '/api/current_guest/payments/prices',
    { schema: { tags, querystring: pricesQuerySchema, response: { 200: priceSchema } } },
    async (request) => priceFor(ctx, { user: null, currency: currencyFor(request.siteVariant).code }, request.query),
  );
  app.get(
    `${PAYMENTS}/plans/:id`,
    { schema: { tags, params: z.object({ id: zod.requiredText(60) }), response: { 200: priceSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return priceFor(ctx, { user, currency: currencyFor(request.siteVariant).code }, { plan: request.params.id });
    },
  );

  app.post(
    '/api/current_user/proceed',
    { schema: { tags, body: proceedBodySchema, response: { 200: proceedResultSchema } } },
    async (request) => proceed(ctx, await buyer(request), request.body.product),
  );

  app.post(
    `${PAYMENTS}/initiate`,
    { schema: { tags, body: initiateBodySchema, response: { 200: purchaseResultSchema } } },
    async (request) => initiatePurchase(purchases, await buyer(request), request.body),
  );
  // The pass by card (spec §7 "subscription"): the same purchase as initiate.
  app.post(
    `${PAYMENTS}/subscription`,
    { schema: { tags, body: subscriptionBodySchema, response: { 200: purchaseResultSchema } } },
    async (request) => {
      const { subscription, ...rest } = request.body;
      return initiatePurchase(purchases, await buyer(request), { ...rest, provider: 'card', product: { type: 'pass', subscription } });
    },
  );
  app.post(
    `${PAYMENTS}/confirm`,
    {
      schema: { tags, body: confirmBodySchema.and(z.object({ abandon: z.boolean().optional() })), response: { 200: purchaseResultSchema } },
    },
    async (request) => confirmPurchase(ctx, await buyer(request), request.body),
  );

  // The buyer back from the provider (spec §7 POST /api/current_user/payments).
  app.post(PAYMENTS, { schema: { tags, body: paymentReturnBodySchema, response: { 200: purchaseResultSchema } } }, async (request) =>
    paymentReturned(ctx, await buyer(request), request.body),
  );

  // The pass by the online wallet (spec §7 paypal_subscriptions): the same purchase as initiate and confirm.
  app.post(
    '/api/current_user/paypal_subscriptions/proceed',
    { schema: { tags, body: walletSubscriptionBodySchema, response: { 200: purchaseResultSchema } } },
    async (request) => {
      const { subscription, ...rest } = request.body;
      return initiatePurchase(purchases, await buyer(request), {
        ...rest,
        provider: 'wallet',
        save_card: false,
        product: { type: 'pass', subscription },
      });
    },
  );
  app.post(
    '/api/current_user/paypal_subscriptions/pay',
    { schema: { tags, body: confirmBodySchema, response: { 200: purchaseResultSchema } } },
    async (request) => confirmPurchase(ctx, await buyer(request), request.body),
  );

  app.get(`${PAYMENTS}/rejections`, { schema: { tags, response: { 200: rejectionCountSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return rejectionCount(ctx, { userId: user.id, ip: request.ip });
  });

  app.get(
    `${PAYMENTS}/transactions`,
    { schema: { tags, querystring: transactionsQuerySchema, response: { 200: transactionsPageSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      notClient(user);
      return listTransactions(ctx.db, user.id, request.query.page);
    },
  );
  app.get(
    `${PAYMENTS}/transactions/:id/receipt`,
    { schema: { tags, params: z.object({ id: zod.idParam() }), response: { 200: receiptSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return receiptOf(ctx.db, user, request.params.id);
    },
  );

  // Spec §9: refunds within 14 days when nothing was downloaded; an admin call for now (issue).
  app.post(
    '/api/admin/payments/transactions/:id/refunds',
    {
      // Before the input is validated, so only the sales desk learns what a valid refund is.
      preValidation: async (request) => {
        await requireAdminRole(request, 'sales');
      },
      schema: { tags, params: z.object({ id: zod.idParam() }), response: { 200: transactionSchema } },
    },
    async (request) => refundTransaction(ctx, request.params.id),
  );

  app.get(`${PAYMENTS}/payment_methods`, { schema: { tags, response: { 200: savedCardsSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { payment_methods: await savedCards(ctx, user.id) };
  });
  app.post(
    `${PAYMENTS}/payment_methods`,
    { schema: { tags, body: savePaymentMethodBodySchema, response: { 200: savedCardsSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      notClient(user);
      return { payment_methods: await addCard(ctx, { user, userId: user.id, ip: request.ip }, request.body.payment_method) };
    },
  );
  app.delete(
    `${PAYMENTS}/payment_methods`,
    { schema: { tags, body: deletePaymentMethodBodySchema, response: { 200: savedCardsSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { payment_methods: await removeCard(ctx, user, request.body.payment_method) };
    },
  );
}
