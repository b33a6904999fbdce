import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useNavigate, useParams } from 'react-router';
import type { DeskEventInput } from '../../../../common/live-desk.ts';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { LIVE_DESK_KEYS, liveDeskApi } from './api.ts';
import { EventForm } from './event-form.tsx';
import './desk-live.css';

/** /{locale}/desk/live/new (role live): a new event; then its own page, with its stream key. */
export function NewLiveEventPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (input: DeskEventInput) => liveDeskApi.create(input),
    onSuccess: (event) => {
      client.setQueryData(LIVE_DESK_KEYS.event(event.id), event);
      void client.invalidateQueries({ queryKey: ['desk', 'live', 'events'] });
      notifications.notify({ type: 'success', children: t('deskLive.saved') });
      void navigate(`/${locale}/desk/live/${event.id}`);
    },
  });
  return (
    <section className="desk-live" data-testid="desk-live-new">
      <p>
        <Link to={`/${locale}/desk/live`}>{t('deskLive.back')}</Link>
      </p>
      <h1>{t('deskLive.events.new')}</h1>
      <EventForm
        event={null}
        pending={create.isPending}
        error={create.error}
        submitLabel={t('deskLive.form.create')}
        onSubmit={(input) => create.mutate(input)}
      />
    </section>
  );
}
