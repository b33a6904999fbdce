import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../common/integration.ts';
import { webhookCreateSchema, type WebhookAttempt, type WebhookEndpoint } from '../../../common/webhooks.ts';
import { validationText } from '../../lib/forms.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { ReaderMoment } from '../../ui/reader-moment.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { WEBHOOK_KEYS, webhookError, webhooksApi } from './webhooks-api.ts';
import { LogDialog } from './webhook-log-dialog.tsx';
import './webhooks.css';

type Editing = { mode: 'new' } | { mode: 'edit'; endpoint: WebhookEndpoint };
type Secret = { url: string; secret: string };

/**
 * The owner's webhook endpoints (issue 30): where events are posted, signed with the endpoint's
 * secret; each with its log of messages and attempts, and "send again".
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const hooks = useQuery({ queryKey: WEBHOOK_KEYS.list(userId), queryFn: ({ signal }) => webhooksApi.list(signal) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const toggle = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhooksApi.update(endpoint.id, { disabled: endpoint.state === 'active' }),
    onSuccess: () => client.invalidateQueries({ queryKey: WEBHOOK_KEYS.all }),
    onError: (error) => notifications.notify({ type: 'error', children: webhookError(error) }),
  });
  const reveal = useMutation({
    mutationFn: async (endpoint: WebhookEndpoint) => ({ url: endpoint.url, secret: (await webhooksApi.secret(endpoint.id)).secret }),
    onSuccess: setSecret,
    onError: (error) => notifications.notify({ type: 'error', children: webhookError(error) }),
  });
  if (hooks.error) throw hooks.error;
  const full = hooks.data ? hooks.data.endpoints.length >= hooks.data.limit : false;
  return (
    <section className="integration-section" aria-labelledby="webhooks-title" data-testid="webhooks">
      <div className="integration-section__head">
        <h2 id="webhooks-title">{t('webhooks.title')}</h2>
        <Button size="small" onClick={() => setEditing({ mode: 'new' })} disabled={full} data-testid="webhook-new">
          {t('webhooks.new')}
        </Button>
      </div>
      <p className="integration-section__note">{t('webhooks.lead')}</p>
      {full && hooks.data ? <p className="integration-section__note">{t('webhooks.full', { limit: hooks.data.limit })}</p> : null}
      {!hooks.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : hooks.data.endpoints.length === 0 ? (
        <p className="integration-section__empty" data-testid="webhooks-empty">
          {t('webhooks.none')}
        </p>
      ) : (
        <div className="integration-table-scroll">
          <table className="integration-table">
            <thead>
              <tr>
                <th scope="col">{t('webhooks.url')}</th>
                <th scope="col">{t('webhooks.events')}</th>
                <th scope="col">{t('webhooks.state')}</th>
                <th scope="col">{t('webhooks.lastDelivery')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('webhooks.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {hooks.data.endpoints.map((endpoint) => (
                <tr key={endpoint.id} data-testid="webhook-row" data-state={endpoint.state}>
                  <th scope="row">
                    <code className="integration-code webhook-url">{endpoint.url}</code>
                    {endpoint.description ? <span className="webhook-description">{endpoint.description}</span> : null}
                  </th>
                  <td>
                    <ul className="webhook-events">
                      {endpoint.events.map((type) => (
                        <li key={type}>{t(`webhooks.event.${type}`)}</li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <span className={`integration-state integration-state--${endpoint.state}`}>
                      {t(`webhooks.states.${endpoint.state}`)}
                    </span>
                  </td>
                  <td data-testid="webhook-last">
                    {endpoint.last_attempt ? <AttemptSummary attempt={endpoint.last_attempt} locale={locale} /> : t('webhooks.never')}
                  </td>
                  <td>
                    <div className="integration-table__actions">
                      <Button size="small" variant="secondary" onClick={() => setLog(endpoint)} data-testid="webhook-log">
                        {t('webhooks.log')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => setEditing({ mode: 'edit', endpoint })}
                        data-testid="webhook-edit"
                      >
                        {t('webhooks.edit')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        loading={reveal.isPending && reveal.variables.id === endpoint.id}
                        onClick={() => reveal.mutate(endpoint)}
                        data-testid="webhook-secret"
                      >
                        {t('webhooks.showSecret')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        loading={toggle.isPending && toggle.variables.id === endpoint.id}
                        onClick={() => toggle.mutate(endpoint)}
                        data-testid="webhook-toggle"
                      >
                        {t(endpoint.state === 'active' ? 'webhooks.disable' : 'webhooks.enable')}
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => setRemoving(endpoint)} data-testid="webhook-delete">
                        {t('webhooks.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <EndpointDialog editing={editing} onClose={(made) => (setEditing(null), made ? setSecret(made) : undefined)} /> : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {log ? <LogDialog endpoint={log} onClose={() => setLog(null)} /> : null}
      {removing ? <DeleteDialog endpoint={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

function AttemptSummary({ attempt, locale }: { attempt: WebhookAttempt; locale: string }) {
  const { t } = useTranslation();
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  return (
    <span className="webhook-attempt">
      <span className={`webhook-status webhook-status--${ok ? 'ok' : 'failed'}`}>{attempt.status ?? t('webhooks.noAnswer')}</span>{' '}
      <ReaderMoment seconds value={attempt.created_at} locale={locale} />
    </span>
  );
}

type FieldErrors = { url?: string | undefined; events?: string | undefined };

function EndpointDialog({ editing, onClose }: { editing: Editing; onClose: (made?: Secret) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const before = editing.mode === 'edit' ? editing.endpoint : null;
  const [url, setUrl] = useState(before?.url ?? 'https://');
  const [description, setDescription] = useState(before?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(before?.events ?? ['content.corrected', 'content.killed']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: async (body: { url: string; description: string; events: WebhookEventType[] }) =>
      before
        ? (await webhooksApi.update(before.id, body), undefined)
        : await webhooksApi.create(body).then((made) => ({ url: made.endpoint.url, secret: made.secret })),
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
      if (!made) notifications.notify({ type: 'success', children: t('webhooks.saved') });
      onClose(made);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url: url.trim(), description, events };
    const parsed = webhookCreateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((item) => item.path[0] === field)?.message;
      setErrors({ url: validationText(t, issue('url')), events: validationText(t, issue('events')) });
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  const choose = (type: WebhookEventType, on: boolean) => setEvents((now) => (on ? [...now, type] : now.filter((item) => item !== type)));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={before ? t('webhooks.editTitle') : t('webhooks.newTitle')}
      size="small"
      testId="webhook-dialog"
    >
      <form className="integration-form" onSubmit={submit} noValidate>
        <TextField
          label={t('webhooks.url')}
          hint={t('webhooks.urlHint')}
          type="url"
          inputMode="url"
          dir="ltr"
          value={url}
          maxLength={2000}
          required
          autoFocus
          error={errors.url}
          onChange={(event) => setUrl(event.target.value)}
          data-testid="webhook-url"
        />
        <TextField
          label={t('webhooks.description')}
          hint={t('webhooks.descriptionHint')}
          value={description}
          maxLength={200}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="webhook-description"
        />
        <fieldset>
          <legend>{t('webhooks.events')}</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              checked={events.includes(type)}
              onCheckedChange={(on) => choose(type, on)}
              label={t(`webhooks.event.${type}`)}
              description={t(`webhooks.eventHint.${type}`)}
              testId={`webhook-event-${type}`}
            />
          ))}
          {errors.events ? (
            <p className="field__error" role="alert">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <FormErrors messages={save.error ? [webhookError(save.error)] : []} testId="webhook-errors" />
        <div className="integration-form__actions">
          <Button type="button" variant="secondary" onClick={() => onClose()}>
            {t('webhooks.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="webhook-submit">
            {before ? t('webhooks.save') : t('webhooks.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The signing secret: shown when made, and to its owner on asking. */
