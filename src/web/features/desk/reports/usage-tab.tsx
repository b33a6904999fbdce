import { useQuery } from '@tanstack/react-query';
import type { BalanceRow, UsageByPeriodRow, UsageRow } from '../../../../common/desk-reports.ts';
import { QUALITY_LABELS } from '../../../../common/catalogue-values.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { REPORT_KEYS, csvHref, reportsApi, type ReportQuery } from './api.ts';
import { BarChart } from './bar-chart.tsx';
import { useReportFormats } from './formats.ts';
import { ReportTable, type Column } from './report-table.tsx';

/** Every day (YYYY-MM-DD) or month (YYYY-MM) of the period, oldest first: a day without downloads is a bar of nothing. */
function periodsOf(from: string, to: string, group: string): string[] {
  const periods: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at.toISOString().slice(0, 10) <= to;) {
    const label = at.toISOString().slice(0, group === 'month' ? 7 : 10);
    if (periods.at(-1) !== label) periods.push(label);
    at = new Date(at.getTime() + 86_400_000);
  }
  return periods;
}

/** Downloads per period summed over kinds: the chart's bars, oldest first. */
function totals(rows: UsageByPeriodRow[], periods: string[]) {
  const by = new Map<string, number>(periods.map((period) => [period, 0]));
  for (const row of rows) by.set(row.period, (by.get(row.period) ?? 0) + row.downloads);
  return [...by.entries()];
}

/** Usage (issue 29): downloads per day or month with a chart, per customer and agreement, and balance items used. */
export function UsageTab({ filters, group }: { filters: ReportQuery; group: string }) {
  const { t } = useTranslation();
  const f = useReportFormats();
  const perPeriodQuery = { ...filters, group };
  const perPeriod = useQuery({
    queryKey: REPORT_KEYS.report('usage_by_period', perPeriodQuery),
    queryFn: ({ signal }) => reportsApi.usageByPeriod(perPeriodQuery, signal),
  });
  const usage = useQuery({ queryKey: REPORT_KEYS.report('usage', filters), queryFn: ({ signal }) => reportsApi.usage(filters, signal) });
  const balances = useQuery({
    queryKey: REPORT_KEYS.report('balances', filters),
    queryFn: ({ signal }) => reportsApi.balances(filters, signal),
  });
  const kind = (value: string) => t(`deskReports.kinds.${value}`);
  const count = (value: number) => <bdi>{f.number(value)}</bdi>;
  const agreement = (id: number | null, type: string | null) =>
    id === null ? t('deskReports.noAgreement') : `#${f.number(id)} ${type ? t(`planDetails.types.${type}`) : ''}`;

  const periodColumns: Column<UsageByPeriodRow>[] = [
    { label: t('deskReports.columns.period'), cell: (row) => f.period(row.period) },
    { label: t('deskReports.columns.kind'), cell: (row) => kind(row.kind) },
    { label: t('deskReports.columns.downloads'), cell: (row) => count(row.downloads), numeric: true },
  ];
  const usageColumns: Column<UsageRow>[] = [
    {
      label: t('deskReports.columns.customer'),
      cell: (row) => (
        <>
          <span dir="auto">{row.customer_name || row.customer_email}</span>
          <bdi className="desk-report__sub" dir="ltr">
            {row.customer_email}
          </bdi>
        </>
      ),
    },
    { label: t('deskReports.columns.company'), cell: (row) => <span dir="auto">{row.company_name ?? '—'}</span> },
    { label: t('deskReports.columns.agreement'), cell: (row) => agreement(row.agreement_id, row.agreement_type) },
    { label: t('deskReports.columns.kind'), cell: (row) => kind(row.kind) },
    { label: t('deskReports.columns.format'), cell: (row) => t(`deskReports.formats.${row.format}`) },
    { label: t('deskReports.columns.quality'), cell: (row) => <bdi>{QUALITY_LABELS[row.quality]}</bdi> },
    { label: t('deskReports.columns.downloads'), cell: (row) => count(row.downloads), numeric: true },
    { label: t('deskReports.columns.charged'), cell: (row) => count(row.charged), numeric: true },
  ];
  const balanceColumns: Column<BalanceRow>[] = [
    { label: t('deskReports.columns.agreement'), cell: (row) => agreement(row.agreement_id, row.agreement_type) },
    { label: t('deskReports.columns.owner'), cell: (row) => <span dir="auto">{row.owner}</span> },
    { label: t('deskReports.columns.kind'), cell: (row) => kind(row.kind) },
    { label: t('deskReports.columns.used'), cell: (row) => count(row.used), numeric: true },
    { label: t('deskReports.columns.returned'), cell: (row) => count(row.returned), numeric: true },
    { label: t('deskReports.columns.netUsed'), cell: (row) => count(row.net_used), numeric: true },
    { label: t('deskReports.columns.left'), cell: (row) => (row.left === null ? '—' : count(row.left)), numeric: true },
  ];
  const periods = perPeriod.data ? periodsOf(perPeriod.data.from, perPeriod.data.to, group) : [];
  const bars = totals(perPeriod.data?.rows ?? [], periods).map(([period, value]) => ({
    key: period,
    label: f.period(period),
    value,
    text: f.number(value),
  }));
  return (
    <>
      <ReportTable
        title={t(group === 'month' ? 'deskReports.perMonth' : 'deskReports.perDay')}
        testId="report-usage-by-period"
        csv={csvHref('usage_by_period', perPeriodQuery)}
        query={perPeriod}
        columns={periodColumns}
        rowKey={(row) => `${row.period}-${row.kind}`}
        chart={<BarChart bars={bars} label={t('deskReports.downloadsChart')} testId="usage-chart" />}
      />
      <ReportTable
        title={t('deskReports.usage')}
        testId="report-usage"
        csv={csvHref('usage', filters)}
        query={usage}
        columns={usageColumns}
        rowKey={(row) => [row.customer_id, row.agreement_id, row.kind, row.format, row.quality].join('-')}
      />
      <ReportTable
        title={t('deskReports.balances')}
        testId="report-balances"
        csv={csvHref('balances', filters)}
        query={balances}
        columns={balanceColumns}
        rowKey={(row) => `${row.agreement_id}-${row.kind}`}
      />
    </>
  );
}
