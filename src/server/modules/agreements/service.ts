import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AccessAgreement } from '../../../common/access.ts';
import {
  agreementFlags,
  visibleAgreements,
  type Agreement,
  type AgreementsResponse,
  type AgreementType,
  type Balance,
  type ContentKind,
  type PassPurchaseMode,
  type PurchaseBlock,
} from '../../../common/agreements.ts';
import type { PassVerification } from '../../config.ts';
import { PENDING_PASS_ABANDONED_MS } from '../../../common/payment-values.ts';
import type { ServiceContext } from '../../context.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { Conflict, Forbidden, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { transactions } from '../payments/schema.ts';
import type { Tx } from './operations.ts';
import { agreementBalances, agreementOperations, agreements } from './schema.ts';

export type AgreementsContext = Pick<ServiceContext, 'db' | 'clock'>;
type AgreementRow = typeof agreements.$inferSelect;
type BalanceRow = typeof agreementBalances.$inferSelect;

export const agreementNotFound = () => new NotFound({ code: 'agreement_not_found', message: 'Agreement not found' });

/** Spec §8, word for word. */
export const unacceptedCompanyAgreement = () =>
  new Forbidden({
    code: 'company_agreement_unaccepted',
    message: 'You company has unaccepted agreement. Please, contact your Master account to approve it.',
  });

/**
 * Whose agreements serve the user: their own, their company's, and the pass of their company's
 * master: a pass comes with member accounts (spec §9), whose downloads draw on the pass's
 * balances within the limits the master sets for each (downloads/quotas.ts).
 */
function ownedBy(user: Pick<UserRow, 'id' | 'companyId'>) {
  const own = eq(agreements.userId, user.id);
  if (!user.companyId) return own;
  const mastersPass = and(
    eq(agreements.agreementType, 'pass'),
    sql`${agreements.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${user.companyId} and ${users.companyRole} = 'master')`,
  );
  return or(own, eq(agreements.companyId, user.companyId), mastersPass);
}

/** The agreements serving a user with their balances, as ownedBy chooses them: one statement for users of a company, one for the others. */
const heldStatement = (withCompany: boolean) =>
  preparedPerDatabase((db) =>
    db
      .select({ row: agreements, balance: agreementBalances })
      .from(agreements)
      .leftJoin(agreementBalances, eq(agreementBalances.agreementId, agreements.id))
      .where(
        ownedBy({
          id: sql.placeholder('userId') as unknown as number,
          companyId: withCompany ? (sql.placeholder('companyId') as unknown as number) : null,
        }),
      )
      .orderBy(asc(agreements.id), asc(agreementBalances.kind))
      .prepare(withCompany ? 'agreements_held_in_company' : 'agreements_held'),
  );
const heldByUser = heldStatement(false);
const heldInCompany = heldStatement(true);

/** A company's master (or its owner: a user's own agreement) accepts; an admin may act for anyone. */
export function mayManage(user: UserRow, row: AgreementRow): boolean {
  if (user.isAdmin) return true;
  if (row.userId === user.id) return true;
  return row.companyId !== null && row.companyId === user.companyId && user.companyRole === 'master';
}

/** The agreement is the user's or their company's; admins reach every agreement. */
function serves(user: UserRow, row: AgreementRow): boolean {
  return user.isAdmin || row.userId === user.id || (row.companyId !== null && row.companyId === user.companyId);
}

/**
 * An approved request's agreement waits under its e-mail address for an account; the account with
 * that address takes it the first time its agreements are read.
 */
async function claimWaitingAgreements(ctx: AgreementsContext, user: UserRow) {
  await ctx.db
    .update(agreements)
    .set(user.companyId ? { companyId: user.companyId, claimEmail: null } : { userId: user.id, claimEmail: null })
    .where(and(eq(agreements.claimEmail, user.email), isNull(agreements.userId), isNull(agreements.companyId)));
}

