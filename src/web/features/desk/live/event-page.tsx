import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { LiveEventStatus } from '../../../../common/live.ts';
import type { DeskEvent, DeskEventInput } from '../../../../common/live-desk.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { NotFoundPage } from '../../../ui/not-found.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
// The customers' player of the event page, reused for the desk's preview (one HLS player in the app).
import { LivePicture } from '../../live/live-picture.tsx';
import { LIVE_DESK_KEYS, liveDeskApi, useDeskEvent, usePictureHealth } from './api.ts';
import { EventForm } from './event-form.tsx';
import './desk-live.css';

/** Moves that end or call off an event: shown in red. */
const ENDING: readonly LiveEventStatus[] = ['finished', 'terminated', 'canceled'];

/**
 * /{locale}/desk/live/{id} (role live): the event's fields, where its publisher pushes (stream key,
 * RTMP and SRT), the status moves open to it, the incoming picture's health refreshed every two
 * seconds with a preview, and who booked it and restreams it.
 */
export function LiveEventPage() {
  const { t } = useTranslation();
  const { locale = 'en', id: idText = '' } = useParams();
  const id = Number(idText);
  const event = useDeskEvent(Number.isInteger(id) && id > 0 ? id : 0);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (event.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (event.isError) return <NotFoundPage />;
  return (
    <section className="desk-live" data-testid="desk-live-event">
      <p>
        <Link to={`/${locale}/desk/live`}>{t('deskLive.back')}</Link>
      </p>
      <header className="desk-live__head">
        <h1 data-testid="live-event-title">{event.data.titles[locale as keyof DeskEvent['titles']] || event.data.title}</h1>
        <span className={`desk-live__status desk-live__status--${event.data.status}`} data-testid="live-event-status">
          {t(`deskLive.status.${event.data.status}`)}
        </span>
      </header>
      <StatusMoves event={event.data} />
      <div className="desk-live__columns">
        <div>
          <Ingest event={event.data} />
          <Health event={event.data} />
        </div>
        <div>
          <Picture event={event.data} />
          <Edit event={event.data} />
        </div>
      </div>
      <People id={event.data.id} />
    </section>
  );
}

function useEventUpdate(id: number) {
  const client = useQueryClient();
  return (saved: DeskEvent) => {
    client.setQueryData(LIVE_DESK_KEYS.event(id), saved);
    void client.invalidateQueries({ queryKey: ['desk', 'live', 'events'] });
  };
}

const failed = (error: unknown) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) });

function StatusMoves({ event }: { event: DeskEvent }) {
  const { t } = useTranslation();
  const saved = useEventUpdate(event.id);
  const move = useMutation({
    mutationFn: (status: LiveEventStatus) => liveDeskApi.status(event.id, status),
    onSuccess: (changed) => {
      saved(changed);
      notifications.notify({ type: 'success', children: t('deskLive.statusChanged', { status: t(`deskLive.status.${changed.status}`) }) });
    },
    onError: failed,
  });
  return (
    <div className="desk-live__moves" role="group" aria-label={t('deskLive.moves')}>
      {event.next_statuses.length === 0 ? <p className="desk__lead">{t('deskLive.final')}</p> : null}
      {event.next_statuses.map((status) => (
        <Button
          key={status}
          size="small"
          variant={ENDING.includes(status) ? 'red' : status === 'live' ? 'green' : 'secondary'}
          loading={move.isPending && move.variables === status}
          disabled={move.isPending}
          onClick={() => move.mutate(status)}
          data-testid={`live-move-${status}`}
        >
          {t(`deskLive.moveTo.${status}`)}
        </Button>
      ))}
    </div>
  );
}

function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notifications.notify({ type: 'success', children: t('deskLive.ingest.copied') }),
      () => notifications.notify({ type: 'error', children: t('deskLive.ingest.copyFailed') }),
    );
  return (
    <Button size="small" variant="ghost" onClick={() => void copy()} aria-label={label} data-testid={testId}>
      {t('deskLive.ingest.copy')}
    </Button>
  );
}

