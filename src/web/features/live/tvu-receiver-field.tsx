import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { itemText } from '../../lib/forms.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { SelectField } from '../../ui/field.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';

/**
 * A TVU target's receiver, chosen among the receivers of the TVU account in the user's profile
 * (spec §7 `tvu/receivers`). Without a TVU e-mail there is nothing to choose: the field says so
 * and leads to the profile.
 */
export function TvuReceiverField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (change: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const receivers = useQuery({
    queryKey: LIVE_KEYS.tvuReceivers(userId),
    queryFn: ({ signal }) => liveApi.tvuReceivers(signal),
    retry: false,
  });
  const failure = receivers.error instanceof ApiError ? receivers.error.errors[0] : undefined;
  if (failure?.code === 'tvu_email_required')
    return (
      <p className="event-targets__tvu-missing" role="status" data-testid="event-target-tvu-missing">
        {t('live.tvuEmailMissing')} <Link to={`/${locale}${LINKS.profile}`}>{t('live.tvuEmailMissingLink')}</Link>
      </p>
    );
  const options = (receivers.data?.receivers ?? []).map((receiver) => ({
    value: receiver.id,
    label: receiver.online ? receiver.name : t('live.tvuReceiverOffline', { name: receiver.name }),
  }));
  const empty = receivers.isSuccess && options.length === 0;
  return (
    <SelectField
      label={t('live.targetField_tvu_receiver')}
      required
      value={value}
      placeholder={receivers.isPending ? t('live.tvuReceiversLoading') : t('live.tvuReceiverPick')}
      options={options}
      disabled={!receivers.isSuccess || empty}
      error={error ?? (failure ? itemText(failure) : empty ? t('live.tvuReceiversNone') : undefined)}
      onChange={onChange}
      data-testid="event-target-tvu_receiver"
    />
  );
}
