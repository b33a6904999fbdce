import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  type CustomerPlanDetails,
  CUSTOMERS_PAGE_SIZE,
  customersQuerySchema,
  type CustomerAction,
  type CustomerDetail,
  type CustomerState,
  type CustomerSummary,
  type CustomersQuery,
} from '../../../common/customers.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { companies, sessions, users } from '../accounts/schema.ts';
import { deleteUserSessions, type UserRow } from '../accounts/sessions.ts';
import { sendConfirmation } from '../accounts/registration.ts';
import { listPlanRequests } from '../agreements/plan-requests.ts';
import { agreementsServing, agreementView, listAgreements } from '../agreements/service.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { videoRequests } from '../downloads/schema.ts';
import { lists } from '../lists/schema.ts';
import { transactions } from '../payments/schema.ts';
import { countries } from '../reference/schema.ts';

export type CustomersContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer' | 'sessionsEnded'>;

/**
 * The business desk's customers (issue 29): every account that is not staff, found by name,
 * e-mail, company, VAT id or country code, and read whole; the desk's actions on an account
 * (deactivate, activate, unlock, send the confirmation again), each in the audit log.
 */

const customer = and(sql`cardinality(${users.deskRoles}) = 0`, eq(users.isAdmin, false));

export function stateOf(user: Pick<UserRow, 'confirmedAt' | 'deactivatedAt' | 'lockedUntil'>, now: Date): CustomerState {
  if (user.deactivatedAt) return 'deactivated';
  if (!user.confirmedAt) return 'unconfirmed';
  if (user.lockedUntil && user.lockedUntil > now) return 'locked';
  return 'active';
}

const summaryColumns = {
  user: users,
  company: { id: companies.id, name: companies.name, vatId: companies.vatId },
  countryCode: countries.code,
};

type SummaryRow = { user: UserRow; company: { id: number; name: string; vatId: string | null } | null; countryCode: string | null };

function summaryOf(row: SummaryRow, now: Date): CustomerSummary {
  const { user } = row;
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    company:
      row.company && user.companyRole
        ? { id: row.company.id, name: row.company.name, vat_id: row.company.vatId, role: user.companyRole }
        : null,
    country_code: row.countryCode,
    user_group: user.userGroup,
    state: stateOf(user, now),
    created_at: user.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
  };
}

/** LIKE's own characters in what the desk typed are matched as themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** GET /api/desk/customers: newest first; `q` matches a word of the name, the e-mail, the company, its VAT id, or the country code. */
export async function findCustomers(ctx: Pick<CustomersContext, 'db' | 'clock'>, query: CustomersQuery) {
  const { q, page } = customersQuerySchema.parse(query);
  const like = `%${literal(q)}%`;
  const matches: SQL | undefined = q
    ? or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(users.email, like),
        ilike(users.companyName, like),
        ilike(companies.name, like),
        ilike(companies.vatId, like),
        q.length === 2 ? eq(countries.code, q.toUpperCase()) : undefined,
      )
    : undefined;
  const where = and(customer, matches);
  const base = () =>
    ctx.db
      .select(summaryColumns)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(countries, eq(countries.id, users.countryId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((page - 1) * CUSTOMERS_PAGE_SIZE),
    ctx.db
      .select({ n: count() })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(where),
  ]);
  const now = ctx.clock.now();
  return { customers: rows.map((row) => summaryOf(row, now)), total: total?.n ?? 0, page, per_page: CUSTOMERS_PAGE_SIZE };
}

async function customerRow(ctx: Pick<CustomersContext, 'db'>, id: number): Promise<SummaryRow> {
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(and(eq(users.id, id), customer));
  if (!row) throw new NotFound({ code: 'customer_not_found', message: 'Customer not found' });
  return row;
}

const RECENT = 20;

