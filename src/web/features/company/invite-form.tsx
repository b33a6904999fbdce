import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { email as emailRule, required } from '../../../common/validators.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { itemText, validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { COMPANY_KEYS, companyApi } from './api.ts';

/**
 * Invite a member by e-mail (spec §4 Invitations, §8 "Invitation sent"). The server decides: an
 * address with an account or one invited already is refused on the field; a pass's 2 member
 * accounts, when reached, show the limit alert.
 */
export function InviteForm({ userId, limit }: { userId: number | null; limit: number | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [limitAlert, setLimitAlert] = useState(false);

  const invite = useMutation({
    mutationFn: (address: string) => companyApi.invite(address),
    onSuccess: async () => {
      setEmail('');
      notifications.notify({ type: 'success', children: t('alert.flash.invitation_send') });
      await client.invalidateQueries({ queryKey: COMPANY_KEYS.company(userId) });
    },
    onError: (failure) => {
      const item = failure instanceof ApiError ? failure.errors[0] : undefined;
      if (item?.code === 'member_accounts_limit') setLimitAlert(true);
      else if (item?.field === 'email') setFieldError(itemText(item));
      else setFormErrors([item ? itemText(item) : errorText(failure, translateIfExists)]);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    setFormErrors([]);
    setLimitAlert(false);
    const address = email.trim();
    const problem = required(address) ?? emailRule(address);
    if (problem) return setFieldError(validationText(t, problem));
    invite.mutate(address);
  }

  return (
    <form className="form team-invite" noValidate onSubmit={submit} data-testid="invite-form">
      <TextField
        label={t('team.inviteEmail')}
        type="email"
        autoComplete="off"
        value={email}
        required
        error={fieldError}
        onChange={(event) => setEmail(event.target.value)}
        data-testid="invite-email"
      />
      <FormErrors messages={formErrors} testId="invite-errors" />
      {limitAlert ? (
        <p className="team-alert" role="alert" data-testid="member-limit-alert">
          {t('team.limitAlert', { count: limit ?? 0 })}
        </p>
      ) : null}
      <div className="form__actions">
        <Button type="submit" loading={invite.isPending} data-testid="invite-send">
          {t('team.inviteSend')}
        </Button>
      </div>
    </form>
  );
}