function balancesView(row: AgreementRow, rows: BalanceRow[]): Balance[] {
  const limited: Balance[] = rows
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))
    .map((balance) => ({
      kind: balance.kind,
      remaining: balance.amount,
      total: Math.max(balance.periodTotal, balance.amount),
      refills_monthly: balance.refillAmount !== null,
      valid_till: balance.validTill?.toISOString() ?? null,
    }));
  // A pass has no limit on standard material (spec §6).
  if (row.agreementType === 'pass' && !rows.some((balance) => balance.kind === 'standard'))
    limited.unshift({ kind: 'standard', remaining: null, total: null, refills_monthly: false, valid_till: null });
  return limited;
}
const KIND_ORDER: ContentKind[] = ['standard', 'pool', 'spherical'];

export function agreementView(row: AgreementRow, balances: BalanceRow[], caller: UserRow): Agreement {
  const manager = mayManage(caller, row);
  return {
    id: row.id,
    status: row.status,
    agreement_type: row.agreementType,
    live_access: row.liveAccess,
    vod_access: row.vodAccess,
    access: row.access,
    billing_period: row.billingPeriod,
    archival_days: row.archivalDays,
    duration: row.durationValue !== null && row.durationUnit ? { value: row.durationValue, unit: row.durationUnit } : null,
    start_date: row.startDate,
    valid_till: row.validTill?.toISOString() ?? null,
    auto_renewal: row.autoRenewal,
    renewal_duration_months: row.renewalMonths,
    next_invoice:
      row.autoRenewal && row.nextInvoiceDate && row.nextInvoiceCents !== null
        ? { date: row.nextInvoiceDate, amount_cents: row.nextInvoiceCents, currency: row.currency }
        : null,
    balances: balancesView(row, balances),
    top_up_price_cents: row.topUpPriceCents,
    currency: row.currency,
    platform_urls: row.platformUrls,
    unattended_delivery: row.unattendedDelivery,
    owner: row.companyId !== null ? 'company' : 'user',
    can_accept: row.status === 'user_accepting' && manager,
    can_change_renewal: row.renewalMonths !== null && row.status === 'active' && manager,
    can_buy_top_up: row.topUpPriceCents !== null && row.status === 'active' && manager,
    video_project_id: row.videoProjectId,
    live_event_id: row.liveEventId,
  };
}

/** The user's and their company's agreements with their balances, oldest first. */
export async function agreementsServing(ctx: AgreementsContext, user: UserRow): Promise<{ row: AgreementRow; balances: BalanceRow[] }[]> {
  await claimWaitingAgreements(ctx, user);
  return agreementsHeld(ctx, user);
}

/**
 * The same without claiming what waits under the user's address: for a caller whose account
 * existed when its agreements were made (an API key's owner made the key signed in), which an
 * approval assigns to the account directly (plan-requests.ts).
 */
export async function agreementsHeld(ctx: AgreementsContext, user: UserRow): Promise<{ row: AgreementRow; balances: BalanceRow[] }[]> {
  // One statement, prepared: every page of the feed and every download asks this.
  const joined = user.companyId
    ? await heldInCompany(ctx.db).execute({ userId: user.id, companyId: user.companyId })
    : await heldByUser(ctx.db).execute({ userId: user.id });
  const held = new Map<number, { row: AgreementRow; balances: BalanceRow[] }>();
  for (const { row, balance } of joined) {
    const entry = held.get(row.id) ?? { row, balances: [] };
    if (balance) entry.balances.push(balance);
    held.set(row.id, entry);
  }
  return [...held.values()];
}

/** GET /api/current_user/agreements (spec §4: customers see all; others active ones and a flag). */
export async function listAgreements(ctx: AgreementsContext, user: UserRow): Promise<AgreementsResponse> {
  const all = (await agreementsServing(ctx, user)).map(({ row, balances }) => agreementView(row, balances, user));
  return visibleAgreements(user.userGroup, all);
}

/** What the access rules (common/access.ts) need: active agreements with what is left, balances past their date at zero. */
export function accessAgreements(served: { row: AgreementRow; balances: BalanceRow[] }[], now: Date): AccessAgreement[] {
  return served
    .filter(({ row }) => row.validTill === null || row.validTill.getTime() > now.getTime())
    .map(({ row, balances }) => ({
      id: row.id,
      agreement_type: row.agreementType,
      status: row.status,
      live_access: row.liveAccess,
      vod_access: row.vodAccess,
      balances: Object.fromEntries(
        balances.map((balance) => [balance.kind, balance.validTill && balance.validTill.getTime() <= now.getTime() ? 0 : balance.amount]),
      ),
      video_project_id: row.videoProjectId,
      live_event_id: row.liveEventId,
    }));
}

