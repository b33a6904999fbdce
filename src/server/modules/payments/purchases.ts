import { and, eq } from 'drizzle-orm';
import type { Currency } from '../../../common/agreement-values.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ConfirmBody, InitiateBody, Product, PurchaseResult } from '../../../common/payments.ts';
import type { Price } from '../../../common/taxes.ts';
import type { ServiceContext } from '../../context.ts';
import { AppError, Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { users } from '../accounts/schema.ts';
import type { CardPayment, CardProvider } from './card-provider.ts';
import { completeTransaction } from './fulfilment.ts';
import { assertMayBuy, billingSnapshotOf, orderFor, priceName, type Order } from './orders.ts';
import { priced, vatOf } from './prices.ts';
import { assertMayPay, clearUserRejections, recordRejection, type Payer } from './rejections.ts';
import { rememberCard, customerOf } from './saved-cards.ts';
import { transactions, type BillingSnapshot } from './schema.ts';
import type { VatRegistry } from './vat-registry.ts';
import type { WalletProvider } from './wallet-provider.ts';

export type PaymentsContext = Pick<ServiceContext, 'db' | 'clock' | 'sessionsEnded' | 'mailer'> & {
  /** Where links in e-mails point (PUBLIC_URL, else this machine). */
  publicOrigin: string;
  cards: CardProvider;
  wallet: WalletProvider;
  registry: VatRegistry;
};

/** Who is buying, and from where: the currency is the site variant's; the wallet returns to `origin`. */
export type Buyer = { user: UserRow; ip: string; currency: Currency; origin: string; locale: Locale };

type TransactionRow = typeof transactions.$inferSelect;

export function resultOf(row: TransactionRow): PurchaseResult {
  const base = {
    transaction_id: row.id,
    kind: row.kind,
    agreement_id: row.agreementId,
    video_project_id: row.videoProjectId,
    plan_id: row.planId,
    client_secret: null,
    payment_intent_id: row.providerPaymentId,
    approve_url: null,
    error: null,
  };
  switch (row.status) {
    case 'succeeded':
    case 'refunded':
      return { ...base, status: 'succeeded' };
    case 'failed':
      return {
        ...base,
        status: 'failed',
        error: { code: row.errorCode ?? 'card_declined', message: row.errorMessage ?? 'Payment failed' },
      };
    case 'incomplete':
      return { ...base, status: 'failed', error: { code: 'payment_incomplete', message: 'The payment was not completed' } };
    case 'pending':
      if (row.clientSecret) return { ...base, status: 'requires_action', client_secret: row.clientSecret };
      if (row.approveUrl) return { ...base, status: 'approval_required', approve_url: row.approveUrl };
      return { ...base, status: 'pending' };
  }
}

/** A refused card: 402 with the spec's card error and the payer's rejection count (spec §4). */
function cardRefused(
  payment: Extract<CardPayment, { status: 'failed' }>,
  transactionId: number,
  counts: Awaited<ReturnType<typeof recordRejection>>,
) {
  return new AppError(402, [
    {
      code: payment.error.code,
      message: payment.error.message,
      meta: {
        transaction_id: String(transactionId),
        rejections: String(counts.count),
        remaining: String(counts.remaining),
        ...(counts.banned_until ? { banned_until: counts.banned_until } : {}),
      },
    },
  ]);
}

async function byKey(ctx: PaymentsContext, userId: number, key: string) {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.idempotencyKey, key)));
  return row;
}

async function quote(ctx: PaymentsContext, order: Order, billing: BillingSnapshot): Promise<Price> {
  const vat = await vatOf(ctx.registry, { countryCode: billing.country_code, vatId: billing.vat_id });
  return priced({ plan: priceName(order), currency: order.currency, netCents: order.netCents, vat });
}

/**
 * The pending transaction, written under the user's row lock after the checks that depend on what
 * the user already holds: a second purchase of the same user waits here, then sees the first.
 */
async function reserve(
  ctx: PaymentsContext,
  input: { user: UserRow; order: Order; price: Price; billing: BillingSnapshot; key: string; provider: TransactionRow['provider'] },
): Promise<{ row: TransactionRow; replay: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.user.id)).for('update');
    const [replayed] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, input.user.id), eq(transactions.idempotencyKey, input.key)));
    if (replayed) return { row: replayed, replay: true };
    await assertMayBuy(tx, input.user, input.order, now);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: input.user.id,
        kind: input.order.kind,
        status: 'pending',
        provider: input.provider,
        idempotencyKey: input.key,
        currency: input.order.currency,
        amountCents: input.price.price_cents,
        netCents: input.price.pure_price_cents,
        vatCents: input.price.tax_value_cents,
        vatRate: input.price.tax,
        vatReason: input.price.vat_reason,
        order: { ...input.order.details, ...(input.order.description ? { description: input.order.description } : {}) },
        billing: input.billing,
        planId: input.order.planId,
        videoProjectId: input.order.videoProjectId,
        agreementId: input.order.agreementId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('the transaction was not written');
    return { row, replay: false };
  });
}

