import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Agreement } from '../../../common/agreements.ts';
import {
  deskAgreementTermsSchema,
  type DeskAgreementCreate,
  type DeskAgreementTerms,
  type DeskTopUp,
} from '../../../common/desk-agreements.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { openBalance, recordOperation, type Tx } from './operations.ts';
import { agreementBalances, agreements } from './schema.ts';
import { agreementView, type AgreementsContext } from './service.ts';

/**
 * Agreements made and changed at the business desk (issue 29). A new or changed agreement waits
 * for the customer's master (or the person it is for) to accept it, as the customer side already
 * does (spec §4 user_accepting); a top-up and a deactivation act at once. Each is one audit entry
 * in the change's own transaction.
 */

const agreementNotFound = () => new NotFound({ code: 'agreement_not_found', message: 'Agreement not found' });

/** The row's columns the terms set. */
function columnsOf(terms: DeskAgreementTerms) {
  return {
    agreementType: terms.agreement_type,
    liveAccess: terms.live_access,
    vodAccess: terms.vod_access,
    access: terms.access,
    billingPeriod: terms.billing_period,
    archivalDays: terms.archival_days,
    durationValue: terms.duration?.value ?? null,
    durationUnit: terms.duration?.unit ?? null,
    startDate: terms.start_date,
    // The last day it serves, to its end (UTC).
    validTill: terms.valid_till ? new Date(Date.parse(`${terms.valid_till}T00:00:00Z`) + 24 * 3600 * 1000 - 1) : null,
    autoRenewal: terms.auto_renewal,
    renewalMonths: terms.renewal_months,
    nextInvoiceDate: terms.next_invoice_date,
    nextInvoiceCents: terms.next_invoice_cents,
    topUpPriceCents: terms.top_up_price_cents,
    currency: terms.currency,
    platformUrls: terms.platform_urls,
    unattendedDelivery: terms.unattended_delivery,
  };
}

/** The agreement as its owner's master would see it (the desk reads the same view). */
async function viewFor(ctx: Pick<AgreementsContext, 'db'>, id: number): Promise<Agreement> {
  const [row] = await ctx.db.select().from(agreements).where(eq(agreements.id, id));
  if (!row) throw agreementNotFound();
  const balances = await ctx.db.select().from(agreementBalances).where(eq(agreementBalances.agreementId, id));
  const [owner] = row.companyId
    ? await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.companyId, row.companyId), eq(users.companyRole, 'master')))
        .limit(1)
    : row.userId
      ? await ctx.db.select().from(users).where(eq(users.id, row.userId))
      : [];
  if (!owner) throw new Error('an agreement without an owner to read it as');
  return agreementView(row, balances, owner);
}

/** POST /api/desk/agreements: for a company, or a person who has none; staff are not customers. */
export async function createDeskAgreement(ctx: AgreementsContext, actor: Actor, input: DeskAgreementCreate): Promise<Agreement> {
  const terms = deskAgreementTermsSchema.parse(input.terms);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    let owner: { companyId: number } | { userId: number };
    if ('company_id' in input.owner) {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.owner.company_id));
      if (!company) throw new Invalid({ code: 'owner_not_found', field: 'owner.company_id', message: 'No such company' });
      owner = { companyId: company.id };
    } else {
      const [person] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.owner.user_id),
            isNull(users.companyId),
            eq(users.isAdmin, false),
            sql`cardinality(${users.deskRoles}) = 0`,
          ),
        );
      if (!person)
        throw new Invalid({
          code: 'owner_not_found',
          field: 'owner.user_id',
          message: 'No such customer without a company: a company member is served through the company',
        });
      owner = { userId: person.id };
    }
    const [row] = await tx
      .insert(agreements)
      .values({ ...owner, ...columnsOf(terms), status: 'user_accepting', createdAt: now, updatedAt: now })
      .returning({ id: agreements.id });
    if (!row) throw new Error('inserting an agreement returned no row');
    await openBalances(tx, row.id, terms, now);
    // Under an agreement they are customers (spec §4: customers see every agreement, so the master
    // sees this one waiting); an agency client stays one.
    await tx
      .update(users)
      .set({ userGroup: 'customer', updatedAt: now })
      .where(and('companyId' in owner ? eq(users.companyId, owner.companyId) : eq(users.id, owner.userId), eq(users.userGroup, 'other')));
    await recordAudit(
      tx,
      actor,
      { action: 'agreement.create', subject: 'agreement', subjectId: row.id, after: { owner: input.owner, terms } },
      now,
    );
    return row.id;
  });
  return viewFor(ctx, id);
}

