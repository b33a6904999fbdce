import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { CustomerSummary } from '../../../../common/customers.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { formatDay } from '../../../lib/money.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import '../../../ui/field.css';
import { DESK_KEYS, deskApi } from '../api.ts';
import { PagedTable, useFilterForm } from '../paged-table.tsx';

/**
 * /{locale}/desk/customers (sales role, issue 29): customers found by a word of the name, the
 * e-mail, the company, its VAT id or the country code; newest first, page by page.
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const { given, submit, field } = useFilterForm({ q: '' });
  const query = useInfiniteQuery({
    queryKey: DESK_KEYS.customers(given),
    queryFn: ({ pageParam, signal }) => deskApi.customers({ ...given, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
  });
  const customers = query.data?.pages.flatMap((page) => page.customers) ?? [];
  return (
    <section className="desk-customers" data-testid="desk-customers">
      <h1>{t('desk.menu.customers')}</h1>
      <form className="desk-filters" onSubmit={submit} role="search" data-testid="customers-search">
        <TextField label={t('desk.customers.search')} hint={t('desk.customers.searchHint')} {...field('q')} data-testid="customers-q" />
        <Button type="submit" size="small" data-testid="customers-find">
          {t('desk.customers.find')}
        </Button>
      </form>
      {query.data ? <p data-testid="customers-total">{t('desk.customers.total', { count: query.data.pages[0]?.total ?? 0 })}</p> : null}
      <PagedTable
        query={query}
        rows={customers.length}
        columns={[
          t('desk.customers.name'),
          t('desk.customers.email'),
          t('desk.customers.company'),
          t('desk.customers.country'),
          t('desk.customers.state'),
          t('desk.customers.since'),
        ]}
        texts={{ failed: t('desk.customers.failed'), empty: t('desk.customers.empty'), more: t('desk.customers.more') }}
        testIds={{ table: 'customers-table', empty: 'customers-empty' }}
      >
        {customers.map((customer) => (
          <CustomerRow key={customer.id} customer={customer} />
        ))}
      </PagedTable>
    </section>
  );
}

function CustomerRow({ customer }: { customer: CustomerSummary }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  return (
    <tr data-testid="customer-row" data-id={customer.id}>
      <td>
        <Link to={`/${locale}/desk/customers/${customer.id}`} dir="auto" data-testid="customer-link">
          {customer.name || customer.email}
        </Link>
      </td>
      <td>
        <bdi dir="ltr">{customer.email}</bdi>
      </td>
      <td dir="auto">{customer.company ? `${customer.company.name} · ${t(`desk.customers.roles.${customer.company.role}`)}` : '—'}</td>
      <td>{customer.country_code ?? '—'}</td>
      <td>
        <span className="status-badge" data-status={customer.state} data-testid="customer-state">
          {t(`desk.customers.states.${customer.state}`)}
        </span>
      </td>
      <td>{formatDay(customer.created_at, locale, timeZone)}</td>
    </tr>
  );
}
