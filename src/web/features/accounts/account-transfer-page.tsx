import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { accountTransferSchema, type AccountTransferInput } from '../../../common/accounts.ts';
import { isLocale, type Locale } from '../../../common/locales.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { Button } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountFormsApi } from './account-forms-api.ts';
import { authDialogs } from './auth-dialogs-store.ts';
import { EmailRequestPage } from './email-request-page.tsx';
import { redirectTarget } from './redirect.ts';
import { storeCurrentUser, useCurrentUser } from './use-current-user.ts';

/**
 * /{locale}/account-transfer?email=…&redirect=… (spec accounts §2 "account-transfer password"): an
 * account moved over from the earlier platform without its password asks for a 6-symbol code by
 * e-mail, then chooses its password with it and is signed in (an admin after the e-mailed second
 * factor, as at sign-in).
 */
export function AccountTransferPage() {
  const params = useParams();
  const locale: Locale = isLocale(params.locale) ? params.locale : 'en';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading } = useCurrentUser();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const target = redirectTarget(search.get('redirect'), locale);

  if (loading) return <LoadingFallback />;
  // Signed in and not in the middle of a transfer: nothing to choose here.
  if (user && sentTo === null) return <Navigate to={target} replace />;
  if (sentTo === null) return <CodeRequestStep initialEmail={search.get('email') ?? ''} onSent={setSentTo} />;
  return (
    <PasswordStep
      email={sentTo}
      onOtherEmail={() => setSentTo(null)}
      onSignedIn={() => void navigate(target, { replace: true })}
      onTwoFactor={() => authDialogs.openTwoFactor(() => void navigate(target, { replace: true }))}
    />
  );
}

/** Step 1: the e-mail; the answer is the same whether or not the address has an account waiting. */
function CodeRequestStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  return (
    <EmailRequestPage
      title={t('accountTransfer.title')}
      lead={<p>{t('accountTransfer.lead')}</p>}
      testId="account-transfer-page"
      formTestId="account-transfer-request-form"
      submitLabel={t('accountTransfer.send')}
      submitTestId="account-transfer-send"
      initialEmail={initialEmail}
      send={(email) => accountFormsApi.requestAccountTransfer(email)}
      onSent={onSent}
    />
  );
}

type TransferOutput = z.output<typeof accountTransferSchema>;

/** Step 2: the mailed code, the new password and its confirmation (the new-password rules). */
function PasswordStep({
  email,
  onOtherEmail,
  onSignedIn,
  onTwoFactor,
}: {
  email: string;
  onOtherEmail: () => void;
  onSignedIn: () => void;
  onTwoFactor: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [resent, setResent] = useState(false);
  const form = useForm<AccountTransferInput, unknown, TransferOutput>({
    resolver: zodResolver(accountTransferSchema),
    mode: 'onTouched',
    defaultValues: { email, code: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;
  const complete = useMutation({
    mutationFn: (values: TransferOutput) => accountFormsApi.completeAccountTransfer(values),
    onSuccess: (user) => {
      storeCurrentUser(client, user);
      notifications.notify({ type: 'success', children: t('alert.flash.signin') });
      onSignedIn();
    },
    onError: (error) => {
      // The password is saved; the e-mailed second factor finishes the sign-in, as at sign-in.
      if (error instanceof ApiError && error.hasCode('user_need_2FA')) return onTwoFactor();
      setFormErrors(applyServerErrors(error, ['code', 'password', 'password_confirmation'], form.setError));
    },
  });
  const resend = useMutation({
    mutationFn: () => accountFormsApi.requestAccountTransfer(email),
    onSuccess: () => {
      setResent(true);
      form.resetField('code');
    },
    onError: (error) => setFormErrors(applyServerErrors(error, [], form.setError)),
  });

  return (
    <CardPage title={t('accountTransfer.title')} lead={<p>{t('accountTransfer.sentLead', { email })}</p>} testId="account-transfer-page">
      <form
        className="form"
        noValidate
        data-testid="account-transfer-form"
        onSubmit={form.handleSubmit((values) => {
          setFormErrors([]);
          complete.mutate(values);
        })}
      >
        <TextField
          label={t('accountTransfer.code')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          required
          hint={t('accountTransfer.codeHint')}
          error={validationText(t, errors.code?.message)}
          data-testid="account-transfer-code"
          {...form.register('code')}
        />
        <TextField
          label={t('accountTransfer.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('accounts.fields.passwordHint')}
          error={validationText(t, errors.password?.message)}
          {...form.register('password')}
        />
        <TextField
          label={t('accounts.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          required
          error={validationText(t, errors.password_confirmation?.message)}
          {...form.register('password_confirmation')}
        />
        <FormErrors messages={formErrors} />
        <div className="form__actions form__actions--stretch">
          <Button type="submit" loading={complete.isPending} data-testid="account-transfer-submit">
            {t('accountTransfer.submit')}
          </Button>
        </div>
        <div className="form__notice">
          {resent ? <p data-testid="account-transfer-resent">{t('accountTransfer.resent')}</p> : null}
          <Button variant="secondary" size="small" loading={resend.isPending} onClick={() => resend.mutate()}>
            {t('accountTransfer.resend')}
          </Button>
        </div>
        <div className="form__links">
          <Button variant="ghost" size="small" onClick={onOtherEmail} data-testid="account-transfer-other-email">
            {t('accountTransfer.otherEmail')}
          </Button>
        </div>
      </form>
    </CardPage>
  );
}