/** Balances the terms name that the agreement has not yet: opened with their first grant. */
async function openBalances(tx: Tx, agreementId: number, terms: DeskAgreementTerms, now: Date) {
  const held = new Set(
    (await tx.select({ kind: agreementBalances.kind }).from(agreementBalances).where(eq(agreementBalances.agreementId, agreementId))).map(
      (row) => row.kind,
    ),
  );
  for (const balance of terms.balances) {
    if (held.has(balance.kind)) {
      await tx
        .update(agreementBalances)
        .set({ refillAmount: balance.refill })
        .where(and(eq(agreementBalances.agreementId, agreementId), eq(agreementBalances.kind, balance.kind)));
      continue;
    }
    await openBalance(tx, { agreementId, kind: balance.kind, amount: balance.amount, refillAmount: balance.refill, at: now });
  }
}

async function lockedForDesk(tx: Tx, id: number) {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  if (!row) throw agreementNotFound();
  if (row.agreementType === 'one_off')
    throw new Conflict({ code: 'one_off_not_changed', message: 'A one-off licence is not changed at the desk' });
  return row;
}

/**
 * PATCH /api/desk/agreements/{id}: new terms; the customer accepts them again. A balance already
 * open keeps what is left (a top-up adds to it) and takes the new refill; a new kind opens with its
 * amount. A deactivated agreement is not changed.
 */
export async function changeDeskAgreement(ctx: AgreementsContext, actor: Actor, id: number, input: { terms: unknown }): Promise<Agreement> {
  const terms = deskAgreementTermsSchema.parse(input.terms);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockedForDesk(tx, id);
    if (before.status === 'deactivated') throw new Conflict({ code: 'agreement_deactivated', message: 'This agreement is deactivated' });
    await tx
      .update(agreements)
      .set({ ...columnsOf(terms), status: 'user_accepting', acceptedAt: null, acceptedBy: null, updatedAt: now })
      .where(eq(agreements.id, id));
    await openBalances(tx, id, terms, now);
    await recordAudit(tx, actor, { action: 'agreement.change', subject: 'agreement', subjectId: id, before, after: { terms } }, now);
  });
  return viewFor(ctx, id);
}

/** POST /api/desk/agreements/{id}/top_ups: items added to a balance the agreement has. */
export async function topUpDeskAgreement(ctx: AgreementsContext, actor: Actor, id: number, input: DeskTopUp): Promise<Agreement> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockedForDesk(tx, id);
    const [balance] = await tx
      .select({ kind: agreementBalances.kind })
      .from(agreementBalances)
      .where(and(eq(agreementBalances.agreementId, id), eq(agreementBalances.kind, input.kind)));
    if (!balance) throw new Invalid({ code: 'no_such_balance', field: 'kind', message: 'This agreement has no balance of that kind' });
    await recordOperation(tx, { agreementId: id, kind: input.kind, type: 'top_up', amount: Number(input.amount), at: now });
    await recordAudit(
      tx,
      actor,
      {
        action: 'agreement.top_up',
        subject: 'agreement',
        subjectId: id,
        before: { status: row.status },
        after: { kind: input.kind, amount: input.amount },
      },
      now,
    );
  });
  return viewFor(ctx, id);
}

/** POST /api/desk/agreements/{id}/deactivation: it serves no one from now on. */
export async function deactivateDeskAgreement(ctx: AgreementsContext, actor: Actor, id: number): Promise<Agreement> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockedForDesk(tx, id);
    if (row.status === 'deactivated') throw new Conflict({ code: 'agreement_deactivated', message: 'This agreement is deactivated' });
    await tx.update(agreements).set({ status: 'deactivated', autoRenewal: false, updatedAt: now }).where(eq(agreements.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'agreement.deactivate',
        subject: 'agreement',
        subjectId: id,
        before: { status: row.status },
        after: { status: 'deactivated' },
      },
      now,
    );
  });
  return viewFor(ctx, id);
}
