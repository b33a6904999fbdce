import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PASS_POOL_ITEMS_PER_MONTH } from '../../../common/agreement-values.ts';
import type { PassApplication } from '../../../common/pass-applications.ts';
import { PASS_MINIMUM_TERM_MONTHS } from '../../../common/plan-values.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { openBalance, type Tx } from '../agreements/operations.ts';
import { agreements } from '../agreements/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { addMonths } from './fulfilment.ts';
import { mailBuyer } from './payment-mail.ts';
import type { PaymentsContext } from './purchases.ts';
import { claimRefund, refundClaimed } from './refunds.ts';
import { transactions } from './schema.ts';

/**
 * Pass applications (docs/decisions.md "Applying for a pass (issue 25)"; spec accounts §4: order
 * verification "leads to approved or failed to qualify (order cancelled, refund 5-15 business
 * days)"). An account's first pass is paid and waits in `processing`; the sales desk approves it
 * (the pass is active and its term starts then) or declines it with a reason (failed to qualify:
 * the payment is refunded through its provider). Each decision is taken under the agreement's row
 * lock, once, and written to the audit log.
 */

type AgreementRow = typeof agreements.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

const day = (date: Date) => date.toISOString().slice(0, 10);
/** How many decided applications the desk's list shows after the waiting ones. */
const DECIDED_SHOWN = 100;
/** The waiting ones, all of them in practice (verification takes hours, not weeks). */
const WAITING_SHOWN = 500;

const notFound = () => new NotFound({ code: 'pass_application_not_found', message: 'Pass application not found' });
const decided = () => new Conflict({ code: 'pass_application_decided', message: 'This pass application has been decided' });

/** An application: a pass that waits in verification, or one the desk decided. */
const isApplication = (row: AgreementRow) => row.agreementType === 'pass' && (row.status === 'processing' || row.verifiedAt !== null);

async function lockedApplication(tx: Tx, id: number): Promise<AgreementRow> {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  if (!row || !isApplication(row)) throw notFound();
  return row;
}

/** The payment of an application: the pass transaction that created it. */
async function paymentOf(tx: Tx, agreementId: number): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.agreementId, agreementId), eq(transactions.kind, 'pass')))
    .orderBy(asc(transactions.id))
    .limit(1);
  return row;
}

/** GET /api/desk/pass_applications: the waiting ones first, oldest first; then the decided, newest first. */
export async function listPassApplications(ctx: Pick<PaymentsContext, 'db'>): Promise<PassApplication[]> {
  const waiting = await applicationsWhere(
    ctx,
    and(eq(agreements.agreementType, 'pass'), eq(agreements.status, 'processing')),
    [asc(agreements.createdAt), asc(agreements.id)],
    WAITING_SHOWN,
  );
  const done = await applicationsWhere(
    ctx,
    and(eq(agreements.agreementType, 'pass'), isNotNull(agreements.verifiedAt), sql`${agreements.status} <> 'processing'`),
    [desc(agreements.verifiedAt), desc(agreements.id)],
    DECIDED_SHOWN,
  );
  return [...waiting, ...done];
}

