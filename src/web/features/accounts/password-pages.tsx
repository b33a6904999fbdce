import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { passwordPairSchema } from '../../../common/accounts.ts';
import { ROUTES } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { accountFormsApi } from './account-forms-api.ts';
import { EmailRequestPage } from './email-request-page.tsx';
import { applyServerErrors, validationText } from '../../lib/forms.ts';

/** /{locale}/restore-password: asks for reset instructions (the answer never says if the address exists). */
export function RestorePasswordPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  return (
    <EmailRequestPage
      title={t('accounts.restore.title')}
      lead={<p>{t('accounts.restore.lead')}</p>}
      testId="restore-password-page"
      submitLabel={t('accounts.restore.submit')}
      submitTestId="restore-submit"
      send={(email) => accountFormsApi.passwordInstructions(email)}
      onSent={() => void navigate(`/${locale}${ROUTES.restorePasswordCheckEmail}`)}
    />
  );
}

type PasswordPair = z.infer<typeof passwordPairSchema>;

/** /{locale}/new-password?reset_password_token=…: a new password; then /new-password/changed. */
export function NewPasswordPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('reset_password_token') ?? '';
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [expired, setExpired] = useState(token === '');
  const form = useForm<PasswordPair>({
    resolver: zodResolver(passwordPairSchema),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirmation: '' },
  });
  const reset = useMutation({
    mutationFn: (values: PasswordPair) => accountFormsApi.resetPassword({ ...values, reset_password_token: token }),
    onSuccess: () => void navigate(`/${locale}${ROUTES.newPasswordChanged}`, { replace: true }),
    onError: (error) => {
      if (error instanceof ApiError && error.hasCode('token_invalid')) setExpired(true);
      else setFormErrors(applyServerErrors(error, ['password', 'password_confirmation'], form.setError));
    },
  });
  if (expired) {
    return (
      <CardPage title={t('accounts.expiredLink.title')} lead={<p>{t('errors.token_invalid')}</p>} testId="expired-link">
        <Link to={`/${locale}${ROUTES.restorePassword}`} className={buttonClass()}>
          {t('accounts.restore.again')}
        </Link>
      </CardPage>
    );
  }
  return (
    <CardPage title={t('accounts.newPassword.title')} lead={<p>{t('accounts.fields.passwordHint')}</p>} testId="new-password-page">
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
        <TextField
          label={t('accounts.newPassword.password')}
          type="password"
          autoComplete="new-password"
          required
          error={validationText(t, form.formState.errors.password?.message)}
          {...form.register('password')}
        />
        <TextField
          label={t('accounts.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          error={validationText(t, form.formState.errors.password_confirmation?.message)}
          {...form.register('password_confirmation')}
        />
        <FormErrors messages={formErrors} />
        <div className="form__actions form__actions--stretch">
          <Button type="submit" loading={reset.isPending} data-testid="new-password-submit">
            {t('accounts.newPassword.submit')}
          </Button>
        </div>
      </form>
    </CardPage>
  );
}

/** /{locale}/unlock?unlock_token=…: the link from the lockout e-mail. */
export function UnlockPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const token = useSearchParams()[0].get('unlock_token') ?? '';
  const unlock = useQuery({
    queryKey: ['unlock', token],
    queryFn: () => accountFormsApi.unlock(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  if (token && unlock.isPending) return <LoadingFallback />;
  if (unlock.isSuccess) {
    return (
      <CardPage title={t('accounts.unlock.title')} lead={<p>{t('accounts.unlock.lead')}</p>} testId="unlocked-page">
        <Link to={`/${locale}${ROUTES.signin}`} className={buttonClass()}>
          {t('profileMenu.signIn')}
        </Link>
      </CardPage>
    );
  }
  return (
    <CardPage title={t('accounts.expiredLink.title')} lead={<p>{t('errors.token_invalid')}</p>} testId="expired-link">
      <Link to={`/${locale}${ROUTES.signin}`}>{t('accounts.backToSignIn')}</Link>
    </CardPage>
  );
}
