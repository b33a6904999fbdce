import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { localeDirection, type Locale } from '../../../../common/locales.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { SITE_KEYS, siteApi } from './api.ts';

/** The text a moment after typing stops: one preview call per pause, not per key. */
function useSettled(value: string, ms = 400) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * What visitors will see of the HTML being written: sanitised by the server's own rule (the
 * previews call), split at top-level headings as the public page shows it (spec content §4). The
 * markup set here is that sanitised answer, never the text typed.
 */
export function HtmlPreview({ html, locale, title }: { html: string; locale: Locale; title?: string }) {
  const { t } = useTranslation();
  const settled = useSettled(html);
  const preview = useQuery({
    queryKey: SITE_KEYS.preview(settled),
    queryFn: ({ signal }) => siteApi.preview(settled, signal),
    enabled: settled.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const answer = settled.trim() === '' ? undefined : preview.data;
  return (
    <section className="site-preview" aria-label={t('deskSite.preview')} data-testid="site-preview">
      <p className="site-preview__label">{t('deskSite.preview')}</p>
      <div className="site-preview__page" lang={locale} dir={localeDirection(locale)}>
        {title ? <h1 className="site-preview__title">{title}</h1> : null}
        {answer && answer.sections.length > 0 ? (
          answer.sections.map((section, index) => (
            <section key={index} className="site-preview__section">
              <h2 className="site-preview__caption" dangerouslySetInnerHTML={{ __html: section.caption }} />
              <div className="site-preview__body" dangerouslySetInnerHTML={{ __html: section.body }} />
            </section>
          ))
        ) : answer ? (
          <div dangerouslySetInnerHTML={{ __html: answer.html }} />
        ) : (
          <p className="site-preview__empty">{t('deskSite.previewEmpty')}</p>
        )}
      </div>
      {answer && answer.sections.length === 0 && answer.html ? <p className="field__hint">{t('deskSite.noSections')}</p> : null}
    </section>
  );
}
