import { useTranslation } from 'react-i18next';
import { LIVE_FEED_OPENS_MINUTES, type LiveEventDetail, type LiveEventStatus } from '../../../common/live.ts';

/** What the picture's place says for each status, until the feed itself plays there. */
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

/**
 * The event's picture (spec: content §2 "Live screens", §9: the feed opens 15 minutes before the
 * start). The player is not built yet: this holds its 16:9 place, so nothing moves when it comes,
 * and says where the event stands. `playback_url` is what the player will play.
 */
export function EventPlayer({ event }: { event: LiveEventDetail }) {
  const { t } = useTranslation();
  const state = PLAYER_STATES[event.status];
  return (
    <figure
      className={`event-player event-player--${state}`}
      aria-label={t('live.playerLabel')}
      data-testid="event-player"
      data-state={state}
    >
      <img className="event-player__still" src={event.image.w960} alt="" width={960} height={540} />
      <figcaption className="event-player__state">
        {state === 'upcoming' ? t('live.player_upcoming', { count: LIVE_FEED_OPENS_MINUTES }) : t(`live.player_${state}`)}
      </figcaption>
    </figure>
  );
}
