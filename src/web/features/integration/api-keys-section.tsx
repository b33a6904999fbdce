import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { API_KEY_SCOPES, apiKeyCreateSchema, type ApiKey, type ApiKeyIssued, type ApiKeyScope } from '../../../common/integration.ts';
import { errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors, SelectField, TextField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { ReaderDate } from '../../ui/reader-date.tsx';
import { apiKeysApi, INTEGRATION_KEYS } from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const EXPIRIES = ['', '30', '90', '365'] as const;
type Confirm = { kind: 'rotate' | 'revoke'; key: ApiKey };

/** The owner's API keys: made, rotated and revoked here; a secret is shown once, when made. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const keys = useQuery({ queryKey: INTEGRATION_KEYS.apiKeys(userId), queryFn: ({ signal }) => apiKeysApi.list(signal) });
  const [making, setMaking] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [issued, setIssued] = useState<ApiKeyIssued | null>(null);
  if (keys.error) throw keys.error;
  return (
    <section className="integration-section" aria-labelledby="api-keys-title" data-testid="api-keys">
      <div className="integration-section__head">
        <h2 id="api-keys-title">{t('integrations.keys.title')}</h2>
        <Button size="small" onClick={() => setMaking(true)} data-testid="api-key-new">
          {t('integrations.keys.new')}
        </Button>
      </div>
      <p className="integration-section__note">
        {t('integrations.keys.lead')}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('integrations.keys.docs')}
        </a>
      </p>
      {!keys.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : keys.data.keys.length === 0 ? (
        <p className="integration-section__empty" data-testid="api-keys-empty">
          {t('integrations.keys.none')}
        </p>
      ) : (
        <div className="integration-table-scroll">
          <table className="integration-table">
            <thead>
              <tr>
                <th scope="col">{t('integrations.keys.name')}</th>
                <th scope="col">{t('integrations.keys.key')}</th>
                <th scope="col">{t('integrations.keys.scopes')}</th>
                <th scope="col">{t('integrations.keys.lastUsed')}</th>
                <th scope="col">{t('integrations.keys.expires')}</th>
                <th scope="col">{t('integrations.keys.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('integrations.keys.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.keys.map((key) => (
                <tr key={key.id} data-testid="api-key-row" data-state={key.state}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code className="integration-code">{key.prefix}…</code>
                  </td>
                  <td>
                    {new Intl.ListFormat(locale, { type: 'unit' }).format(key.scopes.map((scope) => t(`integrations.keys.scope.${scope}`)))}
                  </td>
                  <td>{key.last_used_at ? <ReaderDate value={key.last_used_at} locale={locale} /> : t('integrations.keys.never')}</td>
                  <td>{key.expires_at ? <ReaderDate value={key.expires_at} locale={locale} /> : t('integrations.keys.noExpiry')}</td>
                  <td>
                    <span className={`integration-state integration-state--${key.state}`}>
                      {t(`integrations.keys.states.${key.state}`)}
                    </span>
                  </td>
                  <td>
                    {key.state === 'active' ? (
                      <div className="integration-table__actions">
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => setConfirm({ kind: 'rotate', key })}
                          data-testid="api-key-rotate"
                        >
                          {t('integrations.keys.rotate')}
                        </Button>
                        <Button
                          size="small"
                          variant="ghost"
                          onClick={() => setConfirm({ kind: 'revoke', key })}
                          data-testid="api-key-revoke"
                        >
                          {t('integrations.keys.revoke')}
                        </Button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {making ? <NewKeyDialog onClose={(made) => (setMaking(false), made ? setIssued(made) : undefined)} /> : null}
      {confirm ? <ConfirmKeyDialog confirm={confirm} onClose={(made) => (setConfirm(null), made ? setIssued(made) : undefined)} /> : null}
      {issued ? <SecretDialog issued={issued} onClose={() => setIssued(null)} /> : null}
    </section>
  );
}

function NewKeyDialog({ onClose }: { onClose: (made?: ApiKeyIssued) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const make = useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: ['integration', 'api-keys'] });
      onClose(made);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, scopes, expires_in_days: expiry ? Number(expiry) : null };
    const parsed = apiKeyCreateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((item) => item.path[0] === field)?.message;
      setErrors({ name: validationText(t, issue('name')), scopes: validationText(t, issue('scopes')) });
      return;
    }
    setErrors({});
    make.mutate(body);
  };
  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((now) => (on ? [...now, scope] : now.filter((item) => item !== scope)));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('integrations.keys.newTitle')}
      size="small"
      testId="api-key-dialog"
    >
      <form className="integration-form" onSubmit={submit} noValidate>
        <TextField
          label={t('integrations.keys.name')}
          hint={t('integrations.keys.nameHint')}
          value={name}
          maxLength={80}
          required
          autoFocus
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
          data-testid="api-key-name"
        />
        <fieldset>
          <legend>{t('integrations.keys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              checked={scopes.includes(scope)}
              onCheckedChange={(on) => toggle(scope, on)}
              label={t(`integrations.keys.scope.${scope}`)}
              description={t(`integrations.keys.scopeHint.${scope}`)}
              testId={`api-key-scope-${scope}`}
            />
          ))}
          {errors.scopes ? (
            <p className="field__error" role="alert">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <SelectField
          label={t('integrations.keys.expires')}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as (typeof EXPIRIES)[number])}
          options={EXPIRIES.map((days) => ({
            value: days,
            label: days ? t('integrations.keys.days', { count: Number(days) }) : t('integrations.keys.noExpiry'),
          }))}
          data-testid="api-key-expiry"
        />
        <FormErrors messages={make.error ? [errorText(make.error, translateIfExists)] : []} testId="api-key-errors" />
        <div className="integration-form__actions">
          <Button type="button" variant="secondary" onClick={() => onClose()}>
            {t('integrations.cancel')}
          </Button>
          <Button type="submit" loading={make.isPending} data-testid="api-key-submit">
            {t('integrations.keys.make')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ConfirmKeyDialog({ confirm, onClose }: { confirm: Confirm; onClose: (made?: ApiKeyIssued) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <ConfirmDialog
      title={t(`integrations.keys.${confirm.kind}Title`, { name: confirm.key.name })}
      lead={t(`integrations.keys.${confirm.kind}Lead`)}
      confirm={t(`integrations.keys.${confirm.kind}`)}
      danger={confirm.kind === 'revoke'}
      cancel={t('integrations.cancel')}
      run={async () =>
        confirm.kind === 'rotate' ? apiKeysApi.rotate(confirm.key.id) : (await apiKeysApi.revoke(confirm.key.id), undefined)
      }
      errorText={(error) => errorText(error, translateIfExists)}
      onDone={async (made) => {
        await client.invalidateQueries({ queryKey: ['integration', 'api-keys'] });
        if (!made) notifications.notify({ type: 'success', children: t('integrations.keys.revoked', { name: confirm.key.name }) });
        onClose(made);
      }}
      onClose={() => onClose()}
      testId={`api-key-${confirm.kind}-dialog`}
      confirmTestId="api-key-confirm"
    />
  );
}

/** The secret, this once: copied from here into the newsroom system's settings. */
function SecretDialog({ issued, onClose }: { issued: ApiKeyIssued; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = () =>
    void navigator.clipboard.writeText(issued.secret).then(
      () => notifications.notify({ type: 'success', children: t('integrations.keys.copied') }),
      () => undefined,
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('integrations.keys.secretTitle', { name: issued.key.name })}
      description={t('integrations.keys.secretLead')}
      size="small"
      testId="api-key-secret-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={copy}>
            {t('integrations.keys.copy')}
          </Button>
          <Button onClick={onClose} data-testid="api-key-secret-done">
            {t('integrations.keys.done')}
          </Button>
        </>
      }
    >
      <code className="integration-code integration-secret" data-testid="api-key-secret">
        {issued.secret}
      </code>
    </Dialog>
  );
}
