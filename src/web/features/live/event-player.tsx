import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import { signInHref } from '../../lib/session.ts';
import { LIVE_FEED_OPENS_MINUTES, type LiveEventDetail, type LiveEventStatus } from '../../../common/live.ts';
import { Button } from '../../ui/button.tsx';
import { LivePicture } from './live-picture.tsx';

/** What the picture's place says for each status when the feed is not playing there. */
export type PlayerState = 'upcoming' | 'live' | 'finished' | 'canceled';
export const PLAYER_STATES: Record<LiveEventStatus, PlayerState> = {
  confirmed: 'upcoming',
  delayed: 'upcoming',
  ahead: 'upcoming',
  next: 'upcoming',
  live: 'live',
  finished: 'finished',
  terminated: 'canceled',
  canceled: 'canceled',
};

/** What the box shows: the picture, a wait for it, why the caller may not watch, a stopped picture, or only the status. */
export type PictureState = 'playing' | 'waiting' | 'refused' | 'failed' | 'none';

/** The stream a signed link plays: the same path under every signature (each answer signs anew). */
const streamOf = (link: string) => link.split('?')[0] ?? link;

/**
 * The event's picture (spec: content §2 "Live screens", §9: the feed opens 15 minutes before the
 * start): the live feed while the answer has a `playback_url`, else what the event's status says.
 * The box keeps its 16:9 place whatever it shows, so nothing below it moves.
 *
 * `onReload` fetches the event again: a stopped picture starts again on a fresh signed link.
 */
export function EventPlayer({ event, onReload }: { event: LiveEventDetail; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const state = PLAYER_STATES[event.status];
  const offered = event.playback_url;
  // The link in play is kept while answers bring the same stream under a new signature, so a
  // refetch does not restart the picture; it changes when the stream does, ends, or has failed.
  const [link, setLink] = useState(offered);
  const [failed, setFailed] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  if (offered !== link && (offered === null || link === null || link === failed || streamOf(offered) !== streamOf(link))) setLink(offered);

  const live = event.watch_refusal ? 'refused' : 'waiting';
  const picture: PictureState = link === null ? (state === 'live' ? live : 'none') : link === failed ? 'failed' : 'playing';
  const reload = () => {
    setReloading(true);
    void onReload().finally(() => setReloading(false));
  };
  return (
    <figure
      className={`event-player event-player--${state}`}
      aria-label={t('live.playerLabel')}
      data-testid="event-player"
      data-state={state}
      data-picture={picture}
    >
      {link !== null && picture === 'playing' ? (
        <LivePicture key={link} source={link} poster={event.image.w960} onFatal={() => setFailed(link)} />
      ) : (
        <img className="event-player__still" src={event.image.w960} alt="" width={960} height={540} />
      )}
      {picture === 'playing' ? null : (
        <figcaption className="event-player__state">
          {picture === 'failed' ? (
            <>
              <span role="alert">{t('live.player_failed')}</span>
              <Button variant="secondary" size="small" loading={reloading} onClick={reload} data-testid="event-player-retry">
                {t('live.player_retry')}
              </Button>
            </>
          ) : picture === 'refused' && event.watch_refusal ? (
            <WatchRefusal refusal={event.watch_refusal} />
          ) : picture === 'waiting' ? (
            <>
              <span>{t('live.player_live')}</span> <span className="event-player__hint">{t('live.player_waiting')}</span>
            </>
          ) : state === 'upcoming' ? (
            t('live.player_upcoming', { count: LIVE_FEED_OPENS_MINUTES })
          ) : (
            t(`live.player_${state}`)
          )}
        </figcaption>
      )}
    </figure>
  );
}

/** Why the live picture is not for the caller (the live table, common/access.ts), with sign-in for a visitor. */
function WatchRefusal({ refusal }: { refusal: NonNullable<LiveEventDetail['watch_refusal']> }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  return (
    <span data-testid="watch-refusal" data-refusal={refusal}>
      <span>{t('live.player_live')}</span> <span className="event-player__hint">{t(`live.watch_${refusal}`)}</span>
      {refusal === 'login_required' ? (
        <>
          {' '}
          <Link to={signInHref(locale, location.pathname + location.search)} data-testid="watch-sign-in">
            {t('live.watch_sign_in')}
          </Link>
        </>
      ) : null}
    </span>
  );
}
