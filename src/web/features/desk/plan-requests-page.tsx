import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CONTENT_KINDS } from '../../../common/agreement-values.ts';
import {
  COMPANY_SIZE_LABELS,
  PLAN_REQUEST_STATUSES,
  planRequestApprovalBodySchema,
  planRequestRejectionBodySchema,
  type DeskPlanRequest,
  type PlanRequestStatus,
} from '../../../common/plan-requests.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { formatDay } from '../../lib/money.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import '../../ui/field.css';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from './api.ts';

/** An address or a company inside a sentence keeps its own direction in Arabic. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * /{locale}/desk/plan-requests (sales role, issue 29): the enterprise and region plan requests,
 * waiting ones first; each approved with the agreement's first balances (the requester then
 * accepts it on their plan details page) or declined with a reason the requester is e-mailed.
 */
export function PlanRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<PlanRequestStatus | ''>('processing');
  const list = useQuery({
    queryKey: DESK_KEYS.planRequests(status),
    queryFn: ({ signal }) => deskApi.planRequests(status || undefined, signal),
  });
  const [deciding, setDeciding] = useState<{ request: DeskPlanRequest; decision: 'approve' | 'decline' } | null>(null);
  return (
    <section className="desk-plan-requests" data-testid="desk-plan-requests">
      <h1>{t('desk.menu.planRequests')}</h1>
      <p className="desk__lead">{t('desk.planRequests.lead')}</p>
      <div className="desk-filters">
        <SelectField
          label={t('desk.planRequests.status')}
          value={status}
          options={[
            { value: '', label: t('desk.planRequests.all') },
            ...PLAN_REQUEST_STATUSES.map((value) => ({ value, label: t(`desk.planRequests.statuses.${value}`) })),
          ]}
          onChange={(event) => setStatus(event.target.value as PlanRequestStatus | '')}
          data-testid="plan-requests-status"
        />
      </div>
      {list.isPending ? <LoadingFallback label={t('common.loading')} /> : null}
      {list.isError ? <p role="alert">{errorText(list.error, translateIfExists)}</p> : null}
      {list.data && list.data.requests.length === 0 ? <p data-testid="plan-requests-empty">{t('desk.planRequests.empty')}</p> : null}
      {list.data && list.data.requests.length > 0 ? (
        <div className="desk-table__scroll">
          <table className="desk-table" data-testid="plan-requests-table">
            <thead>
              <tr>
                <th scope="col">{t('desk.planRequests.requester')}</th>
                <th scope="col">{t('desk.planRequests.company')}</th>
                <th scope="col">{t('desk.planRequests.plan')}</th>
                <th scope="col">{t('desk.planRequests.asked')}</th>
                <th scope="col">{t('desk.planRequests.status')}</th>
                <th scope="col">{t('desk.planRequests.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.requests.map((request) => (
                <Row key={request.id} request={request} onDecide={(decision) => setDeciding({ request, decision })} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deciding?.decision === 'approve' ? <ApproveDialog request={deciding.request} onClose={() => setDeciding(null)} /> : null}
      {deciding?.decision === 'decline' ? <DeclineDialog request={deciding.request} onClose={() => setDeciding(null)} /> : null}
    </section>
  );
}

function Row({ request, onDecide }: { request: DeskPlanRequest; onDecide: (decision: 'approve' | 'decline') => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  return (
    <tr data-testid="plan-request" data-id={request.id} data-status={request.status}>
      <td>
        <span dir="auto">{`${request.first_name} ${request.last_name}`}</span>
        <br />
        <bdi dir="ltr">{request.email}</bdi>
      </td>
      <td>
        <span dir="auto">{request.company_name}</span>
        <br />
        {COMPANY_SIZE_LABELS[request.company_size]} · {request.country_code ?? '—'}
      </td>
      <td>{t(`planDetails.types.${request.plan === 'regional' ? 'regional' : 'enterprise'}`)}</td>
      <td>{formatDay(request.created_at, locale, timeZone)}</td>
      <td>
        <span className="status-badge" data-status={request.status} data-testid="plan-request-status">
          {t(`desk.planRequests.statuses.${request.status}`)}
        </span>
      </td>
      <td>
        {request.status === 'processing' ? (
          <span className="desk-plan-requests__decide">
            <Button size="small" onClick={() => onDecide('approve')} data-testid="plan-request-approve">
              {t('desk.planRequests.approve')}
            </Button>
            <Button size="small" variant="secondary" onClick={() => onDecide('decline')} data-testid="plan-request-decline">
              {t('desk.planRequests.decline')}
            </Button>
          </span>
        ) : request.decided_at ? (
          formatDay(request.decided_at, locale, timeZone)
        ) : null}
      </td>
    </tr>
  );
}

function useDecided(onClose: () => void, done: string) {
  const client = useQueryClient();
  return {
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['desk', 'plan-requests'] });
      notifications.notify({ type: 'success', children: done });
      onClose();
    },
  };
}

