import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import {
  passApplicationDeclineBodySchema,
  type PassApplication,
  type PassApplicationsResponse,
} from '../../../common/pass-applications.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import '../../ui/field.css';
import { DESK_KEYS, deskApi } from './api.ts';

/** An address inside a sentence keeps its own direction in Arabic (first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * /{locale}/desk/pass-applications (sales role): first passes waiting for verification, oldest
 * first, each approved (the pass is active from now) or declined with a reason (failed to qualify:
 * the payment is refunded); then the decided ones. docs/decisions.md "Applying for a pass (issue 25)".
 */
export function PassApplicationsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: DESK_KEYS.passApplications, queryFn: ({ signal }) => deskApi.passApplications(signal) });
  const [declining, setDeclining] = useState<PassApplication | null>(null);
  if (list.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (list.isError) throw list.error;
  const { applications } = list.data;
  const waiting = applications.filter((application) => application.status === 'processing');
  return (
    <section className="desk-applications" data-testid="desk-pass-applications">
      <h1>{t('desk.menu.passApplications')}</h1>
      <p className="desk__lead">{t('desk.passApplications.lead')}</p>
      <p data-testid="applications-waiting">{t('desk.passApplications.waiting', { count: waiting.length })}</p>
      {applications.length === 0 ? (
        <p data-testid="applications-empty">{t('desk.passApplications.empty')}</p>
      ) : (
        <div className="desk-table__scroll">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">{t('desk.passApplications.applicant')}</th>
                <th scope="col">{t('desk.passApplications.licence')}</th>
                <th scope="col">{t('desk.passApplications.amount')}</th>
                <th scope="col">{t('desk.passApplications.applied')}</th>
                <th scope="col">{t('desk.passApplications.status')}</th>
                <th scope="col">{t('desk.passApplications.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((application) => (
                <ApplicationRow key={application.id} application={application} onDecline={() => setDeclining(application)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {declining ? <DeclineDialog application={declining} onClose={() => setDeclining(null)} /> : null}
    </section>
  );
}

/** Puts a decided application in the list the desk holds, in place. */
function useReplace() {
  const client = useQueryClient();
  return (saved: PassApplication) =>
    client.setQueryData<PassApplicationsResponse>(DESK_KEYS.passApplications, (old) =>
      old ? { applications: old.applications.map((row) => (row.id === saved.id ? saved : row)) } : old,
    );
}

function ApplicationRow({ application, onDecline }: { application: PassApplication; onDecline: () => void }) {
  const { t, i18n } = useTranslation();
  const replace = useReplace();
  const approve = useMutation({
    mutationFn: () => deskApi.approvePassApplication(application.id),
    onSuccess: (saved) => {
      replace(saved);
      notifications.notify({ type: 'success', children: t('desk.passApplications.approved', { email: isolated(saved.applicant.email) }) });
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  const locale = i18n.language;
  const waiting = application.status === 'processing';
  // Declined, but the provider refused the refund: declining again asks it again.
  const refundOwed = application.status === 'failed_to_qualify' && application.payment_status === 'succeeded';
  return (
    <tr data-testid={`application-${application.applicant.email}`} data-status={application.status}>
      <th scope="row">
        <span className="desk-staff__name">{application.applicant.name || application.applicant.email}</span>
        <bdi className="desk-staff__email" dir="ltr">
          {application.applicant.email}
        </bdi>
        {application.company_name ? <span className="desk-staff__email">{application.company_name}</span> : null}
      </th>
      <td>
        {application.project_name ? <span className="desk-applications__project">{application.project_name}</span> : null}
        <ul className="desk-applications__urls">
          {application.platform_urls.map((url) => (
            <li key={url} dir="ltr">
              {url}
            </li>
          ))}
        </ul>
      </td>
      <td>{application.amount_cents === null ? '—' : formatMoney(application.amount_cents, application.currency, locale)}</td>
      <td>{new Date(application.applied_at).toLocaleString(locale)}</td>
      <td>
        <span className="status-badge" data-status={application.status} data-testid="application-status">
          {t(`desk.passApplications.statuses.${application.status}`, { defaultValue: application.status })}
        </span>
        {application.payment_status === 'refunded' ? (
          <span className="desk-staff__email">{t('desk.passApplications.refunded')}</span>
        ) : null}
      </td>
      <td>
        {waiting ? (
          <div className="desk-applications__actions">
            <Button
              size="small"
              variant="green"
              loading={approve.isPending}
              onClick={() => approve.mutate()}
              data-testid="application-approve"
            >
              {t('desk.passApplications.approve')}
            </Button>
            <Button size="small" variant="red" disabled={approve.isPending} onClick={onDecline} data-testid="application-decline">
              {t('desk.passApplications.decline')}
            </Button>
          </div>
        ) : (
          <div className="desk-applications__decision">
            {application.decided_at ? (
              <span className="desk-applications__decided">
                {t('desk.passApplications.decidedOn', { at: new Date(application.decided_at).toLocaleString(locale) })}
                {application.decided_by ? (
                  <bdi className="desk-staff__email" dir="ltr">
                    {application.decided_by}
                  </bdi>
                ) : null}
              </span>
            ) : null}
            {application.decline_reason ? <q data-testid="application-reason">{application.decline_reason}</q> : null}
            {refundOwed ? (
              <Button size="small" variant="secondary" onClick={onDecline} data-testid="application-refund-again">
                {t('desk.passApplications.refundAgain')}
              </Button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

function DeclineDialog({ application, onClose }: { application: PassApplication; onClose: () => void }) {
  const { t } = useTranslation();
  const replace = useReplace();
  const [reason, setReason] = useState(application.decline_reason ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const decline = useMutation({
    mutationFn: (body: { reason: string }) => deskApi.declinePassApplication(application.id, body),
    onSuccess: (saved) => {
      replace(saved);
      notifications.notify({ type: 'success', children: t('desk.passApplications.declined', { email: isolated(saved.applicant.email) }) });
      onClose();
    },
    onError: (error) => setProblem(errorText(error, translateIfExists)),
  });
  function submit() {
    const parsed = passApplicationDeclineBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(t(parsed.error.issues[0]?.message ?? 'validation.required', { defaultValue: t('desk.passApplications.reasonRequired') }));
      return;
    }
    setProblem(null);
    decline.mutate(parsed.data);
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || decline.isPending ? undefined : onClose())}
      title={t('desk.passApplications.declineTitle')}
      description={t('desk.passApplications.declineText')}
      size="small"
      testId="decline-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={decline.isPending} onClick={onClose}>
            {t('desk.passApplications.cancel')}
          </Button>
          <Button variant="red" loading={decline.isPending} onClick={submit} data-testid="decline-confirm">
            {t('desk.passApplications.declineConfirm')}
          </Button>
        </>
      }
    >
      <p className="desk-applications__who">
        <bdi dir="ltr">{application.applicant.email}</bdi>
      </p>
      <div className="field">
        <label htmlFor="decline-reason" className="field__label">
          {t('desk.passApplications.reason')}
        </label>
        <textarea
          id="decline-reason"
          className="field__control desk-applications__reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={problem !== null || undefined}
          data-testid="decline-reason"
        />
      </div>
      {problem ? (
        <p className="field__error" role="alert" data-testid="decline-problem">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
