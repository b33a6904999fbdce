import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { profileUpdateSchema, type Profile } from '../../../common/accounts.ts';
import { LOCALE_NAMES, LOCALES } from '../../../common/locales.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, SelectField, TextField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountsApi } from './api.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { LogoSection } from '../downloads/logo-section.tsx';
import { FollowedTags } from './followed-tags.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { useCountries, useTimeZones } from './reference-queries.ts';
import { storeCurrentUser } from './use-current-user.ts';
import './accounts.css';

type Input = z.input<typeof profileUpdateSchema>;
type Output = z.output<typeof profileUpdateSchema>;
const FIELDS = [
  'first_name',
  'last_name',
  'phone_number',
  'country_id',
  'company_name',
  'tvu_email',
  'notification_locale',
  'time_zone',
  'ftp_server',
  'ftp_username',
  'ftp_password',
] as const;
const NOTIFICATION_FLAGS = ['live_event_notifications', 'video_branding_notifications', 'newsletter'] as const;

function defaults(profile: Profile): Input {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone_number: profile.phone_number,
    country_id: profile.country_id,
    company_name: profile.company_name,
    tvu_email: profile.tvu_email,
    notification_locale: profile.notification_locale,
    time_zone: profile.time_zone,
    live_event_notifications: profile.live_event_notifications,
    video_branding_notifications: profile.video_branding_notifications,
    newsletter: profile.newsletter,
    ftp_server: profile.ftp.server,
    ftp_username: profile.ftp.username,
    ftp_password: undefined,
  };
}

/** /{locale}/user/profile (spec: accounts §3 "Profile"): every profile field, FTP delivery, password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery({ queryKey: ['profile'], queryFn: ({ signal }) => accountsApi.profile(signal) });
  if (!profile.data) return <LoadingFallback />;
  return (
    <div className="page account-page" data-testid="profile-page">
      <h1>{t('profileMenu.profile')}</h1>
      <p className="account-page__email">{profile.data.email}</p>
      <ProfileForm profile={profile.data} />
      <LogoSection />
      <FollowedTags />
      <section className="account-page__section">
        <h2 className="form__section-title">{t('accounts.profile.passwordTitle')}</h2>
        <PasswordChangeForm />
      </section>
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const countries = useCountries(locale);
  const zones = useTimeZones();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileUpdateSchema),
    mode: 'onTouched',
    defaultValues: defaults(profile),
  });
  const error = (name: keyof Input) => validationText(t, form.formState.errors[name]?.message);
  const save = useMutation({
    mutationFn: (values: Output) => accountsApi.updateProfile(values.ftp_password ? values : { ...values, ftp_password: undefined }),
    onSuccess: async (user) => {
      storeCurrentUser(client, user);
      const fresh = await client.fetchQuery({ queryKey: ['profile'], queryFn: ({ signal }) => accountsApi.profile(signal) });
      form.reset(defaults(fresh));
      notifications.notify({ type: 'success', children: t('alert.flash.profile_updated') });
    },
    onError: (failure) => setFormErrors(applyServerErrors<Input>(failure, FIELDS, form.setError)),
  });

  return (
    <form
      className="form account-page__form"
      noValidate
      data-testid="profile-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        save.mutate(values);
      })}
    >
      <div className="form__row">
        <TextField
          label={t('accounts.fields.firstName')}
          autoComplete="given-name"
          error={error('first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label={t('accounts.fields.lastName')}
          autoComplete="family-name"
          error={error('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('accounts.fields.phone')}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          error={error('phone_number')}
          {...form.register('phone_number')}
        />
        {/* The lists may come after the form: a controlled select shows its value once its option is there (issue 28). */}
        <Controller
          control={form.control}
          name="country_id"
          render={({ field }) => (
            <SelectField
              label={t('accounts.fields.country')}
              placeholder={t('accounts.fields.choose')}
              options={(countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name }))}
              error={error('country_id')}
              name={field.name}
              ref={field.ref}
              value={field.value === null || field.value === undefined ? '' : String(field.value)}
              onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('accounts.fields.company')}
          autoComplete="organization"
          error={error('company_name')}
          {...form.register('company_name')}
        />
        <TextField
          label={t('accounts.fields.tvuEmail')}
          type="email"
          dir="ltr"
          error={error('tvu_email')}
          {...form.register('tvu_email')}
        />
      </div>
      <div className="form__row">
        <SelectField
          label={t('accounts.fields.notificationLanguage')}
          options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
          error={error('notification_locale')}
          {...form.register('notification_locale')}
        />
        <Controller
          control={form.control}
          name="time_zone"
          render={({ field }) => (
            <SelectField
              label={t('accounts.fields.timeZone')}
              placeholder={t('accounts.fields.choose')}
              options={(zones.data ?? []).map((zone) => ({ value: zone.code, label: `(UTC${zone.offset}) ${zone.name}` }))}
              error={error('time_zone')}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>

      <fieldset className="form__section">
        <legend className="form__section-title">{t('accounts.profile.notificationsTitle')}</legend>
        {NOTIFICATION_FLAGS.map((flag) => (
          <Controller
            key={flag}
            control={form.control}
            name={flag}
            render={({ field }) => (
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                label={t(`accounts.profile.${flag}`)}
                testId={`profile-${flag}`}
              />
            )}
          />
        ))}
      </fieldset>

      <fieldset className="form__section">
        <legend className="form__section-title">{t('accounts.profile.ftpTitle')}</legend>
        <p className="field__hint">{t('accounts.profile.ftpLead')}</p>
        <TextField
          label={t('accounts.profile.ftpServer')}
          dir="ltr"
          placeholder="sftp://ftp.example.com"
          error={error('ftp_server')}
          {...form.register('ftp_server')}
        />
        <div className="form__row">
          <TextField
            label={t('accounts.profile.ftpUsername')}
            dir="ltr"
            autoComplete="off"
            error={error('ftp_username')}
            {...form.register('ftp_username')}
          />
          <TextField
            label={t('accounts.profile.ftpPassword')}
            type="password"
            autoComplete="new-password"
            placeholder={profile.ftp.password_set ? '••••••••' : ''}
            hint={profile.ftp.password_set ? t('accounts.profile.ftpPasswordKept') : undefined}
            error={error('ftp_password')}
            {...form.register('ftp_password')}
          />
        </div>
      </fieldset>

      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty} data-testid="profile-save">
          {t('accounts.profile.save')}
        </Button>
      </div>
    </form>
  );
}