/**
 * What the provider said about a payment, applied to its transaction once: paid creates the
 * agreement; refused marks it failed and, when a person is paying, counts a card rejection.
 */
export async function settle(
  ctx: PaymentsContext,
  transactionId: number,
  payment: CardPayment,
  payer: Payer | null,
): Promise<PurchaseResult> {
  const now = ctx.clock.now();
  const pending = and(eq(transactions.id, transactionId), eq(transactions.status, 'pending'));
  const card = payment.card ? { cardBrand: payment.card.brand, cardLast4: payment.card.last4 } : {};
  switch (payment.status) {
    case 'succeeded': {
      const { row, completedNow } = await completeTransaction(ctx, transactionId, { paymentId: payment.id, card: payment.card });
      if (completedNow) ctx.mailer.kick();
      if (payer && row.status === 'succeeded') await clearUserRejections(ctx, payer.userId);
      return resultOf(row);
    }
    case 'requires_action':
    case 'processing': {
      const secret = payment.status === 'requires_action' ? payment.clientSecret : null;
      const [row] = await ctx.db
        .update(transactions)
        .set({ providerPaymentId: payment.id, clientSecret: secret, updatedAt: now, ...card })
        .where(pending)
        .returning();
      return resultOf(row ?? (await current(ctx, transactionId)));
    }
    case 'failed': {
      const [row] = await ctx.db
        .update(transactions)
        .set({
          status: 'failed',
          errorCode: payment.error.code,
          errorMessage: payment.error.message,
          clientSecret: null,
          updatedAt: now,
          ...(payment.id ? { providerPaymentId: payment.id } : {}),
          ...card,
        })
        .where(pending)
        .returning();
      if (!row) return resultOf(await current(ctx, transactionId));
      if (!payer) return resultOf(row);
      throw cardRefused(payment, row.id, await recordRejection(ctx, payer));
    }
  }
}

async function current(ctx: PaymentsContext, id: number): Promise<TransactionRow> {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error(`transaction ${id} vanished`);
  return row;
}

/** POST /api/current_user/proceed: what a purchase would check and cost, without paying. */
export async function proceed(ctx: PaymentsContext, buyer: Buyer, product: Product): Promise<{ price: Price; ready: true }> {
  await assertMayPay(ctx, { userId: buyer.user.id, ip: buyer.ip });
  const order = await orderFor(ctx.db, buyer.currency, product, buyer.user);
  const billing = await billingSnapshotOf(ctx.db, buyer.user);
  await assertMayBuy(ctx.db, buyer.user, order, ctx.clock.now());
  return { price: await quote(ctx, order, billing), ready: true };
}

/**
 * A purchase (spec §7 Payments: initiate, subscription): checked, priced, written pending, then
 * paid by card at once or sent to the wallet for approval. The same idempotency key answers the
 * same purchase and charges nothing more.
 */
