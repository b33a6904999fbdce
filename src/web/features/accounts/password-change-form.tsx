import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { passwordChangeSchema } from '../../../common/accounts.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountFormsApi } from './account-forms-api.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';

type Values = z.infer<typeof passwordChangeSchema>;
const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' };

/** Change the password with the current one (spec: accounts §8 "current password invalid"). */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<Values>({ resolver: zodResolver(passwordChangeSchema), mode: 'onTouched', defaultValues: EMPTY });
  const error = (name: keyof Values) => validationText(t, form.formState.errors[name]?.message);
  const change = useMutation({
    mutationFn: (values: Values) => accountFormsApi.changePassword(values),
    onSuccess: () => {
      form.reset(EMPTY);
      notifications.notify({ type: 'success', children: t('alert.flash.password_update') });
    },
    onError: (failure) =>
      setFormErrors(applyServerErrors(failure, ['current_password', 'password', 'password_confirmation'], form.setError)),
  });
  return (
    <form
      className="form"
      noValidate
      data-testid="password-change-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        change.mutate(values);
      })}
    >
      <TextField
        label={t('accounts.profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={error('current_password')}
        {...form.register('current_password')}
      />
      <div className="form__row">
        <TextField
          label={t('accounts.newPassword.password')}
          type="password"
          autoComplete="new-password"
          hint={t('accounts.fields.passwordHint')}
          error={error('password')}
          {...form.register('password')}
        />
        <TextField
          label={t('accounts.fields.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          error={error('password_confirmation')}
          {...form.register('password_confirmation')}
        />
      </div>
      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" variant="secondary" loading={change.isPending}>
          {t('accounts.profile.changePassword')}
        </Button>
      </div>
    </form>
  );
}
