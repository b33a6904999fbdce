import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import type { LiveEventDetail } from '../../../common/live.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, SelectField } from '../../ui/field.tsx';
import { formatPublished } from '../catalogue/format.ts';
import { liveApi } from './api.ts';
import { languageName } from './language-name.ts';

/**
 * A stream token (spec: content §7 "events/{slug}/tokens"): a signed, expiring token to pull the
 * event in one of its languages. Whether the user may have one is the server's to say.
 */
export function EventToken({ event }: { event: LiveEventDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const tokenId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [language, setLanguage] = useState(event.languages[0] ?? '');
  const [copied, setCopied] = useState<boolean | null>(null);
  const token = useMutation({ mutationFn: (languageId: string) => liveApi.streamToken(event.slug, languageId) });
  if (event.languages.length === 0) return null;

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setCopied(null);
    token.mutate(language);
  };
  const copy = (value: string) => {
    // A refused clipboard leaves the token selected for the keyboard, and says so.
    field.current?.select();
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section className="event-page__section event-token" data-testid="event-token">
      <h2 className="event-page__heading">{t('live.tokenTitle')}</h2>
      <form className="event-token__form" onSubmit={submit}>
        <SelectField
          label={t('live.tokenLanguage')}
          value={language}
          options={event.languages.map((code) => ({ value: code, label: languageName(locale, code) }))}
          onChange={(change) => setLanguage(change.target.value)}
          data-testid="event-token-language"
        />
        <Button type="submit" size="small" loading={token.isPending} data-testid="event-token-submit">
          {t('live.tokenGet')}
        </Button>
      </form>
      <FormErrors messages={token.error ? [errorText(token.error, translateIfExists)] : []} testId="event-token-errors" />
      {token.data ? (
        <div className="event-token__result">
          <label className="field__label" htmlFor={tokenId}>
            {t('live.tokenLabel', { language: languageName(locale, token.data.language_id) })}
          </label>
          <div className="event-token__row">
            <input
              ref={field}
              id={tokenId}
              className="field__control event-token__value"
              dir="ltr"
              readOnly
              value={token.data.token}
              onFocus={(focus) => focus.currentTarget.select()}
              data-testid="event-token-value"
            />
            <Button variant="secondary" size="small" onClick={() => token.data && copy(token.data.token)} data-testid="event-token-copy">
              {copied ? t('live.copied') : t('live.copy')}
            </Button>
          </div>
          <p className="event-token__note" data-testid="event-token-expires">
            {t('live.tokenExpires', { date: formatPublished(token.data.expires_at, locale, timeZone) })}
          </p>
          {copied === false ? (
            <p className="event-token__note" role="alert">
              {t('live.tokenCopyFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
