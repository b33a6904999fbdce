import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { deskRefundBodySchema, type DeskTransaction, type DeskTransactionDetail } from '../../../common/desk-payments.ts';
import { PAYMENT_PROVIDERS, TRANSACTION_STATUSES } from '../../../common/payment-values.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import '../../ui/field.css';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from './api.ts';
import { PagedTable, useFilterForm } from './paged-table.tsx';

/** What the refund rule's blocks may be overridden (not a payment that was never made or is refunded). */
const OVERRIDABLE = ['refund_window_passed', 'already_downloaded'];

function useTime() {
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  return (value: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));
}

/**
 * /{locale}/desk/payments (sales role, issue 29): every customer's payments, found by state,
 * provider, period and customer; a payment's detail with the provider's ids and what the refund
 * rule says; a refund under the rule, or past it with an override whose reason the audit log keeps.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const time = useTime();
  const { given, submit, field } = useFilterForm({ status: '', provider: '', from: '', to: '', customer: '' });
  const query = useInfiniteQuery({
    queryKey: DESK_KEYS.transactions(given),
    queryFn: ({ pageParam, signal }) => deskApi.transactions({ ...given, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
  });
  const [open, setOpen] = useState<number | null>(null);
  const rows = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  const option = (value: string, label: string) => ({ value, label });
  return (
    <section className="desk-payments" data-testid="desk-payments">
      <h1>{t('desk.menu.payments')}</h1>
      <form className="desk-filters" onSubmit={submit} data-testid="payments-filters">
        <SelectField
          label={t('desk.payments.status')}
          options={[
            option('', t('desk.payments.any')),
            ...TRANSACTION_STATUSES.map((value) => option(value, t(`desk.payments.statuses.${value}`))),
          ]}
          {...field('status')}
          data-testid="payments-status"
        />
        <SelectField
          label={t('desk.payments.provider')}
          options={[option('', t('desk.payments.any')), ...PAYMENT_PROVIDERS.map((value) => option(value, value))]}
          {...field('provider')}
          data-testid="payments-provider"
        />
        <TextField label={t('desk.payments.from')} type="date" dir="ltr" {...field('from')} data-testid="payments-from" />
        <TextField label={t('desk.payments.to')} type="date" dir="ltr" {...field('to')} data-testid="payments-to" />
        <TextField label={t('desk.payments.customer')} {...field('customer')} data-testid="payments-customer" />
        <Button type="submit" size="small" data-testid="payments-find">
          {t('desk.payments.find')}
        </Button>
      </form>
      {query.data ? <p data-testid="payments-total">{t('desk.payments.total', { count: query.data.pages[0]?.total ?? 0 })}</p> : null}
      <PagedTable
        query={query}
        rows={rows.length}
        columns={[
          t('desk.payments.when'),
          t('desk.payments.customer'),
          t('desk.payments.item'),
          t('desk.payments.amount'),
          t('desk.payments.status'),
          t('desk.payments.provider'),
        ]}
        texts={{ failed: t('desk.payments.failed'), empty: t('desk.payments.empty'), more: t('desk.payments.more') }}
        testIds={{ table: 'payments-table', empty: 'payments-empty' }}
      >
        {rows.map((row: DeskTransaction) => (
          <tr key={row.id} data-testid="payment-row" data-id={row.id} data-status={row.status}>
            <td>
              <button type="button" className="desk-payments__open" onClick={() => setOpen(row.id)} data-testid="payment-open">
                {time(row.paid_at ?? row.created_at)}
              </button>
            </td>
            <td>
              <Link to={`/${locale}/desk/customers/${row.customer.id}`} dir="auto">
                {row.customer.name || row.customer.email}
              </Link>
            </td>
            <td dir="auto">{row.description}</td>
            <td>
              <bdi dir="ltr">{formatMoney(row.amount_cents, row.currency, locale)}</bdi>
            </td>
            <td>
              <span className="status-badge" data-status={row.status}>
                {t(`desk.payments.statuses.${row.status}`)}
              </span>
            </td>
            <td>{row.provider}</td>
          </tr>
        ))}
      </PagedTable>
      {open !== null ? <PaymentDialog id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function PaymentDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const payment = useQuery({ queryKey: DESK_KEYS.transaction(id), queryFn: ({ signal }) => deskApi.transaction(id, signal) });
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('desk.payments.detailTitle', { id })}
      size="medium"
      testId="payment-dialog"
    >
      {payment.data ? (
        <PaymentDetail payment={payment.data} />
      ) : payment.isError ? (
        <p role="alert">{errorText(payment.error, translateIfExists)}</p>
      ) : (
        <LoadingFallback label={t('common.loading')} />
      )}
    </Dialog>
  );
}

function PaymentDetail({ payment }: { payment: DeskTransactionDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const time = useTime();
  const money = (cents: number) => <bdi dir="ltr">{formatMoney(cents, payment.currency, locale)}</bdi>;
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value ?? '—'}</dd>
    </div>
  );
  return (
    <div className="desk-payment" data-testid="payment-detail">
      <dl className="desk-customer__facts">
        {fact(t('desk.payments.status'), t(`desk.payments.statuses.${payment.status}`), 'payment-status')}
        {fact(t('desk.payments.customer'), <bdi dir="ltr">{payment.customer.email}</bdi>)}
        {fact(t('desk.payments.item'), <span dir="auto">{payment.description}</span>)}
        {fact(t('desk.payments.amount'), money(payment.amount_cents))}
        {fact(t('desk.payments.net'), money(payment.net_cents))}
        {fact(t('desk.payments.vat'), money(payment.vat_cents))}
        {fact(t('desk.payments.provider'), payment.provider)}
        {fact(t('desk.payments.providerId'), payment.provider_payment_id ? <bdi dir="ltr">{payment.provider_payment_id}</bdi> : null)}
        {fact(t('desk.payments.card'), payment.card ? <bdi dir="ltr">{payment.card}</bdi> : null)}
        {fact(t('desk.payments.receipt'), payment.receipt_number ? <bdi dir="ltr">{payment.receipt_number}</bdi> : null)}
        {fact(t('desk.payments.agreement'), payment.agreement_id)}
        {fact(t('desk.payments.made'), time(payment.created_at))}
        {payment.paid_at ? fact(t('desk.payments.paid'), time(payment.paid_at)) : null}
        {payment.refunded_at ? fact(t('desk.payments.refunded'), time(payment.refunded_at)) : null}
        {payment.error ? fact(t('desk.payments.error'), [payment.error.code, payment.error.message].filter(Boolean).join(': ')) : null}
        {payment.reconciliation ? fact(t('desk.payments.nextLook'), time(payment.reconciliation.next_look_at), 'payment-next-look') : null}
      </dl>
      <Refund payment={payment} />
    </div>
  );
}

function Refund({ payment }: { payment: DeskTransactionDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: () => deskApi.refundTransaction(payment.id, { override, reason }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['desk', 'transactions'] });
      void client.invalidateQueries({ queryKey: DESK_KEYS.transaction(payment.id) });
      notifications.notify({ type: 'success', children: t('desk.payments.refundDone') });
    },
    onError: (error) => setProblem(errorText(error, translateIfExists)),
  });
  const block = payment.refund_block;
  if (block === 'not_paid' || block === 'already_refunded')
    return (
      <p className="desk-payment__rule" data-testid="refund-rule">
        {t(`desk.payments.blocks.${block}`)}
      </p>
    );
  const overridable = block !== null && OVERRIDABLE.includes(block);
  function submit() {
    const parsed = deskRefundBodySchema.safeParse({ override, reason });
    if (!parsed.success) {
      setProblem(t('desk.payments.reasonRequired'));
      return;
    }
    setProblem(null);
    refund.mutate();
  }
  return (
    <section className="desk-payment__refund" aria-labelledby="refund-title" data-testid="payment-refund">
      <h3 id="refund-title">{t('desk.payments.refundTitle')}</h3>
      <p className="desk-payment__rule" data-testid="refund-rule">
        {block ? t(`desk.payments.blocks.${block}`) : t('desk.payments.refundable')}
      </p>
      {overridable ? (
        <>
          <Checkbox checked={override} onCheckedChange={setOverride} label={t('desk.payments.override')} testId="refund-override" />
          {override ? (
            <div className="field">
              <label htmlFor="refund-reason" className="field__label">
                {t('desk.payments.reason')}
              </label>
              <textarea
                id="refund-reason"
                className="field__control"
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                data-testid="refund-reason"
              />
            </div>
          ) : null}
        </>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert" data-testid="refund-problem">
          {problem}
        </p>
      ) : null}
      <Button variant="red" loading={refund.isPending} disabled={block !== null && !override} onClick={submit} data-testid="refund-submit">
        {t('desk.payments.refund')}
      </Button>
    </section>
  );
}
