import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import {
  ATTACHMENT_MESSAGES,
  attachmentProblem,
  applicationFieldsSchema,
  birthdayProblem,
  BIRTH_YEAR_MIN,
  CAREER_ATTACHMENT_ACCEPT,
  CAREER_ATTACHMENT_LIMITS,
  GENDERS,
  type ApplicationFields,
  type ApplicationFieldsInput,
} from '../../../common/careers.ts';
import { ApiError } from '../../lib/api-client.ts';
import { itemText, validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, RequiredNote, SelectField, TextField, revealFocusedField } from '../../ui/field.tsx';
import { careersApi } from './api.ts';

type FieldName = keyof ApplicationFieldsInput;
const FIELDS = Object.keys(applicationFieldsSchema.shape) as FieldName[];
const BIRTHDAY_PARTS = ['birthday_day', 'birthday_month', 'birthday_year'] as const;
const today = () => new Date().toISOString().slice(0, 10);

/** The shared rules, plus the birthday as a whole: a day that exists, not after today. */
const formSchema = applicationFieldsSchema.superRefine((value, ctx) => {
  const { birthday_day: day, birthday_month: month, birthday_year: year } = value;
  if (birthdayProblem({ day, month, year }, today()).problem)
    ctx.addIssue({ code: 'custom', message: 'validation.date', path: ['birthday_year'] });
});

/** An attachment rule's message: translated, else the English one (spec §5 for the type). */
const attachmentText = (code: keyof typeof ATTACHMENT_MESSAGES) => translateIfExists(`careers.errors.${code}`) ?? ATTACHMENT_MESSAGES[code];

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The application form (spec: content §2 "Careers"; §5 "Career attachments"): the fields checked
 * by the shared schema as the applicant goes, the files by name and size before sending (the server
 * checks their content), and every error the server answers on its field.
 */
