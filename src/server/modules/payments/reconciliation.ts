import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { DEFAULT_PAYMENT_GRACE_SECONDS } from '../../config.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import { NotFound } from '../../http/errors.ts';
import type { CardPayment, CardProvider } from './card-provider.ts';
import { transactions } from './schema.ts';
import {
  WALLET_DECLINED,
  applyCardPayment,
  applyWalletCapture,
  claimPending,
  currentTransaction,
  movedOn,
  releasePending,
  type SettleContext,
  type TransactionRow,
} from './settlement.ts';
import type { WalletOrder, WalletProvider } from './wallet-provider.ts';

/**
 * Pending transactions a crash left behind (a process killed between the reservation, the charge
 * and the settlement), asked about at their provider at start-up (main.ts) and every minute (the
 * job below), then completed once (completeTransaction) or released. Only transactions untouched
 * for the grace period are looked at, so a purchase still being paid by a live request is left to
 * it; even so, "the provider never saw it" is decided at the provider itself (findOrVoid spends the
 * key), so a charge still on its way can no longer take money. docs/decisions.md "Payments after a crash".
 */

/** A 3-D Secure step is left to the buyer this long, then cancelled (Stripe itself never expires one). */
export const BANK_STEP_HOURS = 24;
/** A wallet order waits this long for the buyer's approval: PayPal lets an unapproved order expire 3 hours after it was made. */
export const WALLET_APPROVAL_HOURS = 3;
/** Transactions looked at in one run, the longest untouched first. */
const BATCH = 100;
const HOUR_MS = 3600 * 1000;

export type ReconcileContext = SettleContext & {
  cards: CardProvider;
  /** Null where no wallet is configured (tests of card payments alone). */
  wallet: WalletProvider | null;
  graceSeconds: number;
};

/** What a card charge the provider never saw leaves on its transaction: failed, nothing taken, buy again. */
const NEVER_CHARGED: CardPayment = {
  status: 'failed',
  id: null,
  card: null,
  error: { code: 'processing_error', message: 'The purchase was interrupted before the card was charged; nothing was taken. Try again' },
};

export const withinGrace = (ctx: Pick<ReconcileContext, 'clock' | 'graceSeconds'>, row: TransactionRow) =>
  ctx.clock.now().getTime() - row.updatedAt.getTime() < ctx.graceSeconds * 1000;

const olderThan = (ctx: Pick<ReconcileContext, 'clock'>, row: TransactionRow, hours: number) =>
  ctx.clock.now().getTime() - row.createdAt.getTime() >= hours * HOUR_MS;

/** The key the card provider was given: the transaction's own; a renewal is charged with its idempotency key (renewals.ts). */
const providerKeyOf = (row: TransactionRow) => (row.kind === 'renewal' ? row.idempotencyKey : `txn-${row.id}`);

async function reconcileCard(ctx: ReconcileContext, row: TransactionRow): Promise<TransactionRow> {
  if (!row.providerPaymentId) {
    const payment = await ctx.cards.findOrVoid({
      idempotencyKey: providerKeyOf(row),
      amountCents: row.amountCents,
      currency: row.currency,
      metadata: { transaction_id: String(row.id) },
      since: row.createdAt,
    });
    return (await applyCardPayment(ctx, row.id, payment ?? NEVER_CHARGED)).row;
  }
  let payment = await ctx.cards.retrieve(row.providerPaymentId);
  if (payment.status === 'requires_action' && olderThan(ctx, row, BANK_STEP_HOURS)) {
    // Cancelled at the provider first: a bank step answered at this moment either paid (and is
    // fulfilled) or can no longer take money.
    payment = await ctx.cards.cancel(row.providerPaymentId);
    if (payment.status !== 'succeeded') return releasePending(ctx, row.id, { status: 'incomplete' });
  }
  return (await applyCardPayment(ctx, row.id, payment)).row;
}