/** The current user's agreement fields (spec §3): types of the agreements in force, and whether any limits members. */
export async function agreementSummary(ctx: AgreementsContext, user: UserRow) {
  const served = await agreementsServing(ctx, user);
  const now = ctx.clock.now();
  const inForce = served.filter(({ row }) => row.status === 'active' && (row.validTill === null || row.validTill > now));
  const types = [...new Set(inForce.map(({ row }) => row.agreementType))] as AgreementType[];
  return {
    agreement_types: types,
    only_one_off: agreementFlags(types).onlyOneOff,
    // Member limits draw on the team's agreements that have a limited balance, a master's pass too (issue: company teams).
    has_limit_agreements: inForce.some(({ balances }) => balances.length > 0),
  };
}

async function lockedAgreement(tx: AgreementsContext['db'], id: number): Promise<AgreementRow | undefined> {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  return row;
}

async function viewOf(ctx: AgreementsContext, row: AgreementRow, user: UserRow): Promise<Agreement> {
  const balances = await ctx.db.select().from(agreementBalances).where(eq(agreementBalances.agreementId, row.id));
  return agreementView(row, balances, user);
}

/**
 * POST …/agreements/{id}/accepts: only the company's master (or the user it belongs to, or an
 * admin) accepts; a member gets the spec's message; anyone else, another company's master
 * included, learns nothing: 404. Accepting twice is refused (409), never applied twice.
 */
export async function acceptAgreement(ctx: AgreementsContext, user: UserRow, id: number): Promise<Agreement> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockedAgreement(tx, id);
    if (!current || !serves(user, current)) throw agreementNotFound();
    if (!mayManage(user, current)) throw unacceptedCompanyAgreement();
    if (current.status !== 'user_accepting')
      throw new Conflict({ code: 'agreement_already_accepted', message: 'This agreement does not wait for acceptance' });
    const now = ctx.clock.now();
    const [accepted] = await tx
      .update(agreements)
      .set({ status: 'active', acceptedAt: now, acceptedBy: user.id, updatedAt: now })
      .where(eq(agreements.id, id))
      .returning();
    return accepted;
  });
  if (!row) throw agreementNotFound();
  return viewOf(ctx, row, user);
}

/**
 * Auto-renewal opt-in and opt-out (spec §4 "Pass auto-renewal"): opting out keeps the agreement
 * valid until its renewal date; no invoice follows. Saying the same twice changes nothing.
 */
export async function setAutoRenewal(ctx: AgreementsContext, user: UserRow, id: number, on: boolean): Promise<Agreement> {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockedAgreement(tx, id);
    if (!current || !serves(user, current)) throw agreementNotFound();
    if (!mayManage(user, current)) throw new Forbidden({ code: 'not_master', message: 'Only the master account changes agreements' });
    if (current.renewalMonths === null || current.status !== 'active')
      throw new Conflict({ code: 'renewal_not_available', message: 'This agreement does not renew' });
    const [changed] = await tx
      .update(agreements)
      .set({ autoRenewal: on, updatedAt: ctx.clock.now() })
      .where(eq(agreements.id, id))
      .returning();
    return changed;
  });
  if (!row) throw agreementNotFound();
  return viewOf(ctx, row, user);
}

/** GET …/agreements/available_for_operations: agreements in force that can pay for a download now. */
export async function availableForOperations(ctx: AgreementsContext, user: UserRow) {
  const now = ctx.clock.now();
  const served = await agreementsServing(ctx, user);
  const usable = served.filter(
    ({ row }) =>
      row.status === 'active' &&
      (row.validTill === null || row.validTill > now) &&
      (row.vodAccess || row.liveAccess || row.agreementType === 'one_off'),
  );
  return {
    agreements: usable.map(({ row, balances }) => ({
      id: row.id,
      agreement_type: row.agreementType,
      balances: balancesView(row, balances).map((balance) =>
        balance.valid_till && Date.parse(balance.valid_till) <= now.getTime() ? { ...balance, remaining: 0 } : balance,
      ),
    })),
  };
}

