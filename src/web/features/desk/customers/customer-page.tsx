import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerAction, CustomerDetail } from '../../../../common/customers.ts';
import { parseId } from '../../../../common/validators.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { formatDay, formatMoney } from '../../../lib/money.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import '../../../ui/field.css';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { NotFoundPage } from '../../../ui/not-found.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from '../api.ts';
import { Agreements } from './customer-agreements.tsx';
import { Part } from './customer-part.tsx';
import { CustomerSees } from './customer-sees.tsx';

/**
 * /{locale}/desk/customers/{id} (sales role, issue 29): a customer's account as the desk reads it —
 * profile, company and members, agreements with their balances, downloads, payments, lists,
 * sign-ins — and what the desk may do to it (deactivate or activate, unlock, send the confirmation
 * again), each in the audit log.
 */
export function CustomerPage() {
  const { t } = useTranslation();
  const { id: raw = '' } = useParams();
  const id = parseId(raw);
  const customer = useQuery({
    queryKey: DESK_KEYS.customer(id ?? 0),
    queryFn: ({ signal }) => deskApi.customer(id ?? 0, signal),
    enabled: id !== null,
  });
  if (id === null) return <NotFoundPage />;
  if (customer.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (customer.isError) {
    if (customer.error instanceof ApiError && customer.error.status === 404) return <NotFoundPage />;
    throw customer.error;
  }
  const data = customer.data;
  return (
    <section className="desk-customer" data-testid="desk-customer">
      <p>
        <Link to="..">{t('desk.customers.back')}</Link>
      </p>
      <header className="desk-customer__head">
        <h1 dir="auto">{data.name || data.email}</h1>
        <span className="status-badge" data-status={data.state} data-testid="customer-state">
          {t(`desk.customers.states.${data.state}`)}
        </span>
      </header>
      <Actions customer={data} />
      <Profile customer={data} />
      <Members customer={data} />
      <Agreements customer={data} />
      <CustomerSees customerId={data.id} />
      <Downloads customer={data} />
      <Payments customer={data} />
      <SignIns customer={data} />
    </section>
  );
}

function useDates() {
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  return {
    day: (value: string) => formatDay(value, locale, timeZone),
    time: (value: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value)),
  };
}

