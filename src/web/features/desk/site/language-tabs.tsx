import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { LOCALE_NAMES, LOCALES, localeDirection, type Locale } from '../../../../common/locales.ts';
import { useTranslation } from '../../../lib/translation.ts';

/** `lang` and `dir` for a field written in a language: Arabic right to left, whatever the desk's own language. */
export const writtenIn = (locale: Locale) => ({ lang: locale, dir: localeDirection(locale) });

/**
 * One form's four languages as tabs: the panel shows the chosen language's fields. A language whose
 * fields have a problem says so on its tab, so a message in a hidden panel is not missed.
 */
export function LanguageTabs({
  value,
  onChange,
  problems = [],
  testId,
  children,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
  problems?: readonly Locale[];
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const move = (event: KeyboardEvent, from: Locale) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    // Arrows follow the reading direction: in a right-to-left page the right arrow goes back.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = LOCALES[(LOCALES.indexOf(from) + (rtl ? -step : step) + LOCALES.length) % LOCALES.length] ?? from;
    onChange(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <div className="site-tabs" data-testid={testId}>
      <div className="site-tabs__list" role="tablist" aria-label={t('deskSite.languages')}>
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            role="tab"
            id={`${id}-${locale}`}
            aria-selected={locale === value}
            aria-controls={`${id}-panel`}
            tabIndex={locale === value ? 0 : -1}
            className="site-tabs__tab"
            onClick={() => onChange(locale)}
            onKeyDown={(event) => move(event, locale)}
            data-testid={`${testId}-${locale}`}
            data-problem={problems.includes(locale) || undefined}
          >
            <span lang={locale}>{LOCALE_NAMES[locale]}</span>
            {locale === 'en' ? <span className="site-tabs__required"> · {t('deskSite.required')}</span> : null}
            {problems.includes(locale) ? <span className="site-tabs__problem"> · {t('deskSite.check')}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} className="site-tabs__panel">
        {children}
      </div>
    </div>
  );
}

/** The languages a set of field paths (`titles.ar`, `content.en`) has problems in. */
export const languagesWithProblems = (fields: Record<string, string>): Locale[] =>
  LOCALES.filter((locale) => Object.keys(fields).some((path) => path.endsWith(`.${locale}`)));
