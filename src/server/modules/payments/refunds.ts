import { and, count, eq, notInArray } from 'drizzle-orm';
import type { RefundBlock } from '../../../common/desk-payments.ts';
import { REFUND_WINDOW_DAYS, type Transaction } from '../../../common/payments.ts';
import { Conflict, NotFound, Unavailable } from '../../http/errors.ts';
import { zeroBalances, type Tx } from '../agreements/operations.ts';
import { agreementOperations, agreements } from '../agreements/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { videoRequests } from '../downloads/schema.ts';
import { mailBuyer } from './payment-mail.ts';
import { transactionView } from './history.ts';
import type { PaymentsContext } from './purchases.ts';
import { transactions } from './schema.ts';
import type { TransactionRow } from './settlement.ts';

const DAY_MS = 24 * 3600 * 1000;
const notRefundable = (code: string, message: string) => new Conflict({ code, message });

/**
 * A refund (spec §9: within 14 days of payment if nothing was downloaded; the sales desk may
 * override the rule, the audit log keeping who and why).
 * The transaction is claimed first (succeeded to refunded, one conditional UPDATE), so a refund
 * asked twice, or at once, pays back once; the provider gets a key of its own too. If the provider
 * refuses, the claim is given back. The licence it paid for ends, and the buyer is told the money
 * reaches them in 5 to 15 business days.
 */
export async function refundTransaction(ctx: PaymentsContext, id: number, desk?: DeskRefund): Promise<Transaction> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new NotFound({ code: 'transaction_not_found', message: 'Payment not found' });
  const block = await refundBlockOf(ctx.db, row, now);
  // An override refunds past the rule (the window, a download), never what was not paid.
  if (block && !(desk?.override && OVERRIDABLE.includes(block))) throw notRefundable(block, REFUND_BLOCK_MESSAGES[block]);

  const refunded = await payBack(ctx, row, async (tx, at) => {
    if (row.agreementId !== null) {
      await tx
        .update(agreements)
        .set({ status: 'deactivated', autoRenewal: false, updatedAt: at })
        .where(eq(agreements.id, row.agreementId));
      await zeroBalances(tx, row.agreementId, (kind) => `refund:${id}:${kind}`, at, 'refund');
    }
    await mailBuyer(tx, ctx, row, 'payment_refunded');
    if (desk)
      await recordAudit(
        tx,
        desk.actor,
        {
          action: desk.override && block ? 'transaction.refund_override' : 'transaction.refund',
          subject: 'transaction',
          subjectId: id,
          before: { status: row.status },
          after: { status: 'refunded', overridden: desk.override && block ? block : null, reason: desk.reason || null },
        },
        at,
      );
  });
  return transactionView(refunded);
}

/** A refund asked at the desk: who, and whether past the rule, with the reason the audit log keeps. */
export type DeskRefund = { actor: Actor; override: boolean; reason: string };

const OVERRIDABLE: readonly RefundBlock[] = ['refund_window_passed', 'already_downloaded'];
const REFUND_BLOCK_MESSAGES: Record<RefundBlock, string> = {
  already_refunded: 'This payment is refunded already',
  not_paid: 'Only a paid payment can be refunded',
  refund_window_passed: `A refund is possible within ${REFUND_WINDOW_DAYS} days of payment`,
  already_downloaded: 'Something was downloaded under this licence',
};

/** What the rule says of refunding this payment now (spec §9); null: it may be refunded. */
export async function refundBlockOf(db: PaymentsContext['db'], row: TransactionRow, now: Date): Promise<RefundBlock | null> {
  if (row.status === 'refunded') return 'already_refunded';
  if (row.status !== 'succeeded' || !row.paidAt) return 'not_paid';
  if (now.getTime() - row.paidAt.getTime() > REFUND_WINDOW_DAYS * DAY_MS) return 'refund_window_passed';
  if (row.agreementId !== null) {
    // A balance's download is an operation; a one-off licence's takes none, so its files asked for count too.
    const [[charged], [asked]] = await Promise.all([
      db
        .select({ n: count() })
        .from(agreementOperations)
        .where(and(eq(agreementOperations.agreementId, row.agreementId), eq(agreementOperations.operationType, 'download'))),
      db
        .select({ n: count() })
        .from(videoRequests)
        .where(and(eq(videoRequests.agreementId, row.agreementId), notInArray(videoRequests.state, ['failed', 'cancelled']))),
    ]);
    if ((charged?.n ?? 0) + (asked?.n ?? 0) > 0) return 'already_downloaded';
  }
  return null;
}

/**
 * Pays a paid transaction back through its provider, once: the transaction is claimed first
 * (succeeded to refunded, one conditional UPDATE), so a refund asked twice, or at once, pays back
 * once, and the provider gets a key of its own too (`refund-{id}`). If the provider refuses, the
 * claim is given back. `ended` then does what the refund ends (the licence, the e-mail), in one
 * database transaction. A transaction refunded already is a 409 `already_refunded`.
 */
export async function payBack(
  ctx: PaymentsContext,
  row: TransactionRow,
  ended: (tx: Tx, now: Date) => Promise<void>,
): Promise<TransactionRow> {
  const claimed = await claimRefund(ctx.db, row.id, ctx.clock.now());
  if (!claimed) throw notRefundable('already_refunded', 'This payment is refunded already');
  return refundClaimed(ctx, claimed, ended);
}

/**
 * Claims a paid transaction for its refund (succeeded to refunded, one conditional UPDATE): the
 * claim answers the row to whoever made it, and nothing to the others. Made inside a caller's
 * database transaction, the claim commits with what decided the refund.
 */
export async function claimRefund(db: Tx | PaymentsContext['db'], id: number, now: Date): Promise<TransactionRow | undefined> {
  const [claimed] = await db
    .update(transactions)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'succeeded')))
    .returning();
  return claimed;
}

/** Pays a claimed transaction back through its provider; a refusal gives the claim back (payBack). */
export async function refundClaimed(
  ctx: PaymentsContext,
  claimed: TransactionRow,
  ended: (tx: Tx, now: Date) => Promise<void>,
): Promise<TransactionRow> {
  const now = ctx.clock.now();
  const id = claimed.id;
  const row = claimed;
  const giveBack = async () =>
    ctx.db
      .update(transactions)
      .set({ status: 'succeeded', refundedAt: null, updatedAt: now })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'refunded')));
  let refund: { status: 'succeeded' | 'pending' | 'failed' };
  try {
    refund =
      row.provider === ctx.wallet.name
        ? await ctx.wallet.refund({
            captureId: row.order.capture_id ?? '',
            amountCents: row.amountCents,
            currency: row.currency,
            idempotencyKey: `refund-${id}`,
          })
        : await ctx.cards.refund({ paymentId: row.providerPaymentId ?? '', amountCents: row.amountCents, idempotencyKey: `refund-${id}` });
  } catch (error) {
    await giveBack();
    throw error;
  }
  if (refund.status === 'failed') {
    await giveBack();
    throw new Unavailable({ code: 'refund_refused', message: 'The payment provider refused the refund' });
  }

  await ctx.db.transaction(async (tx) => ended(tx, now));
  ctx.mailer.kick();
  return claimed;
}
