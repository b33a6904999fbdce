import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { Agreement } from '../../../../common/agreements.ts';
import type { CustomerDetail } from '../../../../common/customers.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { formatDay, formatNumber } from '../../../lib/money.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from '../api.ts';
import { AgreementFormDialog } from './agreement-form.tsx';
import { Part } from './customer-part.tsx';

/** A customer's agreements at the desk (issue 29): their balances, and making, changing, topping up and deactivating them. */
export function Agreements({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const day = (value: string) => formatDay(value, locale, timeZone);
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
