import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';

/** What a desk list needs of its infinite query. */
type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type Props = {
  query: PagedQuery;
  rows: number;
  /** The column headings. */
  columns: string[];
  texts: { failed: string; empty: string; more: string };
  testIds: { table: string; empty: string };
  children: ReactNode;
};

/** A desk list read page by page (the audit log, browser errors): loading, failure, empty, the table, and "more". */
export function PagedTable({ query, rows, columns, texts, testIds, children }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? <LoadingFallback label={t('common.loading')} /> : null}
      {query.isError ? <p role="alert">{texts.failed}</p> : null}
      {query.isSuccess && rows === 0 ? <p data-testid={testIds.empty}>{texts.empty}</p> : null}
      {rows > 0 ? (
        <div className="desk-table__scroll">
          <table className="desk-table" data-testid={testIds.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {texts.more}
        </Button>
      ) : null}
    </>
  );
}

/**
 * A desk list's filter form: what is typed (`draft`) and what was submitted (`given`, only the
 * filters with a value, as the query sends them); `field(name)` binds a control.
 */
export function useFilterForm<F extends Record<string, string>>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const field = (name: keyof F) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return { given, submit, field };
}