function ApproveDialog({ request, onClose }: { request: DeskPlanRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [balances, setBalances] = useState({ standard: '20', pool: '5', spherical: '0' });
  const [problem, setProblem] = useState<string | null>(null);
  const approve = useMutation({
    mutationFn: () => {
      const parsed = planRequestApprovalBodySchema.parse({ balances });
      return deskApi.approvePlanRequest(request.id, parsed);
    },
    ...useDecided(onClose, t('desk.planRequests.approved', { company: isolated(request.company_name) })),
    onError: (error) => setProblem(errorText(error, translateIfExists)),
  });
  function submit() {
    const parsed = planRequestApprovalBodySchema.safeParse({ balances });
    if (!parsed.success) {
      setProblem(t('desk.planRequests.balancesInvalid'));
      return;
    }
    setProblem(null);
    approve.mutate();
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || approve.isPending ? undefined : onClose())}
      title={t('desk.planRequests.approveTitle')}
      description={t('desk.planRequests.approveText', { company: isolated(request.company_name) })}
      size="small"
      testId="approve-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={approve.isPending} onClick={onClose}>
            {t('desk.planRequests.cancel')}
          </Button>
          <Button loading={approve.isPending} onClick={submit} data-testid="approve-confirm">
            {t('desk.planRequests.approve')}
          </Button>
        </>
      }
    >
      {CONTENT_KINDS.map((kind) => (
        <TextField
          key={kind}
          label={t(`planDetails.kinds.${kind}`)}
          type="number"
          inputMode="numeric"
          min={0}
          dir="ltr"
          value={balances[kind]}
          onChange={(event) => setBalances({ ...balances, [kind]: event.target.value })}
          data-testid={`approve-${kind}`}
        />
      ))}
      {problem ? (
        <p className="field__error" role="alert" data-testid="approve-problem">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}

function DeclineDialog({ request, onClose }: { request: DeskPlanRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decline = useMutation({
    mutationFn: (body: { reason: string }) => deskApi.declinePlanRequest(request.id, body),
    ...useDecided(onClose, t('desk.planRequests.declined', { company: isolated(request.company_name) })),
    onError: (error) => setProblem(errorText(error, translateIfExists)),
  });
  function submit() {
    const parsed = planRequestRejectionBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(t('desk.planRequests.reasonRequired'));
      return;
    }
    setProblem(null);
    decline.mutate(parsed.data);
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || decline.isPending ? undefined : onClose())}
      title={t('desk.planRequests.declineTitle')}
      description={t('desk.planRequests.declineText')}
      size="small"
      testId="plan-decline-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={decline.isPending} onClick={onClose}>
            {t('desk.planRequests.cancel')}
          </Button>
          <Button variant="red" loading={decline.isPending} onClick={submit} data-testid="plan-decline-confirm">
            {t('desk.planRequests.decline')}
          </Button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="plan-decline-reason" className="field__label">
          {t('desk.planRequests.reason')}
        </label>
        <textarea
          id="plan-decline-reason"
          className="field__control desk-applications__reason"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={problem !== null || undefined}
          data-testid="plan-decline-reason"
        />
      </div>
      {problem ? (
        <p className="field__error" role="alert" data-testid="plan-decline-problem">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