function Ingest({ event }: { event: DeskEvent }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const saved = useEventUpdate(event.id);
  const renew = useMutation({
    mutationFn: () => liveDeskApi.newKey(event.id),
    onSuccess: (changed) => {
      saved(changed);
      setShown(true);
      notifications.notify({ type: 'success', children: t('deskLive.ingest.renewed') });
    },
    onError: failed,
  });
  const key = event.stream_key ?? '';
  return (
    <section className="desk-live__panel" aria-labelledby="live-ingest">
      <h2 id="live-ingest">{t('deskLive.ingest.title')}</h2>
      <dl className="desk-live__facts">
        <dt>{t('deskLive.ingest.key')}</dt>
        <dd>
          <code dir="ltr" data-testid="live-stream-key">
            {shown ? key : '•'.repeat(Math.min(key.length, 24))}
          </code>
          <Button size="small" variant="ghost" onClick={() => setShown(!shown)} data-testid="live-key-show">
            {shown ? t('deskLive.ingest.hide') : t('deskLive.ingest.show')}
          </Button>
          <CopyButton text={key} label={t('deskLive.ingest.copyKey')} testId="live-key-copy" />
          <Button
            size="small"
            variant="red"
            loading={renew.isPending}
            onClick={() => {
              if (window.confirm(t('deskLive.ingest.renewConfirm'))) renew.mutate();
            }}
            data-testid="live-key-renew"
          >
            {t('deskLive.ingest.renew')}
          </Button>
        </dd>
        <dt>{t('deskLive.ingest.rtmp')}</dt>
        <dd>
          {event.rtmp_url ? (
            <>
              <code dir="ltr" data-testid="live-rtmp-url">
                {shown ? event.rtmp_url : event.rtmp_url.replace(key, '…')}
              </code>
              <CopyButton text={event.rtmp_url} label={t('deskLive.ingest.copyRtmp')} testId="live-rtmp-copy" />
            </>
          ) : (
            t('deskLive.ingest.noRtmp')
          )}
        </dd>
        <dt>{t('deskLive.ingest.srt')}</dt>
        <dd>
          {event.srt_url ? (
            <>
              <code dir="ltr">{shown ? event.srt_url : event.srt_url.replace(key, '…')}</code>
              <CopyButton text={event.srt_url} label={t('deskLive.ingest.copySrt')} testId="live-srt-copy" />
            </>
          ) : (
            t('deskLive.ingest.noSrt')
          )}
        </dd>
      </dl>
      <p className="desk__lead">{t('deskLive.ingest.window')}</p>
    </section>
  );
}

