import { z } from 'zod';
import { AGREEMENT_TYPES, CURRENCIES } from './agreement-values.ts';
import { VIDEO_FORMATS, QUALITIES } from './catalogue-values.ts';
import { PURCHASE_KINDS } from './payment-values.ts';

/**
 * The business desk's reports (issue 29): usage per customer, agreement and period, balances used,
 * revenue per month and plan, the most downloaded videos and the searches that found nothing. One
 * table per report, each as JSON or CSV (the path with `.csv`); the same contract serves the routes and the desk's page.
 * Periods are calendar days in UTC, both ends included (docs/decisions.md "Reports").
 */

export const REPORTS = ['usage', 'usage_by_period', 'balances', 'revenue', 'top_downloads', 'searches_without_results'] as const;
export type ReportName = (typeof REPORTS)[number];

/** A period without dates is the last 30 days (today included); one longer than about 3 years is refused. */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 1_100;
/** A report answers at most this many rows (its CSV too); `truncated` says when there were more. */
export const REPORT_MAX_ROWS = 5_000;

/** What a download is counted as: free material, or the balance kind of paid material (standard, pool, 360). */
export const USAGE_KINDS = ['free', 'standard', 'pool', 'spherical'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
export const REPORT_GROUPS = ['day', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

const DAY_MS = 86_400_000;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period a report covers: the days asked for, or the default ending today; or why it cannot be. */
export function reportPeriod(
  asked: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } | { error: 'period_reversed' | 'period_too_long' } {
  const to = asked.to ?? (asked.from && asked.from > today ? asked.from : today);
  const from = asked.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) return { error: 'period_reversed' };
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > REPORT_MAX_DAYS) return { error: 'period_too_long' };
  return { from, to };
}

/** Each report answers at its path as JSON, and at the path with `.csv` as a CSV file of the same rows. */
const periodQuery = z.object({ from: day.optional(), to: day.optional() });
export const usageQuerySchema = periodQuery.extend({
  /** The customer: their account id, or a word of the name, the e-mail or the company. */
  customer: z.string().trim().max(200, 'validation.max_length').optional(),
  agreement_id: z.coerce.number().int().positive().optional(),
});
export type UsageQuery = z.input<typeof usageQuerySchema>;
export const usageByPeriodQuerySchema = usageQuerySchema.extend({ group: z.enum(REPORT_GROUPS).default('day') });
export type UsageByPeriodQuery = z.input<typeof usageByPeriodQuerySchema>;
export const revenueQuerySchema = periodQuery;
export type RevenueQuery = z.input<typeof revenueQuerySchema>;
export const rankedQuerySchema = periodQuery.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export type RankedQuery = z.input<typeof rankedQuerySchema>;

const count = z.number().int();
const agreementType = z.enum(AGREEMENT_TYPES);

/** Downloads per customer (the account that downloaded), agreement, kind, format and quality. */
export const usageRowSchema = z.object({
  customer_id: count,
  customer_name: z.string(),
  customer_email: z.string(),
  company_name: z.string().nullable(),
  agreement_id: count.nullable(),
  agreement_type: agreementType.nullable(),
  kind: z.enum(USAGE_KINDS),
  format: z.enum(VIDEO_FORMATS),
  quality: z.enum(QUALITIES),
  downloads: count,
  /** Of which charged an item of a balance (a repeat, or free material, charges nothing). */
  charged: count,
});
/** Downloads per day or month (YYYY-MM-DD or YYYY-MM) and kind: the chart's numbers. */
export const usageByPeriodRowSchema = z.object({ period: z.string(), kind: z.enum(USAGE_KINDS), downloads: count });
/** Balance items per agreement and kind: used by downloads, given back (a file not made), and left now. */
export const balanceRowSchema = z.object({
  agreement_id: count,
  agreement_type: agreementType,
  owner: z.string(),
  kind: z.enum(['standard', 'pool', 'spherical']),
  used: count,
  returned: count,
  net_used: count,
  left: count.nullable(),
});
/** Payments per month, currency, product and plan, in minor units, VAT included; refunds apart, in the month refunded. */
export const revenueRowSchema = z.object({
  month: z.string(),
  currency: z.enum(CURRENCIES),
  kind: z.enum(PURCHASE_KINDS),
  plan_id: z.string().nullable(),
  payments: count,
  paid_cents: count,
  refunds: count,
  refunded_cents: count,
  total_cents: count,
});
export const topDownloadRowSchema = z.object({ video_project_id: count, title: z.string(), downloads: count, customers: count });
/** Searches of the search page that found nothing, by their text (trimmed, one space, lower case). */
export const searchWithoutResultsRowSchema = z.object({ query: z.string(), searches: count, last_searched_at: z.string() });

const answerOf = <S extends z.ZodTypeAny>(row: S) =>
  z.object({ from: z.string(), to: z.string(), rows: z.array(row), truncated: z.boolean() });
export const REPORT_ROWS = {
  usage: usageRowSchema,
  usage_by_period: usageByPeriodRowSchema,
  balances: balanceRowSchema,
  revenue: revenueRowSchema,
  top_downloads: topDownloadRowSchema,
  searches_without_results: searchWithoutResultsRowSchema,
} as const satisfies Record<ReportName, z.ZodObject>;

export const usageAnswerSchema = answerOf(usageRowSchema);
export const usageByPeriodAnswerSchema = answerOf(usageByPeriodRowSchema);
export const balancesAnswerSchema = answerOf(balanceRowSchema);
export const revenueAnswerSchema = answerOf(revenueRowSchema);
export const topDownloadsAnswerSchema = answerOf(topDownloadRowSchema);
export const searchesWithoutResultsAnswerSchema = answerOf(searchWithoutResultsRowSchema);

export type UsageRow = z.infer<typeof usageRowSchema>;
export type UsageByPeriodRow = z.infer<typeof usageByPeriodRowSchema>;
export type BalanceRow = z.infer<typeof balanceRowSchema>;
export type RevenueRow = z.infer<typeof revenueRowSchema>;
export type TopDownloadRow = z.infer<typeof topDownloadRowSchema>;
export type SearchWithoutResultsRow = z.infer<typeof searchWithoutResultsRowSchema>;
export type ReportAnswer<R> = { from: string; to: string; rows: R[]; truncated: boolean };

/** A CSV's columns: the row's fields, in the contract's order (the header row names them). */
export const reportColumns = (name: ReportName): string[] => Object.keys(REPORT_ROWS[name].shape);
