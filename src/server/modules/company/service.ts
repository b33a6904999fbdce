import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ContentKind } from '../../../common/agreement-values.ts';
import { PASS_MEMBER_LIMIT, type Company, type CompanyMember, type Invitation, type UserLimit } from '../../../common/company.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { companies, userTokens, users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import type { Tx } from '../agreements/operations.ts';
import { agreementBalances, agreementOperations, agreements } from '../agreements/schema.ts';
import { countries } from '../reference/schema.ts';
import { userLimits } from './schema.ts';

export type CompanyContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer' | 'sessionsEnded'>;
export type CompanyRow = typeof companies.$inferSelect;

export const companyNotFound = () => new NotFound({ code: 'company_not_found', message: 'Company not found' });
const notMaster = () => new Forbidden({ code: 'not_master', message: 'Only the master account runs the team' });

/**
 * The company the caller runs (spec §6: its master, or an admin). An admin names the company; a
 * master runs their own. Anyone else learns nothing: no company is 404, a member 403.
 */
export async function managedCompany(db: Db, user: UserRow, companyId?: number): Promise<CompanyRow> {
  const id = user.isAdmin && companyId !== undefined ? companyId : user.companyId;
  if (id === null) throw companyNotFound();
  if (!user.isAdmin && user.companyRole !== 'master') throw notMaster();
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw companyNotFound();
  return company;
}

/**
 * The company a signed-in user without one runs once they invite someone (a pass holder who bought
 * as an individual has 2 member accounts too): named as their profile names their company, else
 * after them, with them as its master. An admin always names the company.
 */
export async function companyToInviteInto(db: Db, user: UserRow, companyId: number | undefined, now: Date): Promise<CompanyRow> {
  if (user.isAdmin || user.companyId !== null) return managedCompany(db, user, companyId);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: user.companyName || `${user.firstName} ${user.lastName}`.trim() || user.email,
        countryId: user.countryId,
        createdAt: now,
      })
      .returning();
    if (!company) throw new Error(`no company created for user ${user.id}`);
    const [claimed] = await tx
      .update(users)
      .set({ companyId: company.id, companyRole: 'master', updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.companyId)))
      .returning({ id: users.id });
    // Two first invitations at once: the one that lost leaves no empty company behind.
    if (!claimed) throw new Conflict({ code: 'company_changed', message: 'Your company changed meanwhile: try again' });
    return company;
  });
}

/** A user of a company the caller runs: another company's master or a stranger gets 404, a member 403. */
export async function managedUser(db: Db, caller: UserRow, memberId: number): Promise<UserRow> {
  const [member] = await db.select().from(users).where(eq(users.id, memberId));
  if (!member?.companyId) throw memberNotFound();
  if (caller.isAdmin) return member;
  if (caller.companyId !== member.companyId) throw memberNotFound();
  if (caller.companyRole !== 'master') throw notMaster();
  return member;
}
export const memberNotFound = () => new NotFound({ code: 'member_not_found', message: 'Member not found' });

export function memberView(user: UserRow): CompanyMember {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.companyRole === 'master' ? 'master' : 'member',
    active: user.deactivatedAt === null,
    last_login: user.lastSignInAt?.toISOString() ?? null,
  };
}

