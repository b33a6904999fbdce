import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { Agreement } from '../../../common/agreements.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { showAgreementFailure } from './agreement-failure.ts';
import { renewalOf, type Renewal } from './agreement-view.ts';
import { agreementsApi } from './api.ts';
import { formatDay } from '../../lib/money.ts';
import { reloadAfterAgreementChange } from './queries.ts';
import { useReadOnlyPlanDetails } from './read-only.ts';

/** Auto-renewal of an agreement that renews (spec §4 "Pass auto-renewal"): on or off, changed after a confirmation. */
export function AutoRenewal({ agreement, name, locale }: { agreement: Agreement; name: string; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const [asking, setAsking] = useState(false);
  const readOnly = useReadOnlyPlanDetails();
  const renewal = renewalOf(agreement);
  if (!renewal) return null;
  const date = renewal.date ? formatDay(renewal.date, locale, timeZone) : t('planDetails.none');
  return (
    <section className="agreement__part agreement__renewal" data-testid="auto-renewal" data-on={renewal.on}>
      <h4 className="agreement__subtitle">{t('planDetails.renewal.title')}</h4>
      <p>
        {renewal.on
          ? t('planDetails.renewal.onText', { name, date, period: t('planDetails.duration.months', { count: renewal.months }) })
          : t('planDetails.renewal.offText', { name, date })}
      </p>
      {renewal.canChange && !readOnly ? (
        <>
          <Button variant="secondary" size="small" onClick={() => setAsking(true)} data-testid={renewal.on ? 'opt-out' : 'opt-in'}>
            {t(renewal.on ? 'planDetails.renewal.optOut' : 'planDetails.renewal.optIn')}
          </Button>
          <RenewalDialog agreement={agreement} renewal={renewal} name={name} date={date} open={asking} onOpenChange={setAsking} />
        </>
      ) : null}
    </section>
  );
}

/** The confirmation modals of auto-renewal (spec §2, §4): opting out keeps the pass valid until the renewal date. */
function RenewalDialog({
  agreement,
  renewal,
  name,
  date,
  open,
  onOpenChange,
}: {
  agreement: Agreement;
  renewal: Renewal;
  name: string;
  date: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const optingOut = renewal.on;
  const change = useMutation({
    mutationFn: () => (optingOut ? agreementsApi.optOut(agreement.id) : agreementsApi.optIn(agreement.id)),
    onSuccess: async () => {
      onOpenChange(false);
      notifications.notify({
        type: 'success',
        children: t(optingOut ? 'planDetails.renewal.optedOut' : 'planDetails.renewal.optedIn', { name, date }),
      });
      await reloadAfterAgreementChange(client);
    },
    onError: (failure) => showAgreementFailure(client, failure),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="small"
      testId={optingOut ? 'opt-out-dialog' : 'opt-in-dialog'}
      title={t(optingOut ? 'planDetails.renewal.optOutTitle' : 'planDetails.renewal.optInTitle')}
      description={
        optingOut
          ? t('planDetails.renewal.optOutText', { name, date })
          : t('planDetails.renewal.optInText', { name, date, period: t('planDetails.duration.months', { count: renewal.months }) })
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t(optingOut ? 'planDetails.renewal.keep' : 'planDetails.renewal.cancel')}
          </Button>
          <Button
            variant={optingOut ? 'red' : 'primary'}
            loading={change.isPending}
            onClick={() => change.mutate()}
            data-testid="confirm-renewal"
          >
            {t(optingOut ? 'planDetails.renewal.confirmOptOut' : 'planDetails.renewal.confirmOptIn')}
          </Button>
        </>
      }
    />
  );
}
