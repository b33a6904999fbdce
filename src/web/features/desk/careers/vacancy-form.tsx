import { useId, useState, type FormEvent, type TextareaHTMLAttributes } from 'react';
import { EMPLOYMENT_TYPES, type AdminVacancy, type EmploymentType, type VacancyTexts } from '../../../../common/careers.ts';
import { LOCALES, localeDirection, type Locale } from '../../../../common/locales.ts';
import { validationText } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { FormErrors, SelectField, TextField } from '../../../ui/field.tsx';
import { errorsOf } from '../live/api.ts';

const TEXT_FIELDS = ['title', 'department', 'location', 'summary', 'description'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
type Texts = Record<TextFieldName, string>;
const REQUIRED: readonly TextFieldName[] = ['title', 'location'];
const empty = (): Texts => ({ title: '', department: '', location: '', summary: '', description: '' });

/** What the form sends: the languages written (English always), the employment type, whether it is published. */
export type VacancyDraft = {
  translations: Partial<Record<Locale, VacancyTexts>> & { en: VacancyTexts };
  employment_type: EmploymentType;
  published: boolean;
};

function TextArea({ label, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} className="field__control desk-careers__area" {...area} />
    </div>
  );
}

/**
 * A vacancy's fields at the desk (spec: content §2 "Careers"): its texts in the four content
 * languages, one tab each (English required; a language left empty shows the English texts on the
 * careers pages), and the employment type. Each field is written in its language's direction.
 */
export function VacancyForm(props: {
  vacancy: AdminVacancy | null;
  pending: boolean;
  error: unknown;
  onSubmit: (draft: VacancyDraft) => void;
}) {
  const { t } = useTranslation();
  const { vacancy } = props;
  const [texts, setTexts] = useState<Record<Locale, Texts>>(
    () => Object.fromEntries(LOCALES.map((locale) => [locale, { ...empty(), ...vacancy?.translations[locale] }])) as Record<Locale, Texts>,
  );
  const [employment, setEmployment] = useState<EmploymentType>(vacancy?.employment_type ?? 'full_time');
  const [tab, setTab] = useState<Locale>('en');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const server = errorsOf(props.error, 'vacancy.');
  const fieldError = (locale: Locale, name: TextFieldName) =>
    missing[`translations.${locale}.${name}`] ?? server.fields[`translations.${locale}.${name}`];
  const written = (locale: Locale) => TEXT_FIELDS.some((name) => texts[locale][name].trim() !== '');
  const hasError = (locale: Locale) => TEXT_FIELDS.some((name) => fieldError(locale, name));

  const submit = (published: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    // A language is sent once any of its fields is written; then its title and location are required, as in English.
    const sent = LOCALES.filter((locale) => locale === 'en' || written(locale));
    const gaps: Record<string, string> = {};
    for (const locale of sent)
      for (const name of REQUIRED)
        if (texts[locale][name].trim() === '') gaps[`translations.${locale}.${name}`] = validationText(t, 'validation.required') ?? '';
    setMissing(gaps);
    const firstGap = sent.find((locale) => REQUIRED.some((name) => gaps[`translations.${locale}.${name}`]));
    if (firstGap) {
      setTab(firstGap);
      return;
    }
    const translations = Object.fromEntries(sent.map((locale) => [locale, texts[locale]])) as VacancyDraft['translations'];
    props.onSubmit({ translations, employment_type: employment, published });
  };

  const published = vacancy?.published ?? false;
  return (
    <form className="desk-careers__form" onSubmit={submit(published)} noValidate data-testid="vacancy-form">
      <div className="desk-careers__tabs" role="tablist" aria-label={t('deskCareers.vacancy.languages')}>
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            role="tab"
            id={`vacancy-tab-${locale}`}
            aria-selected={tab === locale}
            aria-controls={`vacancy-panel-${locale}`}
            className="desk-careers__tab"
            data-error={hasError(locale) || undefined}
            onClick={() => setTab(locale)}
            data-testid={`vacancy-tab-${locale}`}
          >
            {t(`deskCareers.languages.${locale}`)}
            {written(locale) ? ' •' : ''}
          </button>
        ))}
      </div>
      {LOCALES.map((locale) => (
        <div
          key={locale}
          role="tabpanel"
          id={`vacancy-panel-${locale}`}
          aria-labelledby={`vacancy-tab-${locale}`}
          hidden={tab !== locale}
          className="desk-careers__panel"
        >
          <p className="desk-careers__hint">
            {t(locale === 'en' ? 'deskCareers.vacancy.englishRequired' : 'deskCareers.vacancy.optional')}
          </p>
          {TEXT_FIELDS.map((name) => {
            const common = {
              label: t(`deskCareers.vacancy.fields.${name}`),
              value: texts[locale][name],
              lang: locale,
              dir: localeDirection(locale),
              onChange: (event: { target: { value: string } }) =>
                setTexts((old) => ({ ...old, [locale]: { ...old[locale], [name]: event.target.value } })),
              'data-testid': `vacancy-${locale}-${name}`,
            };
            return name === 'summary' || name === 'description' ? (
              <TextArea key={name} rows={name === 'summary' ? 2 : 8} {...common} />
            ) : (
              <TextField
                key={name}
                required={REQUIRED.includes(name) && (locale === 'en' || written(locale))}
                error={fieldError(locale, name)}
                {...common}
              />
            );
          })}
        </div>
      ))}
      <SelectField
        label={t('deskCareers.vacancy.fields.employmentType')}
        value={employment}
        options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`deskCareers.employment.${value}`) }))}
        onChange={(event) => setEmployment(event.target.value as EmploymentType)}
        data-testid="vacancy-employment"
      />
      <FormErrors messages={server.other} testId="vacancy-errors" />
      <div className="desk-careers__actions">
        <Button type="submit" loading={props.pending} variant={published || !vacancy ? 'primary' : 'secondary'} data-testid="vacancy-save">
          {t(vacancy ? 'deskCareers.vacancy.save' : 'deskCareers.vacancy.saveDraft')}
        </Button>
        {published ? (
          <Button type="button" variant="red" disabled={props.pending} onClick={submit(false)} data-testid="vacancy-unpublish">
            {t('deskCareers.vacancy.unpublish')}
          </Button>
        ) : (
          <Button type="button" variant="green" disabled={props.pending} onClick={submit(true)} data-testid="vacancy-publish">
            {t('deskCareers.vacancy.publish')}
          </Button>
        )}
      </div>
    </form>
  );
}
