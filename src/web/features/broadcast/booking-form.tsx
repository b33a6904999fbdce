import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { Profile } from '../../../common/accounts.ts';
import { bookingFormSchemaFor, type BroadcastTownSummary } from '../../../common/broadcast.ts';
import { LINKS } from '../../../common/routes.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { useSignedIn } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, RequiredNote, SelectField, TextField, revealFocusedField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { BROADCAST_KEYS, broadcastApi } from './api.ts';

type Schema = ReturnType<typeof bookingFormSchemaFor>;
type Input = z.input<Schema>;
type Output = z.output<Schema>;
const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'job_title_id', 'company', 'date', 'details', 'privacy_accepted'] as const;

/** The visitor's own today, YYYY-MM-DD (the server allows today anywhere on Earth). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const toId = (value: string | number | null | undefined) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** What a signed-in user's profile says of them, for the form's contact fields (issue 28); blanks stay blank. */
function prefillOf(profile: Profile | undefined): Partial<Input> {
  if (!profile) return {};
  const given = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    first_name: given(profile.first_name),
    last_name: given(profile.last_name),
    phone: given(profile.phone_number),
    email: given(profile.email),
    company: given(profile.company_name),
  };
}

/** The studio and equipment booking form for one town, then its success screen (spec §2, §5). */
export function BookingSection({ town, locale }: { town: BroadcastTownSummary; locale: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<{ email: string; date: string } | null>(null);
  const jobTitles = useQuery({
    queryKey: BROADCAST_KEYS.jobTitles(locale),
    queryFn: ({ signal }) => broadcastApi.jobTitles(signal),
    staleTime: LONG_CACHE_MS,
  });
  // A signed-in user's details fill the form; a profile that cannot be read leaves it to be typed.
  const signedIn = useSignedIn();
  const profile = useQuery({
    queryKey: BROADCAST_KEYS.profile,
    queryFn: ({ signal }) => broadcastApi.profile(signal),
    enabled: signedIn,
    retry: false,
  });
  const profileSettled = !signedIn || profile.isSuccess || profile.isError;
  if (jobTitles.isError) throw jobTitles.error;

  return (
    <section className="broadcast-booking" aria-labelledby="broadcast-booking-title" data-testid="broadcast-booking">
      <h2 id="broadcast-booking-title" className="broadcast-page__section-title">
        {t('broadcast.booking.title', { town: town.title })}
      </h2>
      {sent ? (
        <div className="broadcast-booking__sent" role="status" data-testid="booking-sent">
          <h3>{t('broadcast.booking.sentTitle')}</h3>
          <p>
            {t('broadcast.booking.sentText', {
              town: town.title,
              date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${sent.date}T00:00:00Z`)),
              email: sent.email,
            })}
          </p>
          <Button variant="secondary" onClick={() => setSent(null)} data-testid="booking-again">
            {t('broadcast.booking.again')}
          </Button>
        </div>
      ) : !jobTitles.data || !profileSettled ? (
        <LoadingFallback />
      ) : (
        <BookingForm
          town={town}
          locale={locale}
          jobTitles={jobTitles.data}
          prefill={prefillOf(signedIn ? profile.data : undefined)}
          onSent={(email, date) => {
            setSent({ email, date });
            requestAnimationFrame(() => document.getElementById('broadcast-booking-title')?.scrollIntoView({ block: 'start' }));
          }}
        />
      )}
    </section>
  );
}

type FormProps = {
  town: BroadcastTownSummary;
  locale: string;
  jobTitles: { id: number; name: string }[];
  prefill: Partial<Input>;
  onSent: (email: string, date: string) => void;
};

function BookingForm({ town, locale, jobTitles, prefill, onSent }: FormProps) {
  const { t } = useTranslation();
  const today = localToday();
  const schema = useMemo(() => bookingFormSchemaFor(today), [today]);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { ...prefill, details: '', privacy_accepted: false as unknown as true },
  });
  const { errors } = form.formState;
  const error = (name: (typeof FIELDS)[number]) => validationText(t, errors[name]?.message);
  const send = useMutation({
    mutationFn: (values: Output) => broadcastApi.book(town.slug, values),
    onSuccess: (_answer, values) => onSent(values.email, values.date),
    onError: (failure) => setFormErrors(applyServerErrors<Input>(failure, FIELDS, form.setError, 'booking')),
  });

  return (
    <form
      className="form broadcast-booking__form"
      noValidate
      data-testid="booking-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        send.mutate(values);
      }, revealFocusedField)}
    >
      <RequiredNote>{t('broadcast.booking.requiredNote')}</RequiredNote>
      <div className="form__row">
        <TextField
          label={t('broadcast.fields.firstName')}
          autoComplete="given-name"
          required
          error={error('first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label={t('broadcast.fields.lastName')}
          autoComplete="family-name"
          required
          error={error('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('broadcast.fields.phone')}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          required
          error={error('phone')}
          {...form.register('phone')}
        />
        <TextField
          label={t('broadcast.fields.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          required
          hint={t('broadcast.fields.emailHint')}
          error={error('email')}
          {...form.register('email')}
        />
      </div>
      <div className="form__row">
        <SelectField
          label={t('broadcast.fields.jobTitle')}
          required
          placeholder={t('broadcast.fields.choose')}
          options={jobTitles.map((title) => ({ value: String(title.id), label: title.name }))}
          error={error('job_title_id')}
          {...form.register('job_title_id', { setValueAs: toId })}
        />
        <TextField
          label={t('broadcast.fields.company')}
          autoComplete="organization"
          required
          error={error('company')}
          {...form.register('company')}
        />
      </div>
      <div className="form__row">
        <TextField label={t('broadcast.fields.date')} type="date" min={today} required error={error('date')} {...form.register('date')} />
      </div>
      <div className="field">
        <label htmlFor="booking-details" className="field__label">
          {t('broadcast.fields.details')}
        </label>
        <textarea
          id="booking-details"
          className="field__control broadcast-booking__details"
          rows={4}
          maxLength={2000}
          aria-invalid={errors.details ? true : undefined}
          {...form.register('details')}
        />
        {errors.details ? (
          <p className="field__error" role="alert">
            {error('details')}
          </p>
        ) : null}
      </div>
      <Controller
        control={form.control}
        name="privacy_accepted"
        render={({ field, fieldState }) => (
          <div className="broadcast-booking__privacy">
            <Checkbox
              name={field.name}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              testId="booking-privacy"
              label={
                <Trans
                  i18nKey="broadcast.fields.privacy"
                  components={{ privacy: <Link to={`/${locale}${LINKS.privacyPolicy}`} target="_blank" /> }}
                />
              }
            />
            {fieldState.error ? (
              <p className="field__error" role="alert" data-testid="booking-privacy-error">
                {validationText(t, fieldState.error.message)}
              </p>
            ) : null}
          </div>
        )}
      />
      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" loading={send.isPending} data-testid="booking-submit">
          {t('broadcast.booking.submit')}
        </Button>
      </div>
    </form>
  );
}
