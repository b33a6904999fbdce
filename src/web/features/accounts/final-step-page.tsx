import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { confirmationProfileSchema } from '../../../common/accounts.ts';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../common/locales.ts';
import { ROUTES } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, RequiredNote, SelectField, TextField, revealFocusedField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountFormsApi } from './account-forms-api.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { useCountries } from './reference-queries.ts';
import { storeCurrentUser } from './use-current-user.ts';

type Input = z.input<typeof confirmationProfileSchema>;
type Output = z.output<typeof confirmationProfileSchema>;
const FIELDS = [
  'first_name',
  'last_name',
  'phone_number',
  'country_id',
  'notification_locale',
  'company_name',
  'promo_code',
  'password',
  'password_confirmation',
] as const;

/** An expired or used link: the spec's text, and a new link for an account still unconfirmed. */
function ExpiredLink({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: async () => accountFormsApi.resendById((await accountFormsApi.unconfirmedUser(token)).id) });
  return (
    <CardPage title={t('accounts.expiredLink.title')} lead={<p>{t('errors.token_invalid')}</p>} testId="expired-link">
      {resend.isSuccess ? (
        <p role="status">{t('accounts.checkEmail.resent')}</p>
      ) : (
        <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('accounts.checkEmail.resend')}
        </Button>
      )}
      {resend.isError ? <FormErrors messages={[t('accounts.expiredLink.cannotResend')]} /> : null}
      {/* A link already used: the account exists, so signing in (or a new password) is the way on. */}
      <p>
        <Link to={`/${locale}${ROUTES.signin}`}>{t('accounts.backToSignIn')}</Link>
      </p>
    </CardPage>
  );
}

/**
 * /{locale}/final-step and /{locale}/join-team (spec: accounts §2, §3 "Confirmation profile"):
 * profile and password; the account is confirmed and signed in.
 */
export function FinalStepPage() {
  const { t } = useTranslation();
  const params = useParams();
  const locale: Locale = isLocale(params.locale) ? params.locale : 'en';
  const joinTeam = useLocation().pathname.endsWith(ROUTES.joinTeam);
  const token = useSearchParams()[0].get('confirmation_token') ?? '';
  const status = useQuery({
    queryKey: ['confirmation_token', token],
    queryFn: () => accountFormsApi.checkConfirmationToken(token),
    enabled: token !== '',
    retry: false,
  });
  if (!token || (status.error instanceof ApiError && status.error.hasCode('token_invalid')))
    return <ExpiredLink token={token} locale={locale} />;
  if (status.isPending) return <LoadingFallback />;
  if (status.data?.confirmed) return <Navigate to={`/${locale}${ROUTES.alreadyConfirmed}`} replace />;
  return (
    <CardPage
      wide
      title={t(joinTeam ? 'accounts.finalStep.joinTitle' : 'accounts.finalStep.title')}
      lead={<p>{t('accounts.finalStep.lead', { email: status.data?.email ?? '' })}</p>}
      testId="final-step-page"
    >
      <ConfirmationForm token={token} locale={locale} />
    </CardPage>
  );
}

function ConfirmationForm({ token, locale }: { token: string; locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const countries = useCountries(locale);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(confirmationProfileSchema),
    mode: 'onTouched',
    defaultValues: { notification_locale: locale, company_name: '', not_a_company: false, promo_code: '', password_confirmation: '' },
  });
  const { errors } = form.formState;
  const notACompany = useWatch({ control: form.control, name: 'not_a_company' }) === true;
  const error = (name: keyof Input) => validationText(t, errors[name]?.message);
  const confirm = useMutation({
    mutationFn: (values: Output) => accountFormsApi.confirm({ ...values, confirmation_token: token }),
    onSuccess: (user) => {
      storeCurrentUser(client, user);
      notifications.notify({ type: 'success', children: t('accounts.finalStep.welcome') });
      void navigate(`/${locale}`, { replace: true });
    },
    onError: (failure) => setFormErrors(applyServerErrors<Input>(failure, FIELDS, form.setError)),
  });

  return (
    <form
      className="form"
      noValidate
      data-testid="final-step-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        confirm.mutate(values);
      }, revealFocusedField)}
    >
      <RequiredNote>{t('accounts.fields.requiredNote')}</RequiredNote>
      <div className="form__row">
        <TextField
          label={t('accounts.fields.firstName')}
          autoComplete="given-name"
          required
          error={error('first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label={t('accounts.fields.lastName')}
          autoComplete="family-name"
          required
          error={error('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('accounts.fields.phone')}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          required
          error={error('phone_number')}
          {...form.register('phone_number')}
        />
        <SelectField
          label={t('accounts.fields.country')}
          required
          placeholder={t('accounts.fields.choose')}
          options={(countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name }))}
          error={error('country_id')}
          {...form.register('country_id', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
        />
      </div>
      <SelectField
        label={t('accounts.fields.notificationLanguage')}
        required
        options={LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }))}
        error={error('notification_locale')}
        {...form.register('notification_locale')}
      />
      <TextField
        label={t('accounts.fields.company')}
        autoComplete="organization"
        disabled={notACompany}
        required={!notACompany}
        error={error('company_name')}
        {...form.register('company_name')}
      />
      <Controller
        control={form.control}
        name="not_a_company"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            label={t('accounts.fields.notACompany')}
            testId="not-a-company"
          />
        )}
      />
      <TextField label={t('accounts.fields.promoCode')} error={error('promo_code')} {...form.register('promo_code')} />
      <div className="form__row">
        <TextField
          label={t('accounts.fields.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('accounts.fields.passwordHint')}
          error={error('password')}
          {...form.register('password')}
        />
        <TextField
          label={t('accounts.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          error={error('password_confirmation')}
          {...form.register('password_confirmation')}
        />
      </div>
      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" loading={confirm.isPending} data-testid="final-step-submit">
          {t('accounts.finalStep.submit')}
        </Button>
      </div>
    </form>
  );
}