/** GET /api/desk/customers/{id}: profile, company and members, agreements with balances, downloads, payments, lists, sign-ins. */
export async function customerDetail(ctx: CustomersContext, id: number): Promise<CustomerDetail> {
  const row = await customerRow(ctx, id);
  const { user } = row;
  const now = ctx.clock.now();
  const [members, served, downloadsTotal, recent, payments, listsCount, signIns] = await Promise.all([
    user.companyId
      ? ctx.db.select().from(users).where(eq(users.companyId, user.companyId)).orderBy(asc(users.id))
      : Promise.resolve([] as UserRow[]),
    agreementsServing({ db: ctx.db, clock: ctx.clock }, user),
    ctx.db.select({ n: count() }).from(videoRequests).where(eq(videoRequests.userId, user.id)),
    ctx.db
      .select({ request: videoRequests, title: videoProjects.title })
      .from(videoRequests)
      .innerJoin(videoProjects, eq(videoProjects.id, videoRequests.projectId))
      .where(eq(videoRequests.userId, user.id))
      .orderBy(desc(videoRequests.id))
      .limit(RECENT),
    ctx.db.select().from(transactions).where(eq(transactions.userId, user.id)).orderBy(desc(transactions.id)).limit(RECENT),
    ctx.db.select({ n: count() }).from(lists).where(eq(lists.userId, user.id)),
    ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.createdAt)).limit(RECENT),
  ]);
  return {
    ...summaryOf(row, now),
    phone_number: user.phoneNumber,
    company_name: user.companyName,
    locked_until: user.lockedUntil && user.lockedUntil > now ? user.lockedUntil.toISOString() : null,
    members: members
      .filter((member) => member.companyRole !== null)
      .map((member) => ({
        id: member.id,
        name: `${member.firstName} ${member.lastName}`.trim(),
        email: member.email,
        state: stateOf(member, now),
        role: member.companyRole ?? 'member',
      })),
    // As the customer's master sees them (their balances, top-ups and acceptance).
    agreements: served.map(({ row: agreement, balances }) => agreementView(agreement, balances, user)),
    downloads: {
      total: downloadsTotal[0]?.n ?? 0,
      recent: recent.map(({ request, title }) => ({
        id: request.id,
        video_project_id: request.projectId,
        title,
        quality: request.quality,
        format: request.format,
        state: request.state,
        created_at: request.createdAt.toISOString(),
      })),
    },
    transactions: payments.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      provider: payment.provider,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      created_at: payment.createdAt.toISOString(),
    })),
    lists_count: listsCount[0]?.n ?? 0,
    sign_ins: signIns.map((session) => ({
      at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt.toISOString(),
      ip: session.ip,
      user_agent: session.userAgent,
    })),
  };
}

const notApplicable = (message: string) => new Conflict({ code: 'action_not_applicable', message });

/**
 * POST /api/desk/customers/{id}/{action}: deactivate (sessions end at once; a company's master
 * only once no other member is active), activate, unlock (failed sign-ins forgotten), or send the
 * confirmation again (an unconfirmed account). Each is one audit entry, in the change's transaction.
 */
export async function actOnCustomer(
  ctx: CustomersContext,
  actor: Actor,
  id: number,
  action: CustomerAction,
  links: { base: string },
): Promise<CustomerDetail> {
  const { user } = await customerRow(ctx, id);
  const now = ctx.clock.now();
  const before = { state: stateOf(user, now) };
  await ctx.db.transaction(async (tx) => {
    const change = (values: Partial<typeof users.$inferInsert>) =>
      tx
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id));
    switch (action) {
      case 'deactivate': {
        if (user.deactivatedAt) throw notApplicable('The account is deactivated already');
        if (user.companyId && user.companyRole === 'master') {
          const [others] = await tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.companyId, user.companyId), inArray(users.companyRole, ['member']), isNull(users.deactivatedAt)));
          if ((others?.n ?? 0) > 0)
            throw new Conflict({
              code: 'master_has_members',
              message: 'Deactivate the members of this company first, or make another member its master',
            });
        }
        await change({ deactivatedAt: now });
        await deleteUserSessions(tx, id);
        break;
      }
      case 'activate':
        if (!user.deactivatedAt) throw notApplicable('The account is active');
        await change({ deactivatedAt: null });
        break;
      case 'unlock':
        if (!user.lockedUntil && user.failedSignInCount === 0) throw notApplicable('The account is not locked');
        await change({ lockedUntil: null, failedSignInCount: 0 });
        break;
      case 'resend_confirmation':
        if (user.confirmedAt) throw notApplicable('The account is confirmed');
        await sendConfirmation(ctx, tx, user, links);
        break;
    }
    await recordAudit(tx, actor, { action: `customer.${action}`, subject: 'customer', subjectId: id, before, after: { action } }, now);
  });
  if (action === 'deactivate') ctx.sessionsEnded({ userId: id });
  if (action === 'resend_confirmation') ctx.mailer.kick();
  return customerDetail(ctx, id);
}

/**
 * GET /api/desk/customers/{id}/plan_details: the customer's plan details as they see them — the
 * same agreements and plan requests their own page is answered, computed as them.
 */
export async function customerPlanDetails(ctx: CustomersContext, id: number): Promise<CustomerPlanDetails> {
  const { user } = await customerRow(ctx, id);
  const [agreements, requests] = await Promise.all([listAgreements(ctx, user), listPlanRequests(ctx, user)]);
  return { agreements, plan_requests: requests };
}
