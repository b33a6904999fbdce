import { and, eq, sql } from 'drizzle-orm';
import type { PurchaseResult } from '../../../common/payments.ts';
import type { Clock, ServiceContext } from '../../context.ts';
import type { CardPayment } from './card-provider.ts';
import { completeTransaction } from './fulfilment.ts';
import { transactions } from './schema.ts';
import type { WalletOrder } from './wallet-provider.ts';

/**
 * How a pending transaction ends, whoever ends it: the purchase's own request, a confirmation, a
 * webhook, a retry with its key or the reconciliation after a crash. Every change is conditional
 * on the transaction still being pending, so the first answer applied is the only one.
 */

export type TransactionRow = typeof transactions.$inferSelect;
export type SettleContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer'> & { publicOrigin: string };

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
    verification: row.order.application === true,
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

export async function currentTransaction(ctx: Pick<ServiceContext, 'db'>, id: number): Promise<TransactionRow> {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error(`transaction ${id} vanished`);
  return row;
}

const pendingOne = (id: number) => and(eq(transactions.id, id), eq(transactions.status, 'pending'));

/**
 * What the card provider said about a payment, applied once: paid creates the agreement (and
 * queues the receipt); waiting keeps the payment's id and the bank step's secret; refused marks the
 * transaction failed. `changed`: this call moved the transaction out of pending.
 */
export async function applyCardPayment(
  ctx: SettleContext,
  transactionId: number,
  payment: CardPayment,
): Promise<{ row: TransactionRow; changed: boolean }> {
  const now = ctx.clock.now();
  const card = payment.card ? { cardBrand: payment.card.brand, cardLast4: payment.card.last4 } : {};
  switch (payment.status) {
    case 'succeeded': {
      const { row, completedNow } = await completeTransaction(ctx, transactionId, { paymentId: payment.id, card: payment.card });
      if (completedNow) ctx.mailer.kick();
      return { row, changed: completedNow };
    }
    case 'requires_action':
    case 'processing': {
      const secret = payment.status === 'requires_action' ? payment.clientSecret : null;
      const [row] = await ctx.db
        .update(transactions)
        .set({ providerPaymentId: payment.id, clientSecret: secret, updatedAt: now, ...card })
        .where(pendingOne(transactionId))
        .returning();
      return { row: row ?? (await currentTransaction(ctx, transactionId)), changed: false };
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
        .where(pendingOne(transactionId))
        .returning();
      return row ? { row, changed: true } : { row: await currentTransaction(ctx, transactionId), changed: false };
    }
  }
}

/** A wallet order the wallet says is captured: the transaction completes once, with the payer and the capture. */
export async function applyWalletCapture(ctx: SettleContext, transactionId: number, order: WalletOrder): Promise<TransactionRow> {
  const { row, completedNow } = await completeTransaction(ctx, transactionId, {
    paymentId: null,
    card: null,
    payerEmail: order.payerEmail,
    captureId: order.captureId,
  });
  if (completedNow) ctx.mailer.kick();
  return row;
}

/**
 * The next updated_at of a transaction: now, but always later than before, so that a change
 * claimed in the same millisecond as the last one is still seen (releasePending's `unchangedSince`).
 */
export const movedOn = (clock: Clock) =>
  sql`greatest(${clock.now().toISOString()}::timestamptz, ${transactions.updatedAt} + interval '1 millisecond')`;

/**
 * Claims a pending transaction before a step that takes money at the wallet (a capture): its
 * updated_at moves on, so a release decided on what was read before the claim no longer happens.
 * Null when the transaction is pending no more.
 */
export async function claimPending(ctx: Pick<ServiceContext, 'db' | 'clock'>, transactionId: number): Promise<TransactionRow | null> {
  const [row] = await ctx.db
    .update(transactions)
    .set({ updatedAt: movedOn(ctx.clock) })
    .where(pendingOne(transactionId))
    .returning();
  return row ?? null;
}

/** What a wallet's refusal at capture leaves on the transaction. */
export const WALLET_DECLINED = {
  status: 'failed',
  errorCode: 'wallet_declined',
  errorMessage: 'The wallet declined the payment',
} as const;

/**
 * Ends a pending transaction unpaid (`incomplete`: the buyer left it or it expired; `failed` with a
 * reason). With `unchangedSince`, only if nothing claimed it since it was read then: a capture
 * claimed in between wins. Answers the transaction as it is afterwards.
 */
export async function releasePending(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  transactionId: number,
  outcome: { status: 'incomplete' } | { status: 'failed'; errorCode: string; errorMessage: string },
  options: { unchangedSince?: Date } = {},
): Promise<TransactionRow> {
  const unchanged = options.unchangedSince ? eq(transactions.updatedAt, options.unchangedSince) : undefined;
  const [row] = await ctx.db
    .update(transactions)
    .set({ ...outcome, clientSecret: null, updatedAt: movedOn(ctx.clock) })
    .where(and(pendingOne(transactionId), unchanged))
    .returning();
  return row ?? (await currentTransaction(ctx, transactionId));
}