async function applicationsWhere(
  ctx: Pick<PaymentsContext, 'db'>,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<PassApplication[]> {
  const rows = await ctx.db
    .select({
      agreement: agreements,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: companies.name,
      payment: transactions,
      decidedBy: sql<string | null>`(select d.email from ${users} d where d.id = ${agreements.verifiedBy})`,
    })
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(transactions, and(eq(transactions.agreementId, agreements.id), eq(transactions.kind, 'pass')))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(({ agreement, email, firstName, lastName, companyName, payment, decidedBy }) => ({
    id: agreement.id,
    status: agreement.status,
    applied_at: agreement.createdAt.toISOString(),
    applicant: { id: agreement.userId ?? 0, email, name: `${firstName} ${lastName}`.trim() },
    company_name: companyName || null,
    project_name: payment?.order.project_name ?? null,
    platform_urls: agreement.platformUrls,
    transaction_id: payment?.id ?? null,
    amount_cents: payment?.amountCents ?? null,
    currency: agreement.currency,
    payment_status: payment?.status ?? null,
    decided_at: agreement.verifiedAt?.toISOString() ?? null,
    decided_by: decidedBy ?? null,
    decline_reason: agreement.declineReason,
  }));
}

async function applicationView(ctx: Pick<PaymentsContext, 'db'>, id: number): Promise<PassApplication> {
  const found = (await listPassApplications(ctx)).find((application) => application.id === id);
  if (found) return found;
  throw notFound();
}

/**
 * POST /api/desk/pass_applications/{id}/approvals: the pass becomes active now, with its term (12
 * months), its pool balance and its next invoice counted from the approval; the buyer is e-mailed.
 */
export async function approvePassApplication(ctx: PaymentsContext, actor: Actor, id: number): Promise<PassApplication> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const current = await lockedApplication(tx, id);
    if (current.status !== 'processing') throw decided();
    const validTill = addMonths(now, current.renewalMonths ?? PASS_MINIMUM_TERM_MONTHS);
    await tx
      .update(agreements)
      .set({
        status: 'active',
        startDate: day(now),
        validTill,
        nextInvoiceDate: day(validTill),
        acceptedAt: now,
        acceptedBy: current.userId,
        verifiedAt: now,
        verifiedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(agreements.id, id));
    await openBalance(tx, {
      agreementId: id,
      kind: 'pool',
      amount: PASS_POOL_ITEMS_PER_MONTH,
      refillAmount: PASS_POOL_ITEMS_PER_MONTH,
      at: now,
      userId: current.userId,
    });
    const [payment] = await tx
      .update(transactions)
      .set({ periodStart: day(now), periodEnd: day(validTill) })
      .where(and(eq(transactions.agreementId, id), eq(transactions.kind, 'pass'), eq(transactions.status, 'succeeded')))
      .returning();
    if (payment) await mailBuyer(tx, ctx, payment, 'pass_application_approved', '/user/plan-details');
    await recordAudit(
      tx,
      actor,
      {
        action: 'pass_application.approve',
        subject: 'agreement',
        subjectId: id,
        before: { status: current.status },
        after: { status: 'active', start_date: day(now), valid_till: validTill.toISOString() },
      },
      now,
    );
  });
  ctx.mailer.kick();
  return applicationView(ctx, id);
}

/**
 * POST /api/desk/pass_applications/{id}/declines {reason}: the application failed to qualify (the
 * reason kept for the desk), the order is cancelled and its payment refunded through its provider,
 * once; the buyer is e-mailed that the money reaches them in 5–15 business days. A refund the
 * provider refused is asked again by declining again; a decided application is otherwise a 409.
 */
export async function declinePassApplication(ctx: PaymentsContext, actor: Actor, id: number, reason: string): Promise<PassApplication> {
  const now = ctx.clock.now();
  // The decline and the claim of its refund commit together, under the agreement's lock: a decline
  // asked again at the same moment finds the payment claimed and is told it is decided.
  const claimed = await ctx.db.transaction(async (tx) => {
    const current = await lockedApplication(tx, id);
    const payment = await paymentOf(tx, id);
    if (current.status === 'failed_to_qualify') {
      // Declined before and its refund refused by the provider: declining again tries the refund again.
      const retry = payment?.status === 'succeeded' ? await claimRefund(tx, payment.id, now) : undefined;
      if (!retry) throw decided();
      return retry;
    }
    if (current.status !== 'processing') throw decided();
    await tx
      .update(agreements)
      .set({
        status: 'failed_to_qualify',
        autoRenewal: false,
        declineReason: reason,
        verifiedAt: now,
        verifiedBy: actor.userId,
        updatedAt: now,
      })
      .where(eq(agreements.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'pass_application.decline',
        subject: 'agreement',
        subjectId: id,
        before: { status: current.status },
        after: { status: 'failed_to_qualify', reason },
      },
      now,
    );
    return payment?.status === 'succeeded' ? claimRefund(tx, payment.id, now) : undefined;
  });
  if (claimed)
    await refundClaimed(ctx, claimed, async (tx) => {
      await mailBuyer(tx, ctx, claimed, 'pass_application_failed');
      await recordAudit(tx, actor, { action: 'pass_application.refund', subject: 'transaction', subjectId: claimed.id }, now);
    });
  return applicationView(ctx, id);
}
