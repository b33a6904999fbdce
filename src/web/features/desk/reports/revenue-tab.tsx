import { useQuery } from '@tanstack/react-query';
import type { RevenueRow } from '../../../../common/desk-reports.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { REPORT_KEYS, csvHref, reportsApi, type ReportQuery } from './api.ts';
import { BarChart } from './bar-chart.tsx';
import { useReportFormats } from './formats.ts';
import { ReportTable, type Column } from './report-table.tsx';

/** What was kept per month (paid less refunded), one chart per currency: currencies are never added up. */
function monthlyTotals(rows: RevenueRow[]) {
  const by = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const months = by.get(row.currency) ?? new Map<string, number>();
    months.set(row.month, (months.get(row.month) ?? 0) + row.total_cents);
    by.set(row.currency, months);
  }
  return [...by.entries()];
}

/** Revenue (issue 29): per month, currency, product and plan; refunds apart, in the month they were made. */
export function RevenueTab({ filters }: { filters: ReportQuery }) {
  const { t } = useTranslation();
  const f = useReportFormats();
  const revenue = useQuery({
    queryKey: REPORT_KEYS.report('revenue', filters),
    queryFn: ({ signal }) => reportsApi.revenue(filters, signal),
  });
  const money = (cents: number, currency: string) => <bdi dir="ltr">{f.money(cents, currency)}</bdi>;
  const columns: Column<RevenueRow>[] = [
    { label: t('deskReports.columns.month'), cell: (row) => f.period(row.month) },
    { label: t('deskReports.columns.product'), cell: (row) => t(`deskReports.products.${row.kind}`) },
    { label: t('deskReports.columns.plan'), cell: (row) => (row.plan_id ? <bdi dir="ltr">{row.plan_id}</bdi> : '—') },
    { label: t('deskReports.columns.payments'), cell: (row) => <bdi>{f.number(row.payments)}</bdi>, numeric: true },
    { label: t('deskReports.columns.paid'), cell: (row) => money(row.paid_cents, row.currency), numeric: true },
    { label: t('deskReports.columns.refunds'), cell: (row) => <bdi>{f.number(row.refunds)}</bdi>, numeric: true },
    { label: t('deskReports.columns.refunded'), cell: (row) => money(row.refunded_cents, row.currency), numeric: true },
    { label: t('deskReports.columns.total'), cell: (row) => money(row.total_cents, row.currency), numeric: true },
  ];
  const charts = monthlyTotals(revenue.data?.rows ?? []).map(([currency, months]) => (
    <BarChart
      key={currency}
      label={t('deskReports.revenueChart', { currency })}
      testId={`revenue-chart-${currency}`}
      bars={[...months.entries()].map(([month, cents]) => ({
        key: month,
        label: f.period(month),
        value: Math.max(0, cents),
        text: f.money(cents, currency),
      }))}
    />
  ));
  return (
    <ReportTable
      title={t('deskReports.revenue')}
      testId="report-revenue"
      csv={csvHref('revenue', filters)}
      query={revenue}
      columns={columns}
      rowKey={(row) => [row.month, row.currency, row.kind, row.plan_id].join('-')}
      chart={<div className="desk-report__charts">{charts}</div>}
    />
  );
}