/** An invitation not taken up: its address and when its link was last sent. */
export async function invitationsOf(db: Db, companyId: number, only?: number): Promise<Invitation[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      sentAt: sql<Date>`max(${userTokens.createdAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(users)
    .leftJoin(userTokens, and(eq(userTokens.userId, users.id), eq(userTokens.kind, 'confirmation')))
    .where(and(eq(users.companyId, companyId), isNull(users.confirmedAt), only === undefined ? undefined : eq(users.id, only)))
    .groupBy(users.id, users.email)
    .orderBy(asc(users.id));
  return rows.map((row) => ({ id: row.id, email: row.email, sent_at: row.sentAt.toISOString() }));
}

/** Agreements that serve the company: its own, and those of its owners (a master's pass). */
const servesTeam = (db: Db | Tx, companyId: number) =>
  or(
    eq(agreements.companyId, companyId),
    inArray(
      agreements.userId,
      db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'master'))),
    ),
  );

/** Those of them in force. */
async function teamAgreements(db: Db | Tx, companyId: number, now: Date) {
  return db
    .select()
    .from(agreements)
    .where(
      and(servesTeam(db, companyId), eq(agreements.status, 'active'), or(isNull(agreements.validTill), gt(agreements.validTill, now))),
    );
}

/**
 * Spec §5, §9: a pass allows 2 member accounts. A team whose only subscription is a pass has that
 * limit; an enterprise, regional or other agreement lifts it (docs/decisions.md "Company teams").
 */
export async function memberAccountsLimit(db: Db | Tx, companyId: number, now: Date): Promise<number | null> {
  const held = await teamAgreements(db, companyId, now);
  const others = held.filter((row) => row.agreementType !== 'pass' && row.agreementType !== 'one_off');
  return others.length === 0 && held.some((row) => row.agreementType === 'pass') ? PASS_MEMBER_LIMIT : null;
}

/** What the team's agreements in force have left of each kind this month (limits draw on these). */
export async function availableAmounts(db: Db, companyId: number, now: Date): Promise<Partial<Record<ContentKind, number | null>>> {
  const held = (await teamAgreements(db, companyId, now)).filter((row) => row.vodAccess);
  if (held.length === 0) return {};
  const balances = await db
    .select()
    .from(agreementBalances)
    .where(
      inArray(
        agreementBalances.agreementId,
        held.map((row) => row.id),
      ),
    );
  const available: Partial<Record<ContentKind, number | null>> = {};
  for (const balance of balances) {
    if (balance.validTill && balance.validTill <= now) continue;
    const before = available[balance.kind];
    available[balance.kind] = before === null ? null : (before ?? 0) + balance.amount;
  }
  return available;
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Items of a kind a member downloaded under the team's agreements this month. */
export async function usedThisMonth(db: Db | Tx, companyId: number, userId: number, kind: ContentKind, now: Date): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(-${agreementOperations.amount}), 0)`.mapWith(Number) })
    .from(agreementOperations)
    .innerJoin(agreements, eq(agreements.id, agreementOperations.agreementId))
    .where(
      and(
        servesTeam(db, companyId),
        eq(agreementOperations.userId, userId),
        eq(agreementOperations.kind, kind),
        inArray(agreementOperations.operationType, ['download', 'download_returned']),
        gt(agreementOperations.createdAt, monthStart(now)),
      ),
    );
  return row?.used ?? 0;
}

export async function limitsOf(db: Db, companyId: number, now: Date): Promise<UserLimit[]> {
  const rows = await db
    .select()
    .from(userLimits)
    .where(eq(userLimits.companyId, companyId))
    .orderBy(asc(userLimits.userId), asc(userLimits.kind));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      user_id: row.userId,
      kind: row.kind,
      limit: row.limit,
      used: await usedThisMonth(db, companyId, row.userId, row.kind, now),
    })),
  );
}

/** GET /api/current_user/company (spec §3 "Company": members, not_confirmed_members, owners). */
export async function companyView(ctx: Pick<CompanyContext, 'db' | 'clock'>, company: CompanyRow): Promise<Company> {
  const now = ctx.clock.now();
  const people = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, company.id), isNotNull(users.confirmedAt)))
    .orderBy(desc(sql`${users.companyRole} = 'master'`), asc(users.lastName), asc(users.firstName), asc(users.id));
  return {
    id: company.id,
    name: company.name,
    country_id: company.countryId,
    vat_id: company.vatId,
    has_no_vat: company.hasNoVat,
    members: people.filter((user) => user.deactivatedAt === null).map(memberView),
    deactivated_members: people.filter((user) => user.deactivatedAt !== null).map(memberView),
    not_confirmed_members: await invitationsOf(ctx.db, company.id),
    owners: people.filter((user) => user.companyRole === 'master').map(memberView),
    member_accounts_limit: await memberAccountsLimit(ctx.db, company.id, now),
    user_limits: await limitsOf(ctx.db, company.id, now),
    available: await availableAmounts(ctx.db, company.id, now),
  };
}

/** PUT /api/current_user/company {company}: its name and country. */
export async function updateCompany(ctx: CompanyContext, company: CompanyRow, input: { name: string; country_id?: number | null }) {
  if (input.country_id) {
    const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id));
    if (!country) throw new Invalid({ code: 'unknown_country', field: 'company.country_id', message: 'Unknown country' });
  }
  const [updated] = await ctx.db
    .update(companies)
    .set({ name: input.name, ...(input.country_id !== undefined ? { countryId: input.country_id } : {}) })
    .where(eq(companies.id, company.id))
    .returning();
  return companyView(ctx, updated ?? company);
}
