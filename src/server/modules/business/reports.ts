import { and, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REPORT_MAX_ROWS,
  reportPeriod,
  usageByPeriodQuerySchema,
  usageQuerySchema,
  type BalanceRow,
  type ReportAnswer,
  type UsageByPeriodQuery,
  type UsageByPeriodRow,
  type UsageKind,
  type UsageQuery,
  type UsageRow,
} from '../../../common/desk-reports.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { agreementBalances, agreementOperations, agreements } from '../agreements/schema.ts';
import { videoProjects as p } from '../catalogue/schema.ts';
import { videoRequests } from '../downloads/schema.ts';

export type ReportsContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * The business desk's reports on usage (issue 29): downloads per customer, agreement, kind, format
 * and quality; per day or month; and balance items used per agreement. Everything is counted by
 * the database (GROUP BY) over a bounded period (docs/decisions.md "Reports").
 */

/** The period's first moment and the moment after its last day (UTC), or the 422 that says why not. */
export function periodOf(ctx: Pick<ReportsContext, 'clock'>, asked: { from?: string | undefined; to?: string | undefined }) {
  const period = reportPeriod(asked, ctx.clock.now().toISOString().slice(0, 10));
  if ('error' in period)
    throw new Invalid({
      code: period.error,
      field: 'from',
      message: period.error === 'period_reversed' ? 'The period ends before it starts' : 'The period is longer than 3 years',
    });
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + 86_400_000);
  return { ...period, start, end };
}

/** The answer's rows, at most REPORT_MAX_ROWS (the query asked for one more, to know). */
export function answer<R>(period: { from: string; to: string }, rows: R[]): ReportAnswer<R> {
  return { from: period.from, to: period.to, rows: rows.slice(0, REPORT_MAX_ROWS), truncated: rows.length > REPORT_MAX_ROWS };
}

/** LIKE's own characters in what the desk typed are matched as themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The customer asked for: an account id, or a word of the name, the e-mail or the company (a company's members all match). */
function customerIs(customer: string | undefined, user: typeof users, company: typeof companies): SQL | undefined {
  if (!customer) return undefined;
  if (/^\d{1,9}$/.test(customer)) return eq(user.id, Number(customer));
  const like = `%${literal(customer)}%`;
  return or(
    ilike(sql`${user.firstName} || ' ' || ${user.lastName}`, like),
    ilike(user.email, like),
    ilike(user.companyName, like),
    ilike(company.name, like),
  );
}

/**
 * What a download counts as: the kind of the balance item it charged, else that of the video
 * (free material, or a repeat that charged nothing). Literals only, so GROUP BY matches it.
 */
const usageKind = sql<UsageKind>`coalesce(${agreementOperations.kind}, case when ${p.freeAccess} then 'free' when ${p.limitType} in ('pool', 'spherical') then ${p.limitType} else 'standard' end)`;

/** A download counts once asked for, unless its file failed or was cancelled (its charge then given back), as the daily limit counts. */
function downloadsIn(period: { start: Date; end: Date }, query: { customer?: string | undefined; agreement_id?: number | undefined }) {
  return and(
    gte(videoRequests.createdAt, period.start),
    lt(videoRequests.createdAt, period.end),
    notInArray(videoRequests.state, ['failed', 'cancelled']),
    customerIs(query.customer, users, companies),
    query.agreement_id ? eq(videoRequests.agreementId, query.agreement_id) : undefined,
  );
}

const downloadsCount = sql<number>`count(*)::int`;

