import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { SearchWithoutResultsRow, TopDownloadRow } from '../../../../common/desk-reports.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { REPORT_KEYS, csvHref, reportsApi, type ReportQuery } from './api.ts';
import { useReportFormats } from './formats.ts';
import { ReportTable, type Column } from './report-table.tsx';

/** The most downloaded videos in the period, each linked to its desk page. */
export function TopDownloadsTab({ filters }: { filters: ReportQuery }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const f = useReportFormats();
  const top = useQuery({
    queryKey: REPORT_KEYS.report('top_downloads', filters),
    queryFn: ({ signal }) => reportsApi.topDownloads(filters, signal),
  });
  const columns: Column<TopDownloadRow>[] = [
    {
      label: t('deskReports.columns.video'),
      cell: (row) => (
        <Link to={`/${locale}/videos/${row.video_project_id}`} dir="auto">
          {row.title}
        </Link>
      ),
    },
    { label: t('deskReports.columns.downloads'), cell: (row) => <bdi>{f.number(row.downloads)}</bdi>, numeric: true },
    { label: t('deskReports.columns.customers'), cell: (row) => <bdi>{f.number(row.customers)}</bdi>, numeric: true },
  ];
  return (
    <ReportTable
      title={t('deskReports.topDownloads')}
      testId="report-top-downloads"
      csv={csvHref('top_downloads', filters)}
      query={top}
      columns={columns}
      rowKey={(row) => String(row.video_project_id)}
    />
  );
}

/** What people searched for on the search page and did not find, most searched first. */
export function SearchesTab({ filters }: { filters: ReportQuery }) {
  const { t } = useTranslation();
  const f = useReportFormats();
  const searches = useQuery({
    queryKey: REPORT_KEYS.report('searches_without_results', filters),
    queryFn: ({ signal }) => reportsApi.searchesWithoutResults(filters, signal),
  });
  const columns: Column<SearchWithoutResultsRow>[] = [
    { label: t('deskReports.columns.query'), cell: (row) => <bdi dir="auto">{row.query}</bdi> },
    { label: t('deskReports.columns.searches'), cell: (row) => <bdi>{f.number(row.searches)}</bdi>, numeric: true },
    { label: t('deskReports.columns.lastSearched'), cell: (row) => f.moment(row.last_searched_at) },
  ];
  return (
    <ReportTable
      title={t('deskReports.searches')}
      testId="report-searches"
      csv={csvHref('searches_without_results', filters)}
      query={searches}
      columns={columns}
      rowKey={(row) => row.query}
    />
  );
}
