import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { termsVersionBodySchema, type DeskTerms } from '../../../../common/desk-site-content.ts';
import type { Locale } from '../../../../common/locales.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormErrors, TextAreaField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { NO_PROBLEMS, problemsOfCall, problemsOfCheck, SITE_KEYS, siteApi, type FormProblems } from './api.ts';
import { HtmlPreview } from './html-preview.tsx';
import { LanguageTabs, languagesWithProblems, writtenIn } from './language-tabs.tsx';

/**
 * The terms of service: the current version, and a new one written from it. Publishing adds a
 * version (the accepted ones stay as they were), so every signed-in user is asked to accept again.
 */
export function TermsPart() {
  const { t } = useTranslation();
  const terms = useQuery({ queryKey: SITE_KEYS.terms, queryFn: ({ signal }) => siteApi.terms(signal) });
  return (
    <section className="site-part" aria-labelledby="site-terms-title" data-testid="site-terms">
      <h2 id="site-terms-title">{t('deskSite.terms.heading')}</h2>
      <p className="desk__lead">{t('deskSite.terms.lead')}</p>
      {terms.data ? (
        <TermsForm key={terms.data.version} current={terms.data} />
      ) : terms.isError ? (
        <p role="alert">{errorText(terms.error, translateIfExists)}</p>
      ) : (
        <LoadingFallback label={t('common.loading')} />
      )}
    </section>
  );
}

function TermsForm({ current }: { current: DeskTerms }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [locale, setLocale] = useState<Locale>('en');
  const [content, setContent] = useState(current.content);
  const [popup, setPopup] = useState(current.popup_content);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [confirming, setConfirming] = useState(false);
  const body = { previous_version: current.version, content, popup_content: popup };
  const publish = useMutation({
    mutationFn: () => siteApi.publishTerms(body),
    onSuccess: async (terms) => {
      setConfirming(false);
      notifications.notify({ type: 'success', children: t('deskSite.terms.published', { version: terms.version }) });
      await client.invalidateQueries({ queryKey: SITE_KEYS.terms });
    },
    onError: (error) => {
      setConfirming(false);
      setProblems(problemsOfCall(error));
    },
  });
  const check = () => {
    const checked = termsVersionBodySchema.safeParse(body);
    if (!checked.success) {
      const found = problemsOfCheck(checked.error, t);
      setProblems(found);
      setLocale(languagesWithProblems(found.fields)[0] ?? locale);
      return;
    }
    setProblems(NO_PROBLEMS);
    setConfirming(true);
  };
  const unchanged =
    JSON.stringify(content) === JSON.stringify(current.content) && JSON.stringify(popup) === JSON.stringify(current.popup_content);
  return (
    <div className="site-form" data-testid="terms-form">
      <p data-testid="terms-version">
        {current.version > 0 ? t('deskSite.terms.current', { version: current.version }) : t('deskSite.terms.none')}
      </p>
      <LanguageTabs value={locale} onChange={setLocale} problems={languagesWithProblems(problems.fields)} testId="terms-language">
        <TextAreaField
          className="site-textarea"
          key={`popup-${locale}`}
          label={t('deskSite.terms.popup')}
          hint={t('deskSite.terms.popupHint')}
          rows={3}
          value={popup[locale]}
          required={locale === 'en'}
          error={problems.fields[`popup_content.${locale}`]}
          onChange={(event) => setPopup({ ...popup, [locale]: event.target.value })}
          {...writtenIn(locale)}
          data-testid="terms-popup"
        />
        <div className="site-editor">
          <TextAreaField
            className="site-textarea"
            key={`content-${locale}`}
            label={t('deskSite.terms.content')}
            hint={t('deskSite.htmlHint')}
            rows={16}
            value={content[locale]}
            required={locale === 'en'}
            error={problems.fields[`content.${locale}`]}
            onChange={(event) => setContent({ ...content, [locale]: event.target.value })}
            {...writtenIn(locale)}
            data-testid="terms-content"
          />
          <HtmlPreview key={locale} html={content[locale] || content.en} locale={locale} />
        </div>
      </LanguageTabs>
      <FormErrors messages={problems.other} />
      <div className="site-form__actions">
        <Button size="small" disabled={unchanged} onClick={check} data-testid="terms-publish">
          {t('deskSite.terms.publish', { version: current.version + 1 })}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="small"
        title={t('deskSite.terms.confirmTitle', { version: current.version + 1 })}
        description={t('deskSite.terms.confirmText')}
        testId="terms-confirm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('deskSite.cancel')}
            </Button>
            <Button loading={publish.isPending} onClick={() => publish.mutate()} data-testid="terms-confirm-publish">
              {t('deskSite.terms.confirm')}
            </Button>
          </>
        }
      />
    </div>
  );
}
