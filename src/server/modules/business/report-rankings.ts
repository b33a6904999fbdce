import { and, desc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import {
  REPORT_MAX_ROWS,
  rankedQuerySchema,
  revenueQuerySchema,
  revenueRowSchema,
  type RankedQuery,
  type ReportAnswer,
  type RevenueQuery,
  type RevenueRow,
  type SearchWithoutResultsRow,
  type TopDownloadRow,
} from '../../../common/desk-reports.ts';
import { videoProjects as p, searches } from '../catalogue/schema.ts';
import { videoRequests } from '../downloads/schema.ts';
import { transactions } from '../payments/schema.ts';
import { answer, periodOf, type ReportsContext } from './reports.ts';

/**
 * The business desk's reports on money and the catalogue (issue 29): revenue per month and plan,
 * the most downloaded videos, and the searches that found nothing (docs/decisions.md "Reports").
 */

/**
 * GET /api/desk/reports/revenue: payments per month (UTC), currency, product and plan, in minor
 * units with VAT, counted in the month paid; a refund is shown apart, in the month it was made, and
 * `total_cents` is what was paid less what was given back that month. Currencies are never added up.
 */
export async function revenueReport(ctx: ReportsContext, input: RevenueQuery): Promise<ReportAnswer<RevenueRow>> {
  const query = revenueQuerySchema.parse(input);
  const period = periodOf(ctx, query);
  const t = transactions;
  const [start, end] = [period.start.toISOString(), period.end.toISOString()];
  const month = (column: typeof t.paidAt) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
  const result: unknown = await ctx.db.execute(sql`
    select month, currency, kind, plan_id,
      sum(payments)::int as payments, sum(paid)::int as paid_cents,
      sum(refunds)::int as refunds, sum(refunded)::int as refunded_cents, (sum(paid) - sum(refunded))::int as total_cents
    from (
      select ${month(t.paidAt)} as month, ${t.currency} as currency, ${t.kind} as kind, ${t.planId} as plan_id,
        1 as payments, ${t.amountCents} as paid, 0 as refunds, 0 as refunded
      from ${t}
      where ${t.status} in ('succeeded', 'refunded') and ${t.paidAt} >= ${start}::timestamptz and ${t.paidAt} < ${end}::timestamptz
      union all
      select ${month(t.refundedAt)}, ${t.currency}, ${t.kind}, ${t.planId}, 0, 0, 1, ${t.amountCents}
      from ${t}
      where ${t.status} = 'refunded' and ${t.refundedAt} >= ${start}::timestamptz and ${t.refundedAt} < ${end}::timestamptz
    ) as moves
    group by month, currency, kind, plan_id
    order by month, currency, kind, plan_id nulls first
    limit ${REPORT_MAX_ROWS + 1}`);
  const rows = rowsOf(result);
  return answer(
    period,
    rows.map((row) => revenueRowSchema.parse(row)),
  );
}

/** GET /api/desk/reports/top_downloads: the videos downloaded most in the period (as the usage report counts), with how many customers. */
export async function topDownloadsReport(ctx: ReportsContext, input: RankedQuery): Promise<ReportAnswer<TopDownloadRow>> {
  const query = rankedQuerySchema.parse(input);
  const period = periodOf(ctx, query);
  const downloads = sql<number>`count(*)::int`;
  const rows = await ctx.db
    .select({
      video_project_id: p.id,
      title: p.title,
      downloads,
      customers: sql<number>`count(distinct ${videoRequests.userId})::int`,
    })
    .from(videoRequests)
    .innerJoin(p, eq(p.id, videoRequests.projectId))
    .where(
      and(
        gte(videoRequests.createdAt, period.start),
        lt(videoRequests.createdAt, period.end),
        notInArray(videoRequests.state, ['failed', 'cancelled']),
      ),
    )
    .groupBy(p.id)
    .orderBy(desc(downloads), desc(p.id))
    .limit(query.limit);
  return answer(period, rows);
}

/**
 * GET /api/desk/reports/searches_without_results: the search page's searches that found nothing,
 * by their text in lower case (the search already trims it and keeps one space between words),
 * most searched first.
 */
export async function searchesWithoutResultsReport(
  ctx: ReportsContext,
  input: RankedQuery,
): Promise<ReportAnswer<SearchWithoutResultsRow>> {
  const query = rankedQuerySchema.parse(input);
  const period = periodOf(ctx, query);
  const text = sql<string>`lower(${searches.query})`;
  const times = sql<number>`count(*)::int`;
  const last = sql<Date>`max(${searches.createdAt})`;
  const rows = await ctx.db
    .select({ query: text, searches: times, last: sql<string>`to_char(${last} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` })
    .from(searches)
    // `= 0` written out, so the planner can prove the partial index searches_empty_idx applies.
    .where(and(sql`${searches.results} = 0`, gte(searches.createdAt, period.start), lt(searches.createdAt, period.end)))
    .groupBy(text)
    .orderBy(desc(times), desc(last), text)
    .limit(query.limit);
  return answer(
    period,
    rows.map(({ last: at, ...row }) => ({ ...row, last_searched_at: at })),
  );
}