function SecretDialog({ secret, onClose }: { secret: Secret; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard.writeText(secret.secret).then(
      () => notifications.notify({ type: 'success', children: t('webhooks.copied') }),
      () => undefined,
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('webhooks.secretTitle')}
      description={t('webhooks.secretLead')}
      size="small"
      testId="webhook-secret-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={copy}>
            {t('webhooks.copy')}
          </Button>
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t('webhooks.done')}
          </Button>
        </>
      }
    >
      <p className="webhook-secret-for">
        <code className="integration-code">{secret.url}</code>
      </p>
      <code className="integration-code integration-secret" data-testid="webhook-secret-value">
        {secret.secret}
      </code>
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <ConfirmDialog
      title={t('webhooks.deleteTitle')}
      lead={t('webhooks.deleteLead')}
      confirm={t('webhooks.delete')}
      danger
      cancel={t('webhooks.cancel')}
      run={() => webhooksApi.remove(endpoint.id)}
      errorText={webhookError}
      onDone={async () => {
        await client.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
        notifications.notify({ type: 'success', children: t('webhooks.deleted') });
        onClose();
      }}
      onClose={onClose}
      testId="webhook-delete-dialog"
      confirmTestId="webhook-delete-confirm"
    >
      <code className="integration-code integration-secret">{endpoint.url}</code>
    </ConfirmDialog>
  );
}
