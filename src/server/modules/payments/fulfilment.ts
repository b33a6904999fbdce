import { and, eq, sql } from 'drizzle-orm';
import { PASS_POOL_ITEMS_PER_MONTH, type Currency } from '../../../common/agreement-values.ts';
import { ONE_OFF_ARCHIVAL_DAYS } from '../../../common/payment-values.ts';
import { PASS_MINIMUM_TERM_MONTHS } from '../../../common/plan-values.ts';
import type { ServiceContext } from '../../context.ts';
import { openBalance, recordOperation, type Tx } from '../agreements/operations.ts';
import { agreements } from '../agreements/schema.ts';
import type { CardSummary } from './card-provider.ts';
import { transactions } from './schema.ts';
import { mailBuyer } from './payment-mail.ts';

type TransactionRow = typeof transactions.$inferSelect;

/** What one more pool item costs a pass holder once the month's ten are used (spec §9, net). */
export const PASS_TOP_UP_CENTS: Record<Currency, number> = { EUR: 2_500, RUB: 250_000 };

const DAY_MS = 24 * 3600 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * Spec §9: an active pass with 10 pool items a month, auto-renewal on, the licensed platforms. An
 * application (an account's first pass) waits in `processing` with no term, balance or invoice
 * until the sales desk approves it (pass-applications.ts): it grants nothing meanwhile.
 */
async function createPass(tx: Tx, row: TransactionRow, now: Date): Promise<{ id: number; periodEnd: Date | null }> {
  if (row.order.application) {
    const [application] = await tx
      .insert(agreements)
      .values({
        userId: row.userId,
        agreementType: 'pass',
        status: 'processing',
        liveAccess: false,
        vodAccess: true,
        access: 'video',
        billingPeriod: 'year',
        durationValue: PASS_MINIMUM_TERM_MONTHS,
        durationUnit: 'months',
        autoRenewal: true,
        renewalMonths: PASS_MINIMUM_TERM_MONTHS,
        nextInvoiceCents: row.amountCents,
        topUpPriceCents: PASS_TOP_UP_CENTS[row.currency],
        currency: row.currency,
        platformUrls: row.order.platform_urls ?? [],
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: agreements.id });
    if (!application) throw new Error('the pass application was not created');
    return { id: application.id, periodEnd: null };
  }
  return grantPass(tx, row, now);
}

/** The pass's term from `now`: active, its pool balance opened, the next invoice a term later. */
async function grantPass(tx: Tx, row: TransactionRow, now: Date): Promise<{ id: number; periodEnd: Date }> {
  const validTill = addMonths(now, PASS_MINIMUM_TERM_MONTHS);
  const [agreement] = await tx
    .insert(agreements)
    .values({
      userId: row.userId,
      agreementType: 'pass',
      status: 'active',
      liveAccess: false,
      vodAccess: true,
      access: 'video',
      billingPeriod: 'year',
      durationValue: PASS_MINIMUM_TERM_MONTHS,
      durationUnit: 'months',
      startDate: day(now),
      validTill,
      autoRenewal: true,
      renewalMonths: PASS_MINIMUM_TERM_MONTHS,
      nextInvoiceDate: day(validTill),
      nextInvoiceCents: row.amountCents,
      topUpPriceCents: PASS_TOP_UP_CENTS[row.currency],
      currency: row.currency,
      platformUrls: row.order.platform_urls ?? [],
      acceptedAt: now,
      acceptedBy: row.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: agreements.id });
  if (!agreement) throw new Error('the pass agreement was not created');
  await openBalance(tx, {
    agreementId: agreement.id,
    kind: 'pool',
    amount: PASS_POOL_ITEMS_PER_MONTH,
    refillAmount: PASS_POOL_ITEMS_PER_MONTH,
    at: now,
    userId: row.userId,
  });
  return { id: agreement.id, periodEnd: validTill };
}

/** Spec §9: a one-off licence covers one video, with archival rights of 7 days. */
async function createOneOff(tx: Tx, row: TransactionRow, now: Date): Promise<{ id: number; periodEnd: Date }> {
  const validTill = new Date(now.getTime() + ONE_OFF_ARCHIVAL_DAYS * DAY_MS);
  const [agreement] = await tx
    .insert(agreements)
    .values({
      userId: row.userId,
      agreementType: 'one_off',
      status: 'active',
      liveAccess: false,
      vodAccess: true,
      access: 'video',
      archivalDays: ONE_OFF_ARCHIVAL_DAYS,
      durationValue: ONE_OFF_ARCHIVAL_DAYS,
      durationUnit: 'days',
      startDate: day(now),
      validTill,
      currency: row.currency,
      videoProjectId: row.videoProjectId,
      acceptedAt: now,
      acceptedBy: row.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: agreements.id });
  if (!agreement) throw new Error('the one-off agreement was not created');
  const kind = row.order.content_kind ?? 'standard';
  await openBalance(tx, { agreementId: agreement.id, kind, amount: 0, refillAmount: null, validTill, at: now, userId: row.userId });
  // The licence is the purchase itself: one item bought, which its download draws on.
  await recordOperation(tx, {
    agreementId: agreement.id,
    kind,
    type: 'purchase',
    amount: 1,
    userId: row.userId,
    videoProjectId: row.videoProjectId,
    key: `purchase:${row.id}`,
    at: now,
  });
  return { id: agreement.id, periodEnd: validTill };
}

/** A renewal: the pass runs another term from its valid-till, active again, with the next invoice a term later. */
async function extendPass(tx: Tx, row: TransactionRow, now: Date): Promise<{ id: number; periodEnd: Date }> {
  const [pass] = await tx
    .select()
    .from(agreements)
    .where(eq(agreements.id, row.agreementId ?? 0))
    .for('update');
  if (!pass) throw new Error(`renewal ${row.id} names no agreement`);
  const months = pass.renewalMonths ?? PASS_MINIMUM_TERM_MONTHS;
  // The term runs on from where it ended, so the renewal dates stay where they were.
  const from = pass.validTill ?? now;
  const validTill = addMonths(from, months);
  await tx
    .update(agreements)
    .set({ status: 'active', validTill, nextInvoiceDate: day(validTill), updatedAt: now })
    .where(eq(agreements.id, pass.id));
  return { id: pass.id, periodEnd: validTill };
}

/** Spec §9: the items bought land on the agreement's balance of their kind at once. */
async function topUp(tx: Tx, row: TransactionRow, now: Date): Promise<{ id: number; periodEnd: Date }> {
  const [agreement] = await tx
    .select()
    .from(agreements)
    .where(eq(agreements.id, row.agreementId ?? 0));
  if (!agreement) throw new Error(`top-up ${row.id} names no agreement`);
  await recordOperation(tx, {
    agreementId: agreement.id,
    kind: row.order.content_kind ?? 'pool',
    type: 'top_up',
    amount: row.order.quantity ?? 1,
    userId: row.userId,
    key: `top_up:${row.id}`,
    at: now,
  });
  return { id: agreement.id, periodEnd: agreement.validTill ?? now };
}

/**
 * A paid transaction: pending becomes succeeded in one conditional UPDATE, and only the call that
 * made that change creates the agreement, in the same database transaction. However many
 * confirmations, webhooks and replays arrive, at once or later, there is one agreement. Answers
 * the transaction as it is afterwards.
 */
export async function completeTransaction(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'mailer'> & { publicOrigin: string },
  transactionId: number,
  paid: { paymentId: string | null; card: CardSummary | null; payerEmail?: string | null; captureId?: string | null },
): Promise<{ row: TransactionRow; completedNow: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({
        status: 'succeeded',
        paidAt: now,
        updatedAt: now,
        clientSecret: null,
        ...(paid.paymentId ? { providerPaymentId: paid.paymentId } : {}),
        ...(paid.card ? { cardBrand: paid.card.brand, cardLast4: paid.card.last4 } : {}),
        ...(paid.payerEmail || paid.captureId
          ? {
              order: sql`${transactions.order} || ${JSON.stringify({
                ...(paid.payerEmail ? { payer_email: paid.payerEmail } : {}),
                ...(paid.captureId ? { capture_id: paid.captureId } : {}),
              })}::jsonb`,
            }
          : {}),
        receiptNumber: sql`'NR-' || ${now.getUTCFullYear()} || '-' || lpad(${transactions.id}::text, 6, '0')`,
      })
      .where(and(eq(transactions.id, transactionId), eq(transactions.status, 'pending')))
      .returning();
    if (!row) {
      const [current] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
      if (!current) throw new Error(`transaction ${transactionId} vanished`);
      return { row: current, completedNow: false };
    }
    const agreement =
      row.kind === 'renewal'
        ? await extendPass(tx, row, now)
        : row.kind === 'top_up'
          ? await topUp(tx, row, now)
          : row.kind === 'pass'
            ? await createPass(tx, row, now)
            : await createOneOff(tx, row, now);
    // An application's period starts when it is approved (pass-applications.ts).
    const [done] = await tx
      .update(transactions)
      .set({
        agreementId: agreement.id,
        periodStart: agreement.periodEnd ? day(now) : null,
        periodEnd: agreement.periodEnd ? day(agreement.periodEnd) : null,
      })
      .where(eq(transactions.id, row.id))
      .returning();
    if (row.kind === 'pass' && row.order.application) await mailBuyer(tx, ctx, row, 'pass_application_received', '/user/plan-details');
    else await mailBuyer(tx, ctx, row, 'payment_succeeded', `/user/purchase-history/${row.id}`);
    return { row: done ?? row, completedNow: true };
  });
}
