import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { signUpSchema } from '../../../common/accounts.ts';
import { isLocale } from '../../../common/locales.ts';
import { LINKS, ROUTES } from '../../../common/routes.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { accountFormsApi } from './account-forms-api.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';

type Input = z.input<typeof signUpSchema>;
type Output = z.output<typeof signUpSchema>;

/**
 * Sign-up (spec: accounts §2, §3, §5): e-mail, newsletter opt-in (on by default) and the terms box;
 * the button stays disabled until the box is ticked; server errors are listed as "Field message".
 */
export function SignUpForm({
  landing,
  onSignedUp,
  onSwitchToSignIn,
}: {
  landing: boolean;
  onSignedUp: (email: string) => void;
  /** In the modal, "Sign in" opens the sign-in modal instead of the page (one closes the other). */
  onSwitchToSignIn?: () => void;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [search] = useSearchParams();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: { email: '', newsletter_notify: true, agreeTerms: false as unknown as true },
  });
  const agreed = useWatch({ control: form.control, name: 'agreeTerms' }) === true;
  const signUp = useMutation({
    mutationFn: (values: Output) =>
      accountFormsApi.signUp({
        ...values,
        is_landing_user: landing,
        external_landing_id: landing ? search.get('landing_id') : null,
        profile_locale: isLocale(locale) ? locale : 'en',
      }),
    onSuccess: (created) => onSignedUp(created.email),
    onError: (error) => setFormErrors(applyServerErrors<Input>(error, [], form.setError)),
  });

  return (
    <form
      className="form"
      noValidate
      data-testid="sign-up-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        signUp.mutate(values);
      })}
    >
      <TextField
        label={t('accounts.fields.email')}
        type="email"
        autoComplete="email"
        required
        error={validationText(t, form.formState.errors.email?.message)}
        {...form.register('email')}
      />
      <Controller
        control={form.control}
        name="newsletter_notify"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            label={t('accounts.signUp.newsletter')}
            testId="sign-up-newsletter"
          />
        )}
      />
      <Controller
        control={form.control}
        name="agreeTerms"
        render={({ field }) => (
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            testId="sign-up-terms"
            label={
              <Trans
                i18nKey="accounts.signUp.terms"
                components={{
                  terms: <Link to={`/${locale}${LINKS.termsOfService}`} target="_blank" />,
                  privacy: <Link to={`/${locale}${LINKS.privacyPolicy}`} target="_blank" />,
                }}
              />
            }
          />
        )}
      />
      <FormErrors messages={formErrors} />
      <div className="form__actions form__actions--stretch">
        <Button type="submit" disabled={!agreed} loading={signUp.isPending} data-testid="sign-up-submit">
          {t('accounts.signUp.submit')}
        </Button>
      </div>
      <div className="form__links">
        <span>
          {t('accounts.signUp.haveAccount')}{' '}
          <Link
            to={`/${locale}${ROUTES.signin}`}
            data-testid="switch-to-sign-in"
            onClick={(event) => {
              if (!onSwitchToSignIn) return;
              event.preventDefault();
              onSwitchToSignIn();
            }}
          >
            {t('profileMenu.signIn')}
          </Link>
        </span>
      </div>
    </form>
  );
}
