import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation, type Translate } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { whoMayWatch } from '../../../common/access.ts';
import type { LiveAccess, LiveEventDetail } from '../../../common/live.ts';
import { shortDescription } from '../../../common/page-meta.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { formatPublished } from '../catalogue/format.ts';
import { LIVE_KEYS, liveApi } from './api.ts';
import { EventBooking } from './event-booking.tsx';
import { EventNotFound } from './event-not-found.tsx';
import { EventPlayer } from './event-player.tsx';
import { EventTargets } from './event-targets.tsx';
import { EventToken } from './event-token.tsx';
import { FollowButton } from './follow-button.tsx';
import { languageName } from './language-name.ts';
import { useLiveEventsChannel } from './live-channel.ts';
import { StatusBadge } from './status-badge.tsx';
import { textDirection } from './text-direction.ts';
import './live.css';

/**
 * While the event is live and its picture has not arrived, the event is asked for again this often
 * (spec: content §9, an external stream appears 15–20 s after it starts).
 */
const PICTURE_WAIT_REFETCH_MS = 15_000;

/** /{locale}/events/{slug} (spec: content §2 "Live screens", §3 "Event detail"). */
export function EventPage() {
  const { locale = 'en', slug = '' } = useParams();
  const userId = useSignedInUserId();
  const subscribed = useLiveEventsChannel();
  const event = useQuery({
    queryKey: LIVE_KEYS.event(locale, slug, userId),
    queryFn: ({ signal }) => liveApi.event(slug, signal),
    refetchInterval: ({ state }) =>
      state.data?.status === 'live' && state.data.playback_url === null && state.data.watch_refusal === null
        ? PICTURE_WAIT_REFETCH_MS
        : false,
  });
  useScreenMeta(event.data?.title, event.data ? shortDescription(event.data.description) : undefined);
  if (event.error instanceof ApiError && event.error.status === 404) return <EventNotFound />;
  // Anything else is the route error page's to show (reload), not a page that waits for ever; a
  // later ask that failed (the picture's wait, "Try again") leaves the event shown as it was.
  if (event.isError && !event.data) throw event.error;
  if (!event.data) return <LoadingFallback />;
  return <EventView key={event.data.id} event={event.data} live={subscribed} onReload={event.refetch} />;
}

/** "Who may watch", in the live table's own words (common/access.ts whoMayWatch): one of these, no one else. */
function whoMayWatchText(t: Translate, locale: string, access: LiveAccess): string {
  const text = new Intl.ListFormat(locale, { type: 'disjunction' }).format(
    whoMayWatch(access).map((audience) => t(`live.audience_${audience}`)),
  );
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

function EventView({ event, live, onReload }: { event: LiveEventDetail; live: boolean; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const titleId = useId();
  const signedIn = useSignedInUserId() !== null;
  const facts: [string, string][] = [
    [t('live.start'), formatPublished(event.start_at, locale, timeZone)],
    [t('live.location'), event.location ?? ''],
    [
      t('live.languages'),
      new Intl.ListFormat(locale, { type: 'conjunction' }).format(event.languages.map((code) => languageName(locale, code))),
    ],
    [t('live.quality'), event.quality],
    [t('live.audiotrack'), event.audiotrack],
    [t('live.format'), event.format],
    [t('live.access'), whoMayWatchText(t, locale, event.access)],
  ];

  return (
    <div className="page event-page" data-testid="event-page" data-live={live} data-status={event.status}>
      <Link className="event-page__back" to={`/${locale}${LINKS.events}`}>
        {t('live.allEvents')}
      </Link>
      <div className="event-page__layout">
        <div className="event-page__main">
          <EventPlayer event={event} onReload={onReload} />
          {/* The event's own text in its direction, as a video's text is (catalogue/video-page.tsx). */}
          <article className="event-page__text" dir={textDirection(event.title)} data-testid="event-text">
            <p className="event-page__eyebrow">
              <StatusBadge status={event.status} />
            </p>
            <h1 className="event-page__title" id={titleId}>
              {event.title}
            </h1>
            {event.description ? (
              <section className="event-page__section">
                <h2 className="event-page__heading">{t('live.description')}</h2>
                <p className="event-page__description" data-testid="event-description">
                  {event.description}
                </p>
              </section>
            ) : null}
          </article>
          {event.tags.length > 0 ? (
            <section className="event-page__tags" aria-label={t('live.tags')}>
              <ul className="event-page__tag-list">
                {event.tags.map((tag) => (
                  <li key={tag.id}>
                    <Link className="event-page__tag" to={`/${locale}${LINKS.tagLanding(tag.slug)}`}>
                      #{tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {/* A customer's own tools (spec: content §1 "Live-event stream targets"); a visitor sees none. */}
          {signedIn ? (
            <>
              <EventTargets event={event} />
              <EventToken event={event} />
            </>
          ) : null}
        </div>
        <aside className="event-page__aside">
          <section className="event-facts" aria-label={t('live.details')}>
            <dl className="event-facts__list" data-testid="event-facts">
              {facts
                .filter(([, value]) => value !== '')
                .map(([label, value]) => (
                  <div key={label} className="event-facts__row">
                    <dt>{label}</dt>
                    <dd>
                      {/* An English place in an Arabic column keeps its own order and the column's alignment. */}
                      <bdi>{value}</bdi>
                    </dd>
                  </div>
                ))}
            </dl>
            <FollowButton event={event} describedBy={titleId} size="big" />
            {signedIn ? <EventBooking event={event} describedBy={titleId} /> : null}
          </section>
        </aside>
      </div>
    </div>
  );
}