export async function initiatePurchase(ctx: PaymentsContext, buyer: Buyer, body: InitiateBody): Promise<PurchaseResult> {
  const payer: Payer = { userId: buyer.user.id, ip: buyer.ip };
  await assertMayPay(ctx, payer);
  const replayed = await byKey(ctx, buyer.user.id, body.idempotency_key);
  if (replayed) return resultOf(replayed);
  const paymentMethod = body.payment_method;
  if (body.provider === 'card' && !paymentMethod)
    throw new Invalid({ code: 'required', field: 'payment_method', message: 'Enter your card details' });
  const order = await orderFor(ctx.db, buyer.currency, body.product, buyer.user);
  const billing = await billingSnapshotOf(ctx.db, buyer.user);
  const price = await quote(ctx, order, billing);
  const provider = body.provider === 'card' ? ctx.cards.name : ctx.wallet.name;
  const { row, replay } = await reserve(ctx, { user: buyer.user, order, price, billing, key: body.idempotency_key, provider });
  if (replay) return resultOf(row);

  if (body.provider === 'wallet' || !paymentMethod) {
    const processing = `${buyer.origin}/${buyer.locale}/payment-processing?transaction_id=${row.id}`;
    const walletOrder = await ctx.wallet.createOrder({
      amountCents: row.amountCents,
      currency: row.currency,
      description: order.description,
      reference: `txn-${row.id}`,
      idempotencyKey: `txn-${row.id}`,
      returnUrl: processing,
      cancelUrl: `${processing}&cancelled=1`,
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({ providerPaymentId: walletOrder.id, approveUrl: walletOrder.approveUrl, updatedAt: ctx.clock.now() })
      .where(eq(transactions.id, row.id))
      .returning();
    return resultOf(updated ?? row);
  }

  const customer = body.save_card ? await customerOf(ctx, buyer.user) : null;
  const payment = await ctx.cards.charge({
    amountCents: row.amountCents,
    currency: row.currency,
    paymentMethod,
    customer,
    saveCard: body.save_card,
    offSession: false,
    description: order.description,
    idempotencyKey: `txn-${row.id}`,
    metadata: { transaction_id: String(row.id), user_id: String(buyer.user.id) },
  });
  if (body.save_card && payment.status !== 'failed' && payment.card)
    await rememberCard(ctx, buyer.user.id, ctx.cards.name, paymentMethod, payment.card);
  return settle(ctx, row.id, payment, payer);
}

/**
 * After the bank's extra step or the wallet's approval (spec §7 confirm {transaction_id or
 * payment_intent_id}): asks the provider and applies its answer once. `abandon` gives up a payment
 * the buyer left (the wallet's cancel, a closed bank window).
 */
export async function confirmPurchase(
  ctx: PaymentsContext,
  buyer: Buyer,
  body: ConfirmBody & { abandon?: boolean },
): Promise<PurchaseResult> {
  const mine = eq(transactions.userId, buyer.user.id);
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(
      body.transaction_id !== undefined
        ? and(mine, eq(transactions.id, body.transaction_id))
        : and(mine, eq(transactions.providerPaymentId, body.payment_intent_id ?? '')),
    );
  if (!row) throw new NotFound({ code: 'transaction_not_found', message: 'Payment not found' });
  if (row.status !== 'pending' || !row.providerPaymentId) return resultOf(row);
  const payer: Payer = { userId: buyer.user.id, ip: buyer.ip };

  if (row.provider === ctx.cards.name) {
    const payment = await ctx.cards.retrieve(row.providerPaymentId);
    if (body.abandon && payment.status !== 'succeeded') return abandon(ctx, row);
    return settle(ctx, row.id, payment, payer);
  }
  if (row.provider !== ctx.wallet.name) return resultOf(row);
  // Captured only once approved: an early visit must not spend the capture's request id.
  let order = await ctx.wallet.getOrder(row.providerPaymentId);
  if (!body.abandon && order.status === 'approved') order = await ctx.wallet.captureOrder(row.providerPaymentId, `capture-${row.id}`);
  if (order.status === 'completed') {
    const { row: done, completedNow } = await completeTransaction(ctx, row.id, {
      paymentId: null,
      card: null,
      payerEmail: order.payerEmail,
      captureId: order.captureId,
    });
    if (completedNow) ctx.mailer.kick();
    return resultOf(done);
  }
  if (body.abandon || order.status === 'voided') return abandon(ctx, row);
  if (order.status === 'failed') {
    const [failed] = await ctx.db
      .update(transactions)
      .set({ status: 'failed', errorCode: 'wallet_declined', errorMessage: 'The wallet declined the payment', updatedAt: ctx.clock.now() })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')))
      .returning();
    throw new AppError(402, [
      { code: 'wallet_declined', message: 'The wallet declined the payment', meta: { transaction_id: String((failed ?? row).id) } },
    ]);
  }
  return resultOf(row);
}

async function abandon(ctx: PaymentsContext, row: TransactionRow): Promise<PurchaseResult> {
  const [left] = await ctx.db
    .update(transactions)
    .set({ status: 'incomplete', clientSecret: null, updatedAt: ctx.clock.now() })
    .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')))
    .returning();
  return resultOf(left ?? (await current(ctx, row.id)));
}

/**
 * POST /api/current_user/payments (spec §3 "Payment fields"): the buyer is back from the provider
 * with its order id (the wallet) or the payment's client secret (the card's bank step); the
 * purchase it names is confirmed as by confirm.
 */
export async function paymentReturned(
  ctx: PaymentsContext,
  buyer: Buyer,
  body: { client_secret?: string; order_id?: string; payment_approved?: boolean },
): Promise<PurchaseResult> {
  const paymentId = body.order_id ?? (body.client_secret ?? '').split('_secret')[0] ?? '';
  const [row] = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, buyer.user.id), eq(transactions.providerPaymentId, paymentId)));
  if (!row) throw new NotFound({ code: 'transaction_not_found', message: 'Payment not found' });
  return confirmPurchase(ctx, buyer, { transaction_id: row.id, ...(body.payment_approved === false ? { abandon: true } : {}) });
}
