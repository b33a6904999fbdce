import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button, buttonClass } from '../../ui/button.tsx';

const LOGO_PATH = '/api/current_user/logo';

async function send(method: 'PUT' | 'DELETE', file?: File): Promise<void> {
  const response = await fetch(LOGO_PATH, {
    method,
    body: file ?? null,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (response.ok) return;
  const body: unknown = await response.json().catch(() => null);
  const errors =
    typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors)
      ? (body.errors as { code: string; message: string }[])
      : [{ code: 'generic', message: '' }];
  throw new ApiError(response.status, errors);
}

/**
 * The customer's logo for branded files (profile, `#logo`): what is kept now, a PNG or SVG to
 * upload in its place, or nothing. A team's logo is its master's to change; every member uses it.
 */
export function LogoSection() {
  const { t } = useTranslation();
  const inputId = useId();
  const [version, setVersion] = useState(() => Date.now());
  const [missing, setMissing] = useState(false);
  const change = useMutation({
    mutationFn: ({ method, file }: { method: 'PUT' | 'DELETE'; file?: File }) => send(method, file),
    onSuccess: () => {
      setMissing(false);
      setVersion(Date.now());
    },
  });
  return (
    <section className="account-page__section logo-section" id="logo" data-testid="logo-section">
      <h2 className="form__section-title">{t('accounts.profile.logoTitle')}</h2>
      <p className="field__hint">{t('accounts.profile.logoLead')}</p>
      <div className="logo-section__preview">
        {missing ? (
          <p data-testid="logo-none">{t('accounts.profile.logoNone')}</p>
        ) : (
          <img
            key={version}
            src={`${LOGO_PATH}?v=${version}`}
            alt={t('accounts.profile.logoAlt')}
            width={240}
            height={80}
            onError={() => setMissing(true)}
            data-testid="logo-preview"
          />
        )}
      </div>
      <div className="logo-section__actions">
        <label className={buttonClass('primary', 'small')} htmlFor={inputId}>
          {t('accounts.profile.logoUpload')}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/png,image/svg+xml"
          data-testid="logo-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) change.mutate({ method: 'PUT', file });
            event.currentTarget.value = '';
          }}
        />
        {!missing ? (
          <Button variant="secondary" size="small" onClick={() => change.mutate({ method: 'DELETE' })} data-testid="logo-remove">
            {t('accounts.profile.logoRemove')}
          </Button>
        ) : null}
      </div>
      {change.error ? (
        <p className="form__error" role="alert" data-testid="logo-error">
          {errorText(change.error, translateIfExists)}
        </p>
      ) : null}
    </section>
  );
}
