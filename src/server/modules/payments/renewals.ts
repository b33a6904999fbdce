import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { agreements } from '../agreements/schema.ts';
import { mailBuyer } from './payment-mail.ts';
import type { CardProvider } from './card-provider.ts';
import { completeTransaction } from './fulfilment.ts';
import { renewalCard } from './saved-cards.ts';
import { providerCustomers, transactions } from './schema.ts';

export type RenewalContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer'> & { cards: CardProvider; publicOrigin: string };

/**
 * After a failed renewal the card is tried again 1, 3 and 7 days later; after the last failure the
 * pass expires and renews no more (docs/decisions.md "Pass renewal").
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
const DAY_MS = 24 * 3600 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);

type Attempt = 'renewed' | 'failed' | 'gave_up' | 'skipped';

/**
 * Auto-renewal (spec §4 "Pass auto-renewal", issue: "at the next invoice date the saved payment
 * method is charged; a failure sets payment required, e-mails the user and retries on a
 * schedule; opting out keeps the pass valid until the renewal date"). A pass that opted out is not
 * touched here: the expiry job ends it at its valid-till.
 */
export async function renewPasses(ctx: RenewalContext): Promise<{ renewed: number; failed: number; gave_up: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.agreementType, 'pass'),
        eq(agreements.autoRenewal, true),
        inArray(agreements.status, ['active', 'payment_required']),
        isNotNull(agreements.userId),
        lte(agreements.nextInvoiceDate, day(now)),
      ),
    )
    .orderBy(asc(agreements.id))
    .limit(500);
  const counts = { renewed: 0, failed: 0, gave_up: 0 };
  for (const { id } of due) {
    const attempt = await renewOne(ctx, id, now);
    if (attempt !== 'skipped') counts[attempt] += 1;
  }
  return counts;
}

/**
 * One pass's renewal attempt. The attempt is decided and written (a pending renewal transaction
 * keyed by the period and attempt number) under the agreement's row lock, so two runs at once make
 * one charge; the provider gets the same key, so a retried call charges once too.
 */
async function renewOne(ctx: RenewalContext, agreementId: number, now: Date): Promise<Attempt> {
  const claimed = await ctx.db.transaction(async (tx) => {
    const [pass] = await tx.select().from(agreements).where(eq(agreements.id, agreementId)).for('update');
    if (!pass?.userId || !pass.autoRenewal || !pass.nextInvoiceDate || pass.nextInvoiceDate > day(now)) return null;
    const period = pass.nextInvoiceDate;
    const earlier = await tx
      .select({ status: transactions.status, at: transactions.updatedAt })
      .from(transactions)
      .where(and(eq(transactions.agreementId, pass.id), eq(transactions.kind, 'renewal'), eq(transactions.periodStart, period)))
      .orderBy(asc(transactions.id));
    if (earlier.some((attempt) => attempt.status === 'pending' || attempt.status === 'succeeded')) return null;
    const failures = earlier.length;
    const wait = failures === 0 ? 0 : RENEWAL_RETRY_DAYS[failures - 1];
    if (wait === undefined) {
      await tx.update(agreements).set({ status: 'expired', autoRenewal: false, updatedAt: now }).where(eq(agreements.id, pass.id));
      return { gaveUp: true as const };
    }
    const last = earlier[earlier.length - 1];
    if (last && now.getTime() - last.at.getTime() < wait * DAY_MS) return null;
    const [previous] = await tx
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.agreementId, pass.id), inArray(transactions.kind, ['pass', 'renewal']), eq(transactions.status, 'succeeded')),
      )
      .orderBy(asc(transactions.id));
    const amountCents = pass.nextInvoiceCents ?? previous?.amountCents ?? 0;
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: pass.userId,
        kind: 'renewal',
        status: 'pending',
        provider: ctx.cards.name,
        idempotencyKey: `renewal-${pass.id}-${period}-${failures + 1}`,
        currency: pass.currency,
        amountCents,
        netCents: previous ? Math.round((amountCents * previous.netCents) / Math.max(1, previous.amountCents)) : amountCents,
        vatCents: previous ? amountCents - Math.round((amountCents * previous.netCents) / Math.max(1, previous.amountCents)) : 0,
        vatRate: previous?.vatRate ?? 0,
        vatReason: previous?.vatReason ?? 'outside_eu',
        order: { description: 'Pass renewal, 12 months', plan_id: previous?.planId ?? undefined },
        billing: previous?.billing ?? {
          kind: 'individual',
          name: '',
          company_name: '',
          email: '',
          vat_id: null,
          address: [],
          country_code: '',
        },
        planId: previous?.planId ?? null,
        agreementId: pass.id,
        periodStart: period,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row ? { row } : null;
  });
  if (!claimed) return 'skipped';
  if ('gaveUp' in claimed) return 'gave_up';
  const { row } = claimed;

  const card = await renewalCard(ctx, row.userId);
  const customer = card ? await customerIdOf(ctx, row.userId) : null;
  const payment = card
    ? await ctx.cards.charge({
        amountCents: row.amountCents,
        currency: row.currency,
        paymentMethod: card.providerMethodId,
        customer,
        saveCard: false,
        offSession: true,
        description: 'Pass renewal',
        idempotencyKey: row.idempotencyKey,
        metadata: { transaction_id: String(row.id), user_id: String(row.userId) },
      })
    : null;
  if (payment?.status === 'succeeded') {
    await completeTransaction(ctx, row.id, { paymentId: payment.id, card: payment.card });
    ctx.mailer.kick();
    return 'renewed';
  }
  if (payment && payment.status !== 'failed') {
    // Processing or asking for the bank's step with nobody at the keyboard: the webhook decides.
    await ctx.db.update(transactions).set({ providerPaymentId: payment.id, updatedAt: now }).where(eq(transactions.id, row.id));
    return 'skipped';
  }
  const error = payment?.error ?? { code: 'no_saved_card', message: 'No saved card to charge' };
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(transactions)
      .set({
        status: 'failed',
        errorCode: error.code,
        errorMessage: error.message,
        updatedAt: now,
        ...(payment?.id ? { providerPaymentId: payment.id } : {}),
      })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')));
    await tx
      .update(agreements)
      .set({ status: 'payment_required', updatedAt: now })
      .where(eq(agreements.id, row.agreementId ?? 0));
    await mailBuyer(tx, ctx, row, 'renewal_failed', '/user/billing-settings');
  });
  ctx.mailer.kick();
  return 'failed';
}

async function customerIdOf(ctx: RenewalContext, userId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: providerCustomers.customerId })
    .from(providerCustomers)
    .where(and(eq(providerCustomers.userId, userId), eq(providerCustomers.provider, ctx.cards.name)));
  return row?.id ?? null;
}
