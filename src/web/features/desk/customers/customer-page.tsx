import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Agreement } from '../../../../common/agreements.ts';
import type { CustomerAction, CustomerDetail } from '../../../../common/customers.ts';
import { parseId } from '../../../../common/validators.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { formatDay, formatMoney, formatNumber } from '../../../lib/money.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import '../../../ui/field.css';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { NotFoundPage } from '../../../ui/not-found.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from '../api.ts';
import { AgreementFormDialog } from './agreement-form.tsx';

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
      <Downloads customer={data} />
      <Payments customer={data} />
      <SignIns customer={data} />
    </section>
  );
}

function Part({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="desk-customer__part" data-testid={testId}>
      <h2>{title}</h2>
      {children}
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

function Agreements({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const { day } = useDates();
  const [editing, setEditing] = useState<Agreement | 'new' | null>(null);
  const [toppingUp, setToppingUp] = useState<Agreement | null>(null);
  const [ending, setEnding] = useState<Agreement | null>(null);
  const owner = customer.company ? { company_id: customer.company.id } : { user_id: customer.id };
  return (
    <Part title={t('desk.customers.agreements')} testId="customer-agreements">
      <p>
        <Button size="small" onClick={() => setEditing('new')} data-testid="agreement-new">
          {t('desk.agreements.new')}
        </Button>
      </p>
      {customer.agreements.length === 0 ? (
        <p>{t('desk.customers.none')}</p>
      ) : (
        <div className="desk-table__scroll">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">{t('desk.customers.agreementType')}</th>
                <th scope="col">{t('desk.customers.state')}</th>
                <th scope="col">{t('desk.customers.validTill')}</th>
                <th scope="col">{t('desk.customers.balances')}</th>
                <th scope="col">{t('desk.agreements.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {customer.agreements.map((agreement) => (
                <tr key={agreement.id} data-testid="customer-agreement" data-type={agreement.agreement_type} data-status={agreement.status}>
                  <td>
                    {t(`planDetails.types.${agreement.agreement_type}`)} · {t(`planDetails.owner.${agreement.owner}`)}
                  </td>
                  <td data-testid="customer-agreement-status">{t(`planDetails.statuses.${agreement.status}`)}</td>
                  <td>{agreement.valid_till ? day(agreement.valid_till) : t('planDetails.conditions.noEnd')}</td>
                  <td>
                    {agreement.balances.map((balance) => (
                      <span key={balance.kind} className="desk-customer__balance" data-testid={`customer-balance-${balance.kind}`}>
                        {t(`planDetails.kinds.${balance.kind}`)}:{' '}
                        {balance.remaining === null || balance.total === null
                          ? t('planDetails.balance.noLimit')
                          : t('planDetails.balance.left', {
                              remaining: formatNumber(balance.remaining, locale),
                              total: formatNumber(balance.total, locale),
                            })}
                      </span>
                    ))}
                  </td>
                  <td>
                    {agreement.agreement_type !== 'one_off' && agreement.status !== 'deactivated' ? (
                      <span className="desk-plan-requests__decide">
                        <Button size="small" variant="secondary" onClick={() => setEditing(agreement)} data-testid="agreement-change">
                          {t('desk.agreements.change')}
                        </Button>
                        {agreement.balances.some((balance) => balance.total !== null) ? (
                          <Button size="small" variant="secondary" onClick={() => setToppingUp(agreement)} data-testid="agreement-top-up">
                            {t('desk.agreements.topUp')}
                          </Button>
                        ) : null}
                        <Button size="small" variant="red" onClick={() => setEnding(agreement)} data-testid="agreement-deactivate">
                          {t('desk.agreements.deactivate')}
                        </Button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <AgreementFormDialog
          customerId={customer.id}
          owner={owner}
          agreement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {toppingUp ? <TopUpDialog customerId={customer.id} agreement={toppingUp} onClose={() => setToppingUp(null)} /> : null}
      {ending ? <DeactivateAgreementDialog customerId={customer.id} agreement={ending} onClose={() => setEnding(null)} /> : null}
    </Part>
  );
}

function TopUpDialog({ customerId, agreement, onClose }: { customerId: number; agreement: Agreement; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const limited = agreement.balances.filter((balance) => balance.total !== null);
  const [kind, setKind] = useState(limited[0]?.kind ?? 'standard');
  const [amount, setAmount] = useState('10');
  const topUp = useMutation({
    mutationFn: () => deskApi.topUpAgreement(agreement.id, { kind, amount }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: DESK_KEYS.customer(customerId) });
      notifications.notify({ type: 'success', children: t('desk.agreements.toppedUp') });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || topUp.isPending ? undefined : onClose())}
      title={t('desk.agreements.topUpTitle')}
      size="small"
      testId="agreement-top-up-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={topUp.isPending} onClick={onClose}>
            {t('desk.customers.cancel')}
          </Button>
          <Button loading={topUp.isPending} onClick={() => topUp.mutate()} data-testid="agreement-top-up-confirm">
            {t('desk.agreements.topUp')}
          </Button>
        </>
      }
    >
      <SelectField
        label={t('desk.customers.balances')}
        value={kind}
        options={limited.map((balance) => ({ value: balance.kind, label: t(`planDetails.kinds.${balance.kind}`) }))}
        onChange={(event) => setKind(event.target.value as typeof kind)}
      />
      <TextField
        label={t('desk.agreements.amount')}
        type="number"
        min={1}
        dir="ltr"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        data-testid="agreement-top-up-amount"
      />
      {topUp.error ? (
        <p className="field__error" role="alert">
          {errorText(topUp.error, translateIfExists)}
        </p>
      ) : null}
    </Dialog>
  );
}

function DeactivateAgreementDialog({ customerId, agreement, onClose }: { customerId: number; agreement: Agreement; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const end = useMutation({
    mutationFn: () => deskApi.deactivateAgreement(agreement.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: DESK_KEYS.customer(customerId) });
      notifications.notify({ type: 'success', children: t('desk.agreements.deactivated') });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || end.isPending ? undefined : onClose())}
      title={t('desk.agreements.deactivateTitle')}
      description={t('desk.agreements.deactivateText')}
      size="small"
      testId="agreement-deactivate-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={end.isPending} onClick={onClose}>
            {t('desk.customers.cancel')}
          </Button>
          <Button variant="red" loading={end.isPending} onClick={() => end.mutate()} data-testid="agreement-deactivate-confirm">
            {t('desk.agreements.deactivate')}
          </Button>
        </>
      }
    >
      {end.error ? (
        <p className="field__error" role="alert">
          {errorText(end.error, translateIfExists)}
        </p>
      ) : null}
    </Dialog>
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
