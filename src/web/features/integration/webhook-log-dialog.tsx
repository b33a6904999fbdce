import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { WebhookEndpoint, WebhookMessage } from '../../../common/webhooks.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { ReaderMoment } from '../../ui/reader-moment.tsx';
import { WEBHOOK_KEYS, webhookError, webhooksApi } from './webhooks-api.ts';

/** The endpoint's log: each message with its attempts, newest first; "Send again" and a test event. */
export function LogDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const key = WEBHOOK_KEYS.messages(userId, endpoint.id);
  const log = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => webhooksApi.messages(endpoint.id, signal),
    // While a message waits for its first attempt, the log looks again soon.
    refetchInterval: (query) => (query.state.data?.messages.some((message) => message.state === 'pending') ? 1500 : false),
  });
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: WEBHOOK_KEYS.list(userId) })]);
  const test = useMutation({ mutationFn: () => webhooksApi.test(endpoint.id), onSuccess: refresh });
  const resend = useMutation({ mutationFn: (message: WebhookMessage) => webhooksApi.resend(endpoint.id, message.id), onSuccess: refresh });
  const failure = test.error ?? resend.error;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('webhooks.logTitle')}
      description={endpoint.url}
      size="full"
      testId="webhook-log-dialog"
    >
      <div className="webhook-log__head">
        <Button
          size="small"
          loading={test.isPending}
          onClick={() => test.mutate()}
          disabled={endpoint.state !== 'active'}
          data-testid="webhook-test"
        >
          {t('webhooks.sendTest')}
        </Button>
        <FormErrors messages={failure ? [webhookError(failure)] : []} testId="webhook-log-errors" />
      </div>
      {log.error ? (
        <FormErrors messages={[webhookError(log.error)]} testId="webhook-log-load-error" />
      ) : !log.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : log.data.messages.length === 0 ? (
        <p className="integration-section__empty" data-testid="webhook-log-empty">
          {t('webhooks.noMessages')}
        </p>
      ) : (
        <ol className="webhook-log" data-testid="webhook-messages">
          {log.data.messages.map((message) => (
            <li key={message.id} className="webhook-message" data-testid="webhook-message" data-state={message.state}>
              <div className="webhook-message__head">
                <strong>{t(`webhooks.event.${message.event_type}`)}</strong>
                <code className="integration-code webhook-message__id">{message.message_id}</code>
                <span className={`integration-state webhook-message__state--${message.state}`} data-testid="webhook-message-state">
                  {t(`webhooks.messageStates.${message.state}`)}
                </span>
                <ReaderMoment seconds value={message.created_at} locale={locale} />
                {message.state === 'pending' && message.next_attempt_at ? (
                  <span className="webhook-message__next">
                    {t('webhooks.nextAttempt')} <ReaderMoment seconds value={message.next_attempt_at} locale={locale} />
                  </span>
                ) : null}
                <Button
                  size="small"
                  variant="secondary"
                  loading={resend.isPending && resend.variables.id === message.id}
                  disabled={endpoint.state !== 'active'}
                  onClick={() => resend.mutate(message)}
                  data-testid="webhook-resend"
                >
                  {t('webhooks.resend')}
                </Button>
              </div>
              {message.attempts.length === 0 ? (
                <p className="webhook-message__none">{t('webhooks.noAttempts')}</p>
              ) : (
                <div className="integration-table-scroll">
                  <table className="integration-table webhook-attempts">
                    <thead>
                      <tr>
                        <th scope="col">{t('webhooks.attemptAt')}</th>
                        <th scope="col">{t('webhooks.status')}</th>
                        <th scope="col">{t('webhooks.latency')}</th>
                        <th scope="col">{t('webhooks.answer')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {message.attempts.map((attempt) => (
                        <tr key={attempt.id} data-testid="webhook-attempt">
                          <td>
                            <ReaderMoment seconds value={attempt.created_at} locale={locale} />
                          </td>
                          <td data-testid="webhook-attempt-status">
                            <span
                              className={`webhook-status webhook-status--${attempt.status !== null && attempt.status < 300 && attempt.status >= 200 ? 'ok' : 'failed'}`}
                            >
                              {attempt.status ?? t('webhooks.noAnswer')}
                            </span>
                          </td>
                          <td>{t('webhooks.ms', { value: attempt.latency_ms })}</td>
                          <td>
                            <code className="integration-code webhook-excerpt">{attempt.excerpt}</code>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