/** Statuses in which a pass is still held: one pass per user (spec §5). */
const HELD: readonly string[] = ['active', 'user_accepting', 'payment_required'];

/**
 * Statuses of a pass that was granted once: an account (or its company) that held one buys the
 * next at once; one that never did applies (docs/decisions.md "Applying for a pass (issue 25)").
 */
export const PASS_GRANTED_STATUSES = ['active', 'user_accepting', 'payment_required', 'expired', 'deactivated'] as const;

/** Whether the user, or anyone of their company, has held a pass (its term started; ended or not). */
export async function hasHeldPass(db: Tx, user: UserRow): Promise<boolean> {
  const owners = user.companyId
    ? or(
        eq(agreements.userId, user.id),
        eq(agreements.companyId, user.companyId),
        sql`${agreements.userId} in (select ${users.id} from ${users} where ${users.companyId} = ${user.companyId})`,
      )
    : eq(agreements.userId, user.id);
  const [held] = await db
    .select({ id: agreements.id })
    .from(agreements)
    // A pass whose term started: an application refunded before its approval never was one.
    .where(
      and(
        owners,
        eq(agreements.agreementType, 'pass'),
        inArray(agreements.status, [...PASS_GRANTED_STATUSES]),
        isNotNull(agreements.startDate),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** How the user would get a pass now: applied for (verified after payment) or bought at once. */
export async function passPurchaseMode(db: Tx, user: UserRow | null, verification: PassVerification): Promise<PassPurchaseMode> {
  if (verification === 'off') return 'buy';
  if (!user) return 'apply';
  return (await hasHeldPass(db, user)) ? 'buy' : 'apply';
}

/** GET …/agreements/purchase_possibility ?agreement_type: may the caller buy one now, and if not, why, and how. */
export async function purchasePossibility(
  ctx: AgreementsContext & { passVerification: PassVerification },
  user: UserRow | null,
  type: AgreementType,
) {
  const mode: PassPurchaseMode = type === 'pass' ? await passPurchaseMode(ctx.db, user, ctx.passVerification) : 'buy';
  const answer = (reason: PurchaseBlock | null) => ({
    agreement_type: type,
    possible: reason === null,
    reason,
    mode,
  });
  if (!user) return answer('sign_in_required');
  if (user.userGroup === 'client') return answer('client_account');
  if (type === 'pass') {
    const now = ctx.clock.now();
    const served = await agreementsServing(ctx, user);
    // One pass per user (spec §5): an application waiting for its verification holds the place.
    if (served.some(({ row }) => row.agreementType === 'pass' && row.status === 'processing' && row.userId === user.id))
      return answer('pass_in_verification');
    const held = served.some(
      ({ row }) => row.agreementType === 'pass' && HELD.includes(row.status) && (row.validTill === null || row.validTill > now),
    );
    if (held) return answer('pass_already_held');
    // A payment for the pass still pending (the bank's extra step, a wallet approval): the pass is
    // for sale again once it settles or is given up, so not now.
    const [pending] = await ctx.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, user.id),
          eq(transactions.kind, 'pass'),
          eq(transactions.status, 'pending'),
          gt(transactions.createdAt, new Date(now.getTime() - PENDING_PASS_ABANDONED_MS)),
        ),
      )
      .limit(1);
    if (pending) return answer('pass_temporarily_unavailable');
  }
  return answer(null);
}

/** GET /api/current_user/operations/{id}: one use of an agreement that serves the caller (admins: any). */
export async function operationOf(ctx: AgreementsContext, user: UserRow, id: number) {
  const [found] = await ctx.db
    .select({ operation: agreementOperations, agreement: agreements })
    .from(agreementOperations)
    .innerJoin(agreements, eq(agreements.id, agreementOperations.agreementId))
    .where(eq(agreementOperations.id, id));
  if (!found || !serves(user, found.agreement)) throw new NotFound({ code: 'operation_not_found', message: 'Operation not found' });
  const { operation } = found;
  return {
    id: operation.id,
    agreement_id: operation.agreementId,
    operation_type: operation.operationType,
    kind: operation.kind,
    amount: operation.amount,
    video_project_id: operation.videoProjectId,
    created_at: operation.createdAt.toISOString(),
  };
}
