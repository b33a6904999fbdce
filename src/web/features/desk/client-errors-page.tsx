import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { CLIENT_ERROR_KINDS } from '../../../common/client-error-limits.ts';
import type { ClientError } from '../../../common/client-errors.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import { DESK_KEYS, deskApi } from './api.ts';
import { PagedTable, useFilterForm } from './paged-table.tsx';

type Filters = { q: string; kind: string; status: string; from: string; to: string };
const NO_FILTERS: Filters = { q: '', kind: '', status: '', from: '', to: '' };

/**
 * /{locale}/desk/client-errors (admin role): what failed in customers' browsers, newest first,
 * filtered by text, kind, the failed call's status (0: no answer) and the day received; a row
 * opens to its stack and browser.
 */
export function ClientErrorsPage() {
  const { t } = useTranslation();
  const { given, submit, field } = useFilterForm<Filters>(NO_FILTERS);
  const query = useInfiniteQuery({
    queryKey: DESK_KEYS.clientErrors(given),
    queryFn: ({ pageParam, signal }) => deskApi.clientErrors({ ...given, before_id: pageParam ?? undefined }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before_id,
  });
  const reports = query.data?.pages.flatMap((page) => page.client_errors) ?? [];
  return (
    <section className="desk-client-errors" data-testid="desk-client-errors">
      <h1>{t('desk.menu.clientErrors')}</h1>
      <p className="desk__lead">{t('desk.clientErrors.lead')}</p>
      <form className="desk-filters" onSubmit={submit} data-testid="client-error-filters">
        <TextField label={t('desk.clientErrors.text')} name="q" {...field('q')} />
        <SelectField
          label={t('desk.clientErrors.kind')}
          name="kind"
          placeholder={t('desk.clientErrors.anyKind')}
          options={CLIENT_ERROR_KINDS.map((kind) => ({ value: kind, label: t(`desk.clientErrors.kinds.${kind}`) }))}
          {...field('kind')}
        />
        <TextField label={t('desk.clientErrors.status')} name="status" inputMode="numeric" {...field('status')} />
        <TextField label={t('desk.clientErrors.from')} name="from" type="date" {...field('from')} />
        <TextField label={t('desk.clientErrors.to')} name="to" type="date" {...field('to')} />
        <Button type="submit" size="small">
          {t('desk.clientErrors.filter')}
        </Button>
      </form>
      <PagedTable
        query={query}
        rows={reports.length}
        columns={[
          t('desk.clientErrors.at'),
          t('desk.clientErrors.kind'),
          t('desk.clientErrors.message'),
          t('desk.clientErrors.call'),
          t('desk.clientErrors.who'),
        ]}
        texts={{ failed: t('desk.clientErrors.failed'), empty: t('desk.clientErrors.empty'), more: t('desk.clientErrors.more') }}
        testIds={{ table: 'client-errors', empty: 'client-errors-empty' }}
      >
        {reports.map((report) => (
          <ClientErrorRow key={report.id} report={report} />
        ))}
      </PagedTable>
    </section>
  );
}

function ClientErrorRow({ report }: { report: ClientError }) {
  const { t, i18n } = useTranslation();
  const call = report.request;
  return (
    <tr data-testid="client-error">
      <td>{new Date(report.received_at).toLocaleString(i18n.language)}</td>
      <td>{t(`desk.clientErrors.kinds.${report.kind}`)}</td>
      <td className="desk-client-errors__message">
        <details>
          <summary dir="ltr">{report.message}</summary>
          <dl className="desk-client-errors__detail">
            <dt>{t('desk.clientErrors.page')}</dt>
            <dd dir="ltr">{report.url}</dd>
            <dt>{t('desk.clientErrors.occurredAt')}</dt>
            <dd>{new Date(report.occurred_at).toLocaleString(i18n.language)}</dd>
            <dt>{t('desk.clientErrors.browser')}</dt>
            <dd dir="ltr">{report.user_agent ?? '—'}</dd>
            <dt>{t('desk.clientErrors.release')}</dt>
            <dd dir="ltr">{report.release ?? '—'}</dd>
            <dt>{t('desk.clientErrors.address')}</dt>
            <dd dir="ltr">{report.ip ?? '—'}</dd>
            <dt>{t('desk.clientErrors.stack')}</dt>
            <dd>
              <pre dir="ltr" data-testid="client-error-stack">
                {report.stack ?? '—'}
              </pre>
            </dd>
          </dl>
        </details>
      </td>
      <td dir="ltr">
        {call ? (
          <code>
            {call.method} {call.path} → {call.status === 0 ? t('desk.clientErrors.noAnswer') : call.status}
            {call.code ? ` ${call.code}` : ''}
          </code>
        ) : (
          '—'
        )}
      </td>
      <td>{report.user ? `${report.user.email} (${report.user.id})` : t('desk.clientErrors.visitor')}</td>
    </tr>
  );
}