async function reconcileWallet(ctx: ReconcileContext, wallet: WalletProvider, row: TransactionRow): Promise<TransactionRow> {
  const release = () => releasePending(ctx, row.id, { status: 'incomplete' }, { unchangedSince: row.updatedAt });
  // Without an order the buyer never had the wallet's page (the answer carrying it comes after the id is kept).
  if (!row.providerPaymentId) return release();
  let order: WalletOrder;
  try {
    order = await wallet.getOrder(row.providerPaymentId);
  } catch (error) {
    // Gone at the wallet (expired): nothing was captured.
    if (error instanceof NotFound) return release();
    throw error;
  }
  if (order.status === 'approved') {
    // The buyer approved and the confirmation never came: capturing is what they asked for.
    if (!(await claimPending(ctx, row.id))) return currentTransaction(ctx, row.id);
    order = await wallet.captureOrder(row.providerPaymentId, `capture-${row.id}`);
  }
  switch (order.status) {
    case 'completed':
      return applyWalletCapture(ctx, row.id, order);
    case 'failed':
      return releasePending(ctx, row.id, WALLET_DECLINED);
    case 'voided':
      return release();
    case 'created':
      return olderThan(ctx, row, WALLET_APPROVAL_HOURS) ? release() : row;
    case 'approved':
      return currentTransaction(ctx, row.id);
  }
}

/** One pending transaction asked about at its provider and decided if the provider has decided. */
export async function reconcileTransaction(ctx: ReconcileContext, row: TransactionRow): Promise<TransactionRow> {
  if (row.status !== 'pending') return row;
  if (row.provider === ctx.cards.name) return reconcileCard(ctx, row);
  if (ctx.wallet && row.provider === ctx.wallet.name) return reconcileWallet(ctx, ctx.wallet, row);
  return row;
}

/**
 * One pass: the pending transactions untouched for the grace period are claimed in one statement
 * (their updated_at moves on), so two passes at once, in one process or two, take different ones,
 * and one still waiting for its buyer is looked at again a grace period later. A provider that
 * does not answer leaves its transactions for the next pass, and fails the pass so it is logged.
 */
export async function reconcilePayments(
  ctx: ReconcileContext,
): Promise<{ completed: number; released: number; waiting: number; unanswered: number }> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.graceSeconds * 1000);
  const providers = [ctx.cards.name, ...(ctx.wallet ? [ctx.wallet.name] : [])];
  const due = ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, 'pending'), inArray(transactions.provider, providers), lte(transactions.updatedAt, cutoff)))
    .orderBy(asc(transactions.updatedAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(transactions)
    .set({ updatedAt: movedOn(ctx.clock) })
    .where(and(inArray(transactions.id, due), eq(transactions.status, 'pending')))
    .returning();

  const counts = { completed: 0, released: 0, waiting: 0, unanswered: 0 };
  let firstError: unknown;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const after = await reconcileTransaction(ctx, row);
      if (after.status === 'pending') counts.waiting += 1;
      else if (after.status === 'succeeded' || after.status === 'refunded') counts.completed += 1;
      else counts.released += 1;
    } catch (error) {
      counts.unanswered += 1;
      firstError ??= error;
    }
  }
  if (firstError)
    throw new Error(`${counts.unanswered} pending payments could not be reconciled: ${JSON.stringify(counts)}`, { cause: firstError });
  return counts;
}

/** Every minute, wherever jobs are worked; the API also runs a pass at start-up (main.ts). */
export const reconcileJob: JobDefinition = {
  queue: 'payments.reconcile-payments',
  schedule: '* * * * *',
  expireInSeconds: 300,
  run: (deps) =>
    reconcilePayments({
      ...deps,
      wallet: deps.payments?.wallet ?? null,
      graceSeconds: deps.payments?.graceSeconds ?? DEFAULT_PAYMENT_GRACE_SECONDS,
    }),
};