/** The actions the account's state allows; deactivation is asked first. */
function Actions({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const act = useMutation({
    mutationFn: (action: CustomerAction) => deskApi.actOnCustomer(customer.id, action),
    onSuccess: (saved, action) => {
      client.setQueryData(DESK_KEYS.customer(customer.id), saved);
      void client.invalidateQueries({ queryKey: ['desk', 'customers'] });
      setAsking(false);
      notifications.notify({ type: 'success', children: t(`desk.customers.done.${action}`) });
    },
  });
  const button = (action: CustomerAction, variant: 'primary' | 'secondary' | 'red' = 'secondary') => (
    <Button
      variant={variant}
      size="small"
      loading={act.isPending && act.variables === action}
      onClick={() => (action === 'deactivate' ? setAsking(true) : act.mutate(action))}
      data-testid={`customer-${action}`}
    >
      {t(`desk.customers.actions.${action}`)}
    </Button>
  );
  return (
    <div className="desk-customer__actions" data-testid="customer-actions">
      {customer.state === 'deactivated' ? button('activate', 'primary') : button('deactivate', 'red')}
      {customer.state === 'locked' ? button('unlock') : null}
      {customer.state === 'unconfirmed' ? button('resend_confirmation') : null}
      {act.error && !asking ? (
        <p className="field__error" role="alert" data-testid="customer-action-error">
          {errorText(act.error, translateIfExists)}
        </p>
      ) : null}
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={t('desk.customers.deactivateTitle')}
        size="small"
        testId="customer-deactivate-dialog"
      >
        <p>{t('desk.customers.deactivateText', { name: `\u2068${customer.name || customer.email}\u2069` })}</p>
        {act.error ? (
          <p className="field__error" role="alert">
            {errorText(act.error, translateIfExists)}
          </p>
        ) : null}
        <div className="form__actions">
          <Button variant="red" loading={act.isPending} onClick={() => act.mutate('deactivate')} data-testid="customer-deactivate-confirm">
            {t('desk.customers.actions.deactivate')}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            {t('desk.customers.cancel')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function Profile({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { day, time } = useDates();
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <Part title={t('desk.customers.profile')} testId="customer-profile">
      <dl className="desk-customer__facts">
        {fact(t('desk.customers.email'), <bdi dir="ltr">{customer.email}</bdi>, 'customer-email')}
        {fact(t('desk.customers.phone'), <bdi dir="ltr">{customer.phone_number || '—'}</bdi>)}
        {fact(
          t('desk.customers.company'),
          customer.company ? (
            <span dir="auto">
              {customer.company.name} · {t(`desk.customers.roles.${customer.company.role}`)}
            </span>
          ) : (
            customer.company_name || '—'
          ),
          'customer-company',
        )}
        {fact(t('desk.customers.vatId'), <bdi dir="ltr">{customer.company?.vat_id ?? '—'}</bdi>)}
        {fact(t('desk.customers.country'), customer.country_code ?? '—')}
        {fact(t('desk.customers.group'), t(`desk.customers.groups.${customer.user_group}`))}
        {fact(t('desk.customers.since'), day(customer.created_at))}
        {fact(t('desk.customers.lastSignIn'), customer.last_sign_in_at ? time(customer.last_sign_in_at) : '—')}
        {customer.locked_until ? fact(t('desk.customers.lockedUntil'), time(customer.locked_until)) : null}
        {fact(t('desk.customers.lists'), customer.lists_count, 'customer-lists')}
      </dl>
    </Part>
  );
}

function Members({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  if (customer.members.length === 0) return null;
  return (
    <Part title={t('desk.customers.members')} testId="customer-members">
      <ul className="desk-customer__list">
        {customer.members.map((member) => (
          <li key={member.id} data-testid="customer-member">
            <Link to={`/${locale}/desk/customers/${member.id}`} dir="auto">
              {member.name || member.email}
            </Link>{' '}
            · {t(`desk.customers.roles.${member.role}`)} · {t(`desk.customers.states.${member.state}`)}
          </li>
        ))}
      </ul>
    </Part>
  );
}

function Downloads({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { time } = useDates();
  return (
    <Part title={t('desk.customers.downloads', { count: customer.downloads.total })} testId="customer-downloads">
      {customer.downloads.recent.length === 0 ? (
        <p>{t('desk.customers.none')}</p>
      ) : (
        <ul className="desk-customer__list">
          {customer.downloads.recent.map((download) => (
            <li key={download.id} data-testid="customer-download">
              <span dir="auto">{download.title}</span> · {download.quality} · {download.format} · {time(download.created_at)}
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function Payments({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const { time } = useDates();
  return (
    <Part title={t('desk.customers.payments')} testId="customer-payments">
      {customer.transactions.length === 0 ? (
        <p>{t('desk.customers.none')}</p>
      ) : (
        <ul className="desk-customer__list">
          {customer.transactions.map((payment) => (
            <li key={payment.id} data-testid="customer-payment" data-status={payment.status}>
              <bdi dir="ltr">{formatMoney(payment.amount_cents, payment.currency, locale)}</bdi> · {payment.kind} · {payment.status} ·{' '}
              {payment.provider} · {time(payment.created_at)}
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}

function SignIns({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { time } = useDates();
  return (
    <Part title={t('desk.customers.signIns')} testId="customer-sign-ins">
      {customer.sign_ins.length === 0 ? (
        <p>{t('desk.customers.none')}</p>
      ) : (
        <ul className="desk-customer__list">
          {customer.sign_ins.map((signIn) => (
            <li key={signIn.at} data-testid="customer-sign-in">
              {time(signIn.at)} · <bdi dir="ltr">{signIn.ip ?? '—'}</bdi> · <bdi dir="ltr">{signIn.user_agent ?? '—'}</bdi>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
