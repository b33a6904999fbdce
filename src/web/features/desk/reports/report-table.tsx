import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ReportAnswer } from '../../../../common/desk-reports.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { LoadingFallback } from '../../../ui/loading.tsx';
import './reports.css';

export type Column<R> = { label: string; cell: (row: R) => ReactNode; numeric?: boolean };

type Props<R> = {
  title: string;
  testId: string;
  csv: string;
  query: UseQueryResult<ReportAnswer<R>>;
  columns: Column<R>[];
  rowKey: (row: R, index: number) => string;
  /** A chart of the same rows, above the table. */
  chart?: ReactNode;
};

/** One report's table with its "Download CSV" link: loading, failure, empty, the rows, and a note when they were cut. */
export function ReportTable<R>({ title, testId, csv, query, columns, rowKey, chart }: Props<R>) {
  const { t } = useTranslation();
  const rows = query.data?.rows ?? [];
  return (
    <section className="desk-report" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <header className="desk-report__head">
        <h2 id={`${testId}-title`}>{title}</h2>
        <a className="desk-report__csv" href={csv} download data-testid={`${testId}-csv`}>
          {t('deskReports.csv')}
        </a>
      </header>
      {query.isPending ? <LoadingFallback label={t('common.loading')} /> : null}
      {query.isError ? <p role="alert">{errorText(query.error, translateIfExists)}</p> : null}
      {query.isSuccess && rows.length === 0 ? <p data-testid={`${testId}-empty`}>{t('deskReports.empty')}</p> : null}
      {rows.length > 0 ? (
        <>
          {chart}
          <div className="desk-table__scroll">
            <table className="desk-table desk-report__table" data-testid={`${testId}-table`}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.label} scope="col" data-numeric={column.numeric ? '' : undefined}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={rowKey(row, index)} data-testid={`${testId}-row`}>
                    {columns.map((column) => (
                      <td key={column.label} data-numeric={column.numeric ? '' : undefined}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.data?.truncated ? <p className="desk-report__note">{t('deskReports.truncated', { shown: rows.length })}</p> : null}
        </>
      ) : null}
    </section>
  );
}
