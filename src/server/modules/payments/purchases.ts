import { and, eq } from 'drizzle-orm';
import type { Currency } from '../../../common/agreement-values.ts';
import type { Locale } from '../../../common/locales.ts';
import type { InitiateBody, Product, PurchaseResult } from '../../../common/payments.ts';
import type { Price } from '../../../common/taxes.ts';
import type { ServiceContext } from '../../context.ts';
import { AppError, Conflict, Invalid } from '../../http/errors.ts';
import type { PassVerification } from '../../config.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { users } from '../accounts/schema.ts';
import { passPurchaseMode } from '../agreements/service.ts';
import type { CardPayment, CardProvider } from './card-provider.ts';
import { assertMayBuy, billingSnapshotOf, orderFor, priceName, type Order } from './orders.ts';
import { priced, vatOf } from './prices.ts';
import { reconcileTransaction, withinGrace } from './reconciliation.ts';
import { assertMayPay, clearUserRejections, recordRejection, type Payer } from './rejections.ts';
import { rememberCard, customerOf } from './saved-cards.ts';
import { transactions, type BillingSnapshot } from './schema.ts';
import { applyCardPayment, currentTransaction, movedOn, resultOf, type TransactionRow } from './settlement.ts';
import type { VatRegistry } from './vat-registry.ts';
import type { WalletProvider } from './wallet-provider.ts';

export type PaymentsContext = Pick<ServiceContext, 'db' | 'clock' | 'sessionsEnded' | 'mailer'> & {
  /** Where links in e-mails point (PUBLIC_URL, else this machine). */
  publicOrigin: string;
  /** Whether an account's first pass is an application the sales desk verifies (PASS_VERIFICATION). */
  passVerification: PassVerification;
  cards: CardProvider;
  wallet: WalletProvider;
  registry: VatRegistry;
};

/** Who is buying, and from where: the currency is the site variant's; the wallet returns to `origin`. */
export type Buyer = { user: UserRow; ip: string; currency: Currency; origin: string; locale: Locale };

/** Where a purchase stops for good in crash tests (PAYMENT_CRASH_TEST_PAUSES): after its reservation, after the charge. */
export type PausePoint = 'after-reservation' | 'after-charge';

/**
 * What a purchase needs beyond the payments' context: the grace period after which a retry with
 * its key asks the provider rather than paying again (reconciliation.ts) and, in crash tests only,
 * the pause that stops a purchase for good at a point (its promise never settles).
 */
export type PurchaseContext = PaymentsContext & { graceSeconds: number; pause?: (point: PausePoint, key: string) => Promise<void> };

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
    // Decided under the user's lock with the purchase: an account's first pass is applied for.
    const application = input.order.kind === 'pass' && (await passPurchaseMode(tx, input.user, ctx.passVerification)) === 'apply';
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
        order: {
          ...input.order.details,
          ...(input.order.description ? { description: input.order.description } : {}),
          ...(application ? { application: true } : {}),
        },
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
 * What the provider said about a payment, applied to its transaction once (settlement.ts); with a
 * person paying, a refusal that failed the transaction counts a card rejection, and a success clears them.
 */