/** GET /api/desk/reports/usage: downloads per customer, agreement, kind, format and quality, most first. */
export async function usageReport(ctx: ReportsContext, input: UsageQuery): Promise<ReportAnswer<UsageRow>> {
  const query = usageQuerySchema.parse(input);
  const period = periodOf(ctx, query);
  const rows = await ctx.db
    .select({
      customer_id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      customer_email: users.email,
      company_name: companies.name,
      agreement_id: agreements.id,
      agreement_type: agreements.agreementType,
      kind: usageKind,
      format: videoRequests.format,
      quality: videoRequests.quality,
      downloads: downloadsCount,
      charged: sql<number>`count(${videoRequests.operationId})::int`,
    })
    .from(videoRequests)
    .innerJoin(users, eq(users.id, videoRequests.userId))
    .innerJoin(p, eq(p.id, videoRequests.projectId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(agreements, eq(agreements.id, videoRequests.agreementId))
    .leftJoin(agreementOperations, eq(agreementOperations.id, videoRequests.operationId))
    .where(downloadsIn(period, query))
    .groupBy(users.id, companies.id, agreements.id, usageKind, videoRequests.format, videoRequests.quality)
    .orderBy(desc(downloadsCount), users.id, agreements.id, usageKind, videoRequests.format, videoRequests.quality)
    .limit(REPORT_MAX_ROWS + 1);
  return answer(
    period,
    rows.map(({ first_name, last_name, ...row }) => ({ ...row, customer_name: `${first_name} ${last_name}`.trim() })),
  );
}

/** GET /api/desk/reports/usage_by_period: downloads per day or month (UTC) and kind, oldest first. */
export async function usageByPeriodReport(ctx: ReportsContext, input: UsageByPeriodQuery): Promise<ReportAnswer<UsageByPeriodRow>> {
  const query = usageByPeriodQuerySchema.parse(input);
  const period = periodOf(ctx, query);
  // The pattern is one of two literals (never a parameter), so GROUP BY matches the expression.
  const pattern = sql.raw(query.group === 'month' ? `'YYYY-MM'` : `'YYYY-MM-DD'`);
  const when = sql<string>`to_char(${videoRequests.createdAt} at time zone 'UTC', ${pattern})`;
  const rows = await ctx.db
    .select({ period: when, kind: usageKind, downloads: downloadsCount })
    .from(videoRequests)
    .innerJoin(users, eq(users.id, videoRequests.userId))
    .innerJoin(p, eq(p.id, videoRequests.projectId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(agreementOperations, eq(agreementOperations.id, videoRequests.operationId))
    .where(downloadsIn(period, query))
    .groupBy(when, usageKind)
    .orderBy(when, usageKind)
    .limit(REPORT_MAX_ROWS + 1);
  return answer(period, rows);
}

const ownerUser = alias(users, 'owner_user');
const ownerCompany = alias(companies, 'owner_company');

/**
 * GET /api/desk/reports/balances: balance items per agreement and kind used by downloads in the
 * period, given back (a file that was never made), and what is left now. The customer filter is
 * on who downloaded, as in the usage report.
 */
export async function balancesReport(ctx: ReportsContext, input: UsageQuery): Promise<ReportAnswer<BalanceRow>> {
  const query = usageQuerySchema.parse(input);
  const period = periodOf(ctx, query);
  const used = sql<number>`coalesce(sum(case when ${agreementOperations.operationType} = 'download' then -${agreementOperations.amount} else 0 end), 0)::int`;
  const returned = sql<number>`coalesce(sum(case when ${agreementOperations.operationType} = 'download_returned' then ${agreementOperations.amount} else 0 end), 0)::int`;
  const rows = await ctx.db
    .select({
      agreement_id: agreements.id,
      agreement_type: agreements.agreementType,
      company: ownerCompany.name,
      owner_email: ownerUser.email,
      claim_email: agreements.claimEmail,
      kind: agreementOperations.kind,
      used,
      returned,
      left: agreementBalances.amount,
    })
    .from(agreementOperations)
    .innerJoin(agreements, eq(agreements.id, agreementOperations.agreementId))
    .leftJoin(users, eq(users.id, agreementOperations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(ownerUser, eq(ownerUser.id, agreements.userId))
    .leftJoin(ownerCompany, eq(ownerCompany.id, agreements.companyId))
    .leftJoin(
      agreementBalances,
      and(eq(agreementBalances.agreementId, agreementOperations.agreementId), eq(agreementBalances.kind, agreementOperations.kind)),
    )
    .where(
      and(
        inArray(agreementOperations.operationType, ['download', 'download_returned']),
        gte(agreementOperations.createdAt, period.start),
        lt(agreementOperations.createdAt, period.end),
        customerIs(query.customer, users, companies),
        query.agreement_id ? eq(agreementOperations.agreementId, query.agreement_id) : undefined,
      ),
    )
    .groupBy(agreements.id, ownerCompany.id, ownerUser.id, agreementOperations.kind, agreementBalances.amount)
    .orderBy(desc(used), agreements.id, agreementOperations.kind)
    .limit(REPORT_MAX_ROWS + 1);
  return answer(
    period,
    rows.map(({ company, owner_email, claim_email, ...row }) => ({
      ...row,
      owner: company ?? owner_email ?? claim_email ?? '',
      net_used: row.used - row.returned,
    })),
  );
}
