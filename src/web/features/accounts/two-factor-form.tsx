import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { TWO_FACTOR_TOKEN_LENGTH, type CurrentUser } from '../../../common/accounts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountFormsApi } from './account-forms-api.ts';
import { itemText } from '../../lib/forms.ts';
import { storeCurrentUser } from './use-current-user.ts';

/**
 * The admin two-factor step (spec: accounts §4, §8): submit needs the 4-character code; a 404 is
 * "Wrong verification code", a 403 is the forbidden message with the last attempt's address.
 */
export function TwoFactorForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [token, setToken] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: () => accountFormsApi.verifyTwoFactor(token.trim()),
    onSuccess: (user) => {
      storeCurrentUser(client, user);
      notifications.notify({ type: 'success', children: t('alert.flash.signin') });
      onSignedIn(user);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403 && error.hasCode('two_factor_locked')) {
        setFailure(t('accounts.twoFactor.locked', { ip: error.errors[0]?.meta?.ip ?? '' }));
      } else if (error instanceof ApiError && error.status === 404) setFailure(t('errors.wrong_verification_code'));
      else setFailure(error instanceof ApiError && error.errors[0] ? itemText(error.errors[0]) : t('errors.generic'));
    },
  });

  return (
    <form
      className="form"
      noValidate
      data-testid="two-factor-form"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        verify.mutate();
      }}
    >
      <TextField
        label={t('accounts.twoFactor.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TWO_FACTOR_TOKEN_LENGTH}
        required
        value={token}
        onChange={(event) => setToken(event.target.value)}
        dir="ltr"
        data-testid="two-factor-code"
      />
      <FormErrors messages={failure ? [failure] : []} />
      <div className="form__actions form__actions--stretch">
        <Button
          type="submit"
          disabled={token.trim().length !== TWO_FACTOR_TOKEN_LENGTH}
          loading={verify.isPending}
          data-testid="two-factor-submit"
        >
          {t('accounts.twoFactor.submit')}
        </Button>
      </div>
    </form>
  );
}