export function ApplicationForm({
  vacancyId,
  locale,
  onSent,
}: {
  vacancyId: number;
  locale: string;
  onSent: (applicant: { name: string; email: string }) => void;
}) {
  const { t } = useTranslation();
  const filesId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const [birthdayServerError, setBirthdayServerError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ApplicationFieldsInput, unknown, ApplicationFields>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: Object.fromEntries(FIELDS.map((name) => [name, ''])) as ApplicationFieldsInput,
  });
  const { errors } = form.formState;
  const error = (name: FieldName) => validationText(t, errors[name]?.message);
  const birthdayError = BIRTHDAY_PARTS.map(error).find(Boolean) ?? birthdayServerError;

  const send = useMutation({
    mutationFn: (values: ApplicationFields) => {
      const body = new FormData();
      for (const name of FIELDS) body.append(name, String(values[name]));
      for (const file of files) body.append('files', file, file.name);
      return careersApi.apply(vacancyId, body);
    },
    onSuccess: (_answer, values) => onSent({ name: values.first_name, email: values.email }),
    onError: (failure) => {
      if (!(failure instanceof ApiError)) {
        setFormErrors([itemText({ code: 'network_error', message: t('careers.form.failed') })]);
        return;
      }
      const rest: string[] = [];
      for (const item of failure.errors) {
        const translated = translateIfExists(`careers.errors.${item.code}`);
        if (item.field === 'files') setFilesError(translated ?? item.message);
        else if (item.field === 'birthday') setBirthdayServerError(validationText(t, 'validation.date'));
        else if (item.field && (FIELDS as string[]).includes(item.field))
          form.setError(item.field as Path<ApplicationFieldsInput>, { type: 'server', message: itemText(item) });
        else rest.push(translated ?? itemText(item));
      }
      setFormErrors(rest);
    },
  });

  const chooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    setFiles(chosen);
    const problem = attachmentProblem(chosen);
    setFilesError(problem ? attachmentText(problem) : undefined);
  };

  const days = useMemo(() => Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })), []);
  const months = useMemo(() => {
    const name = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: name.format(new Date(Date.UTC(2000, index, 1))) }));
  }, [locale]);
  const genders = GENDERS.map((gender) => ({ value: gender, label: t(`careers.genders.${gender}`) }));

  return (
    <form
      className="form application-form"
      noValidate
      data-testid="application-form"
      onSubmit={form.handleSubmit(
        (values) => {
          setFormErrors([]);
          setBirthdayServerError(undefined);
          const problem = attachmentProblem(files);
          if (problem) {
            setFilesError(attachmentText(problem));
            document.getElementById(filesId)?.focus();
            return;
          }
          send.mutate(values);
        },
        () => {
          const problem = attachmentProblem(files);
          if (problem) setFilesError(attachmentText(problem));
          revealFocusedField();
        },
      )}
    >
      <RequiredNote>{t('careers.form.requiredNote')}</RequiredNote>
      <div className="form__row">
        <TextField
          label={t('careers.fields.firstName')}
          autoComplete="given-name"
          required
          error={error('first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label={t('careers.fields.lastName')}
          autoComplete="family-name"
          required
          error={error('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('careers.fields.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          required
          error={error('email')}
          {...form.register('email')}
        />
        <TextField
          label={t('careers.fields.phone')}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          required
          error={error('phone')}
          {...form.register('phone')}
        />
      </div>
      <fieldset
        className={`application-form__birthday${birthdayError ? ' field--invalid' : ''}`}
        aria-describedby={birthdayError ? 'birthday-error' : undefined}
      >
        <legend className="field__label">
          {t('careers.fields.birthday')}
          <span className="field__required" aria-hidden>
            *
          </span>
        </legend>
        <div className="application-form__birthday-parts">
          <SelectField
            label={t('careers.fields.day')}
            placeholder="—"
            options={days}
            autoComplete="bday-day"
            {...form.register('birthday_day')}
          />
          <SelectField
            label={t('careers.fields.month')}
            placeholder="—"
            options={months}
            autoComplete="bday-month"
            {...form.register('birthday_month')}
          />
          <TextField
            label={t('careers.fields.year')}
            inputMode="numeric"
            dir="ltr"
            placeholder={String(BIRTH_YEAR_MIN + 90)}
            maxLength={4}
            autoComplete="bday-year"
            {...form.register('birthday_year')}
          />
        </div>
        {birthdayError ? (
          <p id="birthday-error" className="field__error" role="alert">
            {birthdayError}
          </p>
        ) : null}
      </fieldset>
      <div className="form__row">
        <SelectField
          label={t('careers.fields.gender')}
          placeholder={t('careers.form.choose')}
          options={genders}
          required
          error={error('gender')}
          {...form.register('gender')}
        />
        <TextField
          label={t('careers.fields.location')}
          autoComplete="address-level2"
          required
          error={error('location')}
          {...form.register('location')}
        />
      </div>
      <TextField
        label={t('careers.fields.salary')}
        hint={t('careers.fields.salaryHint')}
        error={error('salary_expectations')}
        dir="auto"
        {...form.register('salary_expectations')}
      />
      <div className={`field${error('comment') ? ' field--invalid' : ''}`}>
        <label htmlFor={`${filesId}-comment`} className="field__label">
          {t('careers.fields.comment')}
        </label>
        <textarea
          id={`${filesId}-comment`}
          className="field__control application-form__comment"
          rows={5}
          dir="auto"
          aria-invalid={error('comment') ? true : undefined}
          {...form.register('comment')}
        />
        {error('comment') ? <p className="field__error">{error('comment')}</p> : null}
      </div>
      <div className={`field application-form__files${filesError ? ' field--invalid' : ''}`}>
        <label htmlFor={filesId} className="field__label">
          {t('careers.fields.files')}
          <span className="field__required" aria-hidden>
            *
          </span>
        </label>
        <input
          id={filesId}
          type="file"
          multiple
          accept={CAREER_ATTACHMENT_ACCEPT}
          className="application-form__file-input"
          data-testid="application-files"
          aria-invalid={filesError ? true : undefined}
          aria-describedby={filesError ? `${filesId}-error` : `${filesId}-hint`}
          onChange={chooseFiles}
        />
        {files.length > 0 ? (
          <ul className="application-form__file-list" data-testid="application-file-list">
            {files.map((file) => (
              <li key={`${file.name}-${file.size}`}>
                <bdi>{file.name}</bdi> <span className="application-form__file-size">{formatSize(file.size)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {filesError ? (
          <p id={`${filesId}-error`} className="field__error" role="alert" data-testid="application-files-error">
            {filesError}
          </p>
        ) : (
          <p id={`${filesId}-hint`} className="field__hint">
            {t('careers.fields.filesHint', {
              max: CAREER_ATTACHMENT_LIMITS.maxFiles,
              size: CAREER_ATTACHMENT_LIMITS.maxFileBytes / 1024 / 1024,
            })}
          </p>
        )}
      </div>
      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" disabled={send.isPending} data-testid="application-submit">
          {send.isPending ? t('careers.form.sending') : t('careers.form.submit')}
        </Button>
      </div>
    </form>
  );
}