function Health({ event }: { event: DeskEvent }) {
  const { t, i18n } = useTranslation();
  const health = usePictureHealth(event.id);
  // The first link plays on (each reading brings a new one); a new one is taken when the player gave up or the picture came back.
  const [pinned, setPinned] = useState<{ url: string; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const url = health.data?.preview_url ?? null;
  if (url && pinned === null) setPinned({ url, attempt: attempts });
  if (!url && pinned !== null) setPinned(null);
  const preview = pinned;
  // A figure and its unit read left to right whatever the page's direction.
  const number = (value: number | null, unit: string) =>
    value === null ? t('deskLive.health.unknown') : <bdi dir="ltr">{`${value.toLocaleString(i18n.language)} ${unit}`}</bdi>;
  const data = health.data;
  return (
    <section className="desk-live__panel" aria-labelledby="live-health" data-testid="live-health">
      <h2 id="live-health">{t('deskLive.health.title')}</h2>
      {!data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : (
        <>
          <p
            className={`desk-live__verdict desk-live__verdict--${data.healthy ? 'good' : data.connected ? 'poor' : 'off'}`}
            data-testid="live-health-verdict"
            data-state={data.healthy ? 'healthy' : data.connected ? 'poor' : 'offline'}
            aria-live="polite"
          >
            {data.healthy ? t('deskLive.health.healthy') : data.connected ? t('deskLive.health.poor') : t('deskLive.health.offline')}
          </p>
          <dl className="desk-live__facts">
            <dt>{t('deskLive.health.publisher')}</dt>
            <dd data-testid="live-health-connected">
              {data.connected ? t('deskLive.health.connected') : t('deskLive.health.notConnected')}
            </dd>
            <dt>{t('deskLive.health.bitrate')}</dt>
            <dd data-testid="live-health-bitrate">{number(data.bitrate_kbps, 'kbit/s')}</dd>
            <dt>{t('deskLive.health.frameRate')}</dt>
            <dd data-testid="live-health-fps">{number(data.frame_rate, 'fps')}</dd>
            <dt>{t('deskLive.health.resolution')}</dt>
            <dd data-testid="live-health-resolution">
              {data.width && data.height ? <bdi dir="ltr">{`${data.width}×${data.height}`}</bdi> : t('deskLive.health.unknown')}
            </dd>
            <dt>{t('deskLive.health.segmentAge')}</dt>
            <dd>{number(data.last_segment_age_seconds, t('deskLive.health.seconds'))}</dd>
            <dt>{t('deskLive.health.viewers')}</dt>
            <dd data-testid="live-health-viewers">{data.viewers.toLocaleString(i18n.language)}</dd>
          </dl>
        </>
      )}
      <h3>{t('deskLive.health.preview')}</h3>
      {preview ? (
        <div className="desk-live__preview">
          <LivePicture
            key={`${preview.url}-${preview.attempt}`}
            source={preview.url}
            poster={event.image.w575}
            onFatal={() => {
              setAttempts(attempts + 1);
              setPinned(null);
            }}
          />
        </div>
      ) : (
        <p className="desk__lead" data-testid="live-preview-off">
          {t('deskLive.health.noPreview')}
        </p>
      )}
    </section>
  );
}

function Picture({ event }: { event: DeskEvent }) {
  const { t } = useTranslation();
  const saved = useEventUpdate(event.id);
  const upload = useMutation({
    mutationFn: (file: File) => liveDeskApi.uploadPicture(event.id, file),
    onSuccess: (changed) => {
      saved(changed);
      notifications.notify({ type: 'success', children: t('deskLive.picture.saved') });
    },
    onError: failed,
  });
  const remove = useMutation({ mutationFn: () => liveDeskApi.removePicture(event.id), onSuccess: saved, onError: failed });
  return (
    <section className="desk-live__panel" aria-labelledby="live-picture">
      <h2 id="live-picture">{t('deskLive.picture.title')}</h2>
      <img className="desk-live__image" src={event.image.w575} alt="" width={287} height={161} />
      <label className="field__label" htmlFor="live-picture-file">
        {t('deskLive.picture.choose')}
      </label>
      <input
        id="live-picture-file"
        type="file"
        accept="image/jpeg,image/png"
        disabled={upload.isPending}
        onChange={(change) => {
          const file = change.target.files?.[0];
          if (file) upload.mutate(file);
          change.target.value = '';
        }}
      />
      {event.image_type === 'custom' ? (
        <Button size="small" variant="ghost" loading={remove.isPending} onClick={() => remove.mutate()}>
          {t('deskLive.picture.remove')}
        </Button>
      ) : null}
    </section>
  );
}

function Edit({ event }: { event: DeskEvent }) {
  const { t } = useTranslation();
  const saved = useEventUpdate(event.id);
  const update = useMutation({
    mutationFn: (input: DeskEventInput) => liveDeskApi.update(event.id, input),
    onSuccess: (changed) => {
      saved(changed);
      notifications.notify({ type: 'success', children: t('deskLive.saved') });
    },
  });
  return (
    <section className="desk-live__panel" aria-labelledby="live-edit">
      <h2 id="live-edit">{t('deskLive.form.edit')}</h2>
      <EventForm
        key={event.updated_at}
        event={event}
        pending={update.isPending}
        error={update.error}
        submitLabel={t('deskLive.form.save')}
        onSubmit={(input) => update.mutate(input)}
      />
    </section>
  );
}

function People({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const people = useQuery({
    queryKey: LIVE_DESK_KEYS.people(id),
    queryFn: ({ signal }) => liveDeskApi.people(id, signal),
    refetchInterval: 10_000,
  });
  if (!people.data) return null;
  const { bookings, targets } = people.data;
  return (
    <div className="desk-live__columns">
      <section className="desk-live__panel" aria-labelledby="live-bookings" data-testid="live-bookings">
        <h2 id="live-bookings">{t('deskLive.people.bookings', { count: bookings.length })}</h2>
        {bookings.length === 0 ? (
          <p className="desk__lead">{t('deskLive.people.noBookings')}</p>
        ) : (
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">{t('deskLive.people.customer')}</th>
                <th scope="col">{t('deskLive.people.company')}</th>
                <th scope="col">{t('deskLive.people.booked')}</th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr key={booking.id}>
                  <td>{booking.customer.email ?? booking.customer.name}</td>
                  <td>{booking.company ?? ''}</td>
                  <td>{new Date(booking.created_at).toLocaleString(i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="desk-live__panel" aria-labelledby="live-targets" data-testid="live-targets">
        <h2 id="live-targets">{t('deskLive.people.targets', { count: targets.length })}</h2>
        {targets.length === 0 ? (
          <p className="desk__lead">{t('deskLive.people.noTargets')}</p>
        ) : (
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">{t('deskLive.people.customer')}</th>
                <th scope="col">{t('deskLive.people.kind')}</th>
                <th scope="col">{t('deskLive.people.state')}</th>
              </tr>
            </thead>
            <tbody>
              {targets.map((target) => (
                <tr key={target.id}>
                  <td>{target.customer.email}</td>
                  <td>
                    {target.kind}
                    {target.url ? (
                      <code className="desk-live__url" dir="ltr">
                        {target.url}
                      </code>
                    ) : null}
                  </td>
                  <td>
                    <span className={`desk-live__state desk-live__state--${target.state}`}>
                      {t(`deskLive.people.states.${target.state}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
