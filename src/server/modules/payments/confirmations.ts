import { and, eq } from 'drizzle-orm';
import type { ConfirmBody, PurchaseResult } from '../../../common/payments.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import { settle, type Buyer, type PaymentsContext } from './purchases.ts';
import type { Payer } from './rejections.ts';
import { transactions } from './schema.ts';
import { WALLET_DECLINED, applyWalletCapture, claimPending, currentTransaction, releasePending, resultOf } from './settlement.ts';

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
    let payment = await ctx.cards.retrieve(row.providerPaymentId);
    // Cancelled at the provider first, so that the bank step left open can no longer take money.
    if (body.abandon && payment.status !== 'succeeded') payment = await ctx.cards.cancel(row.providerPaymentId);
    if (body.abandon && payment.status !== 'succeeded') return resultOf(await releasePending(ctx, row.id, { status: 'incomplete' }));
    return settle(ctx, row.id, payment, payer);
  }
  if (row.provider !== ctx.wallet.name) return resultOf(row);
  // Captured only once approved: an early visit must not spend the capture's request id.
  let order = await ctx.wallet.getOrder(row.providerPaymentId);
  if (!body.abandon && order.status === 'approved') {
    // Claimed first: a release decided meanwhile on what it read before (an expiry, the cancel link) then loses.
    if (!(await claimPending(ctx, row.id))) return resultOf(await currentTransaction(ctx, row.id));
    order = await ctx.wallet.captureOrder(row.providerPaymentId, `capture-${row.id}`);
  }
  if (order.status === 'completed') return resultOf(await applyWalletCapture(ctx, row.id, order));
  if (body.abandon || order.status === 'voided')
    return resultOf(await releasePending(ctx, row.id, { status: 'incomplete' }, { unchangedSince: row.updatedAt }));
  if (order.status === 'failed') {
    const failed = await releasePending(ctx, row.id, WALLET_DECLINED);
    throw new AppError(402, [
      { code: 'wallet_declined', message: WALLET_DECLINED.errorMessage, meta: { transaction_id: String(failed.id) } },
    ]);
  }
  return resultOf(row);
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