export async function settle(
  ctx: PaymentsContext,
  transactionId: number,
  payment: CardPayment,
  payer: Payer | null,
): Promise<PurchaseResult> {
  const { row, changed } = await applyCardPayment(ctx, transactionId, payment);
  if (payer && payment.status === 'succeeded' && row.status === 'succeeded') await clearUserRejections(ctx, payer.userId);
  if (payer && payment.status === 'failed' && changed) throw cardRefused(payment, row.id, await recordRejection(ctx, payer));
  return resultOf(row);
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
 * same purchase and charges nothing more; one a crash left unfinished is finished (resume).
 */
export async function initiatePurchase(ctx: PurchaseContext, buyer: Buyer, body: InitiateBody): Promise<PurchaseResult> {
  await assertMayPay(ctx, { userId: buyer.user.id, ip: buyer.ip });
  const replayed = await byKey(ctx, buyer.user.id, body.idempotency_key);
  if (replayed) return resume(ctx, buyer, replayed, body);
  if (body.provider === 'card' && !body.payment_method)
    throw new Invalid({ code: 'required', field: 'payment_method', message: 'Enter your card details' });
  const order = await orderFor(ctx.db, buyer.currency, body.product, buyer.user);
  const billing = await billingSnapshotOf(ctx.db, buyer.user);
  const price = await quote(ctx, order, billing);
  const provider = body.provider === 'card' ? ctx.cards.name : ctx.wallet.name;
  const { row, replay } = await reserve(ctx, { user: buyer.user, order, price, billing, key: body.idempotency_key, provider });
  if (replay) return resume(ctx, buyer, row, body);
  await ctx.pause?.('after-reservation', body.idempotency_key);
  return pay(ctx, buyer, row, body);
}

/**
 * A purchase asked for again with its key (a double click, a retry after an answer lost to a
 * crash): answered as it is once decided, else finished. A card payment the provider has is asked
 * for; one it may not have is paid again with the same provider key while the grace period runs
 * (the provider charges a key once), and after it reconciled as the periodic job would
 * (docs/decisions.md "Payments after a crash"). A wallet order never made is made.
 */
async function resume(ctx: PurchaseContext, buyer: Buyer, row: TransactionRow, body: InitiateBody): Promise<PurchaseResult> {
  if (row.status !== 'pending') return resultOf(row);
  // The crash tests stop a purchase's first run only; its retry finishes it.
  const again = { ...ctx, pause: undefined };
  if (row.provider === ctx.cards.name) {
    const payer: Payer = { userId: buyer.user.id, ip: buyer.ip };
    if (row.providerPaymentId) return settle(ctx, row.id, await ctx.cards.retrieve(row.providerPaymentId), payer);
    if (!withinGrace(ctx, row)) return resultOf(await reconcileTransaction(ctx, row));
    return body.payment_method ? pay(again, buyer, row, body) : resultOf(row);
  }
  if (row.provider === ctx.wallet.name && !row.providerPaymentId) return pay(again, buyer, row, body);
  return resultOf(row);
}

/**
 * Pays a reserved transaction: a wallet order for the buyer to approve, or the card charged at
 * once. Safe to run again for the same transaction: the provider gets the transaction's own key
 * (`txn-{id}`), so it makes one order and takes the money once.
 */
async function pay(ctx: PurchaseContext, buyer: Buyer, row: TransactionRow, body: InitiateBody): Promise<PurchaseResult> {
  const description = row.order.description ?? '';
  if (row.provider === ctx.wallet.name) {
    const processing = `${buyer.origin}/${buyer.locale}/payment-processing?transaction_id=${row.id}`;
    const walletOrder = await ctx.wallet.createOrder({
      amountCents: row.amountCents,
      currency: row.currency,
      description,
      reference: `txn-${row.id}`,
      idempotencyKey: `txn-${row.id}`,
      returnUrl: processing,
      cancelUrl: `${processing}&cancelled=1`,
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({ providerPaymentId: walletOrder.id, approveUrl: walletOrder.approveUrl, updatedAt: movedOn(ctx.clock) })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')))
      .returning();
    return resultOf(updated ?? (await currentTransaction(ctx, row.id)));
  }

  const paymentMethod = body.payment_method;
  if (row.provider !== ctx.cards.name || !paymentMethod) return resultOf(row);
  const customer = body.save_card ? await customerOf(ctx, buyer.user) : null;
  let payment: CardPayment;
  try {
    payment = await ctx.cards.charge({
      amountCents: row.amountCents,
      currency: row.currency,
      paymentMethod,
      customer,
      saveCard: body.save_card,
      offSession: false,
      description,
      idempotencyKey: `txn-${row.id}`,
      metadata: { transaction_id: String(row.id), user_id: String(buyer.user.id) },
    });
  } catch (error) {
    // The provider saw the key with other details: a key voided by the reconciliation (the
    // transaction is decided, and says how), or a retry with another card (refused as it is).
    const now = error instanceof Conflict ? await currentTransaction(ctx, row.id) : null;
    if (now && now.status !== 'pending') return resultOf(now);
    throw error;
  }
  await ctx.pause?.('after-charge', body.idempotency_key);
  if (body.save_card && payment.status !== 'failed' && payment.card)
    await rememberCard(ctx, buyer.user.id, ctx.cards.name, paymentMethod, payment.card);
  return settle(ctx, row.id, payment, { userId: buyer.user.id, ip: buyer.ip });
}
