import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { signInSchema, type CurrentUser } from '../../../common/accounts.ts';
import { ROUTES } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountFormsApi } from './account-forms-api.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { storeCurrentUser } from './use-current-user.ts';

type Values = { email: string; password: string };
export type SignInOutcome = 'signed_in' | 'two_factor' | 'deactivated' | 'locked';

/**
 * The sign-in form of the page and of the header's modal (spec: accounts §5: e-mail valid,
 * password required, submit disabled until both are). What a failure means (two-factor popup,
 * deactivated page, locked page) is the caller's to act on.
 */
export function SignInForm({
  onOutcome,
  onSwitchToSignUp,
  testId = 'sign-in-form',
}: {
  onOutcome: (outcome: SignInOutcome, user?: CurrentUser) => void;
  /** In the modal of the landing variant, "Create an account" opens the sign-up modal. */
  onSwitchToSignUp?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [notMigratedEmail, setNotMigratedEmail] = useState<string | null>(null);
  const redirect = useSearchParams()[0].get('redirect');
  const form = useForm<Values>({ resolver: zodResolver(signInSchema), mode: 'onTouched', defaultValues: { email: '', password: '' } });
  const { errors, isValid } = form.formState;

  const signIn = useMutation({
    mutationFn: (values: Values) => accountFormsApi.signIn(values),
    onSuccess: (user) => {
      storeCurrentUser(client, user);
      notifications.notify({ type: 'success', children: t('alert.flash.signin') });
      onOutcome('signed_in', user);
    },
    onError: (error, values) => {
      setUnconfirmedEmail(null);
      setNotMigratedEmail(null);
      if (error instanceof ApiError && error.hasCode('user_need_2FA')) return onOutcome('two_factor');
      if (error instanceof ApiError && error.hasCode('deactivated')) return onOutcome('deactivated');
      if (error instanceof ApiError && error.hasCode('user_locked')) return onOutcome('locked');
      if (error instanceof ApiError && error.hasCode('unconfirmed')) setUnconfirmedEmail(values.email.trim().toLowerCase());
      // An account moved over without its password chooses one on the account-transfer page (docs/decisions.md).
      if (error instanceof ApiError && error.hasCode('user_not_migrated')) setNotMigratedEmail(values.email.trim().toLowerCase());
      setFormErrors(applyServerErrors(error, ['email', 'password'], form.setError));
    },
  });

  const resend = useMutation({
    mutationFn: (email: string) => accountFormsApi.resendByEmail(email),
    onSuccess: () => setResent(true),
  });

  return (
    <form
      className="form"
      noValidate
      data-testid={testId}
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        signIn.mutate(values);
      })}
    >
      <TextField
        label={t('accounts.fields.email')}
        type="email"
        autoComplete="email"
        required
        error={validationText(t, errors.email?.message)}
        {...form.register('email')}
      />
      <TextField
        label={t('accounts.fields.password')}
        type="password"
        autoComplete="current-password"
        required
        error={validationText(t, errors.password?.message)}
        {...form.register('password')}
      />
      <FormErrors messages={formErrors} />
      {unconfirmedEmail ? (
        <div className="form__notice">
          {resent ? (
            <p>{t('accounts.checkEmail.resent')}</p>
          ) : (
            <Button variant="secondary" size="small" loading={resend.isPending} onClick={() => resend.mutate(unconfirmedEmail)}>
              {t('accounts.checkEmail.resend')}
            </Button>
          )}
        </div>
      ) : null}
      {notMigratedEmail ? (
        <div className="form__notice">
          <Link
            to={`/${locale}${ROUTES.accountTransfer}?${new URLSearchParams({ email: notMigratedEmail, ...(redirect ? { redirect } : {}) }).toString()}`}
            className={buttonClass('secondary', 'small')}
            data-testid="account-transfer-link"
          >
            {t('accounts.signIn.transfer')}
          </Link>
        </div>
      ) : null}
      <div className="form__actions form__actions--stretch">
        <Button type="submit" disabled={!isValid} loading={signIn.isPending} data-testid="sign-in-submit">
          {t('accounts.signIn.submit')}
        </Button>
      </div>
      <div className="form__links">
        <Link to={`/${locale}${ROUTES.restorePassword}`}>{t('accounts.signIn.forgot')}</Link>
        <Link
          to={`/${locale}${ROUTES.signup}`}
          data-testid="switch-to-sign-up"
          onClick={(event) => {
            if (!onSwitchToSignUp) return;
            event.preventDefault();
            onSwitchToSignUp();
          }}
        >
          {t('accounts.signIn.noAccount')}
        </Link>
      </div>
    </form>
  );
}
