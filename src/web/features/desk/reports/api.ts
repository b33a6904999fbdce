import type {
  BalanceRow,
  ReportAnswer,
  ReportName,
  RevenueRow,
  SearchWithoutResultsRow,
  TopDownloadRow,
  UsageByPeriodRow,
  UsageRow,
} from '../../../../common/desk-reports.ts';
import { api } from '../../../lib/api.ts';

/** The filters a report is asked with, as the query sends them (only those with a value). */
export type ReportQuery = Record<string, string>;

/** Query keys of the reports; sign-out forgets them with the desk's other answers (they start with 'desk'). */
export const REPORT_KEYS = {
  report: (name: ReportName, query: ReportQuery) => ['desk', 'reports', name, query] as const,
};

const report =
  <R>(name: ReportName) =>
  (query: ReportQuery, signal?: AbortSignal) =>
    api.get<ReportAnswer<R>>(`/api/desk/reports/${name}`, { query, signal });

/** The business desk's reports (src/server/modules/business/report-routes.ts), typed by the shared contracts. */
export const reportsApi = {
  usage: report<UsageRow>('usage'),
  usageByPeriod: report<UsageByPeriodRow>('usage_by_period'),
  balances: report<BalanceRow>('balances'),
  revenue: report<RevenueRow>('revenue'),
  topDownloads: report<TopDownloadRow>('top_downloads'),
  searchesWithoutResults: report<SearchWithoutResultsRow>('searches_without_results'),
};

/** The same report as a CSV file: a plain link, so the browser downloads it with the session's cookie. */
export function csvHref(name: ReportName, query: ReportQuery): string {
  const search = new URLSearchParams(query).toString();
  return `/api/desk/reports/${name}.csv${search ? `?${search}` : ''}`;
}
