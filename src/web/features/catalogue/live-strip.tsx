import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LiveEvent } from '../../../common/live.ts';
import { LINKS, matchRoute } from '../../../common/routes.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { formatPublished } from './format.ts';

/**
 * The dashboard's live events (spec: content §2 "Dashboard"): what is live now and what comes next,
 * each linking to its event page, and a link to all events. Shown only once the event pages exist.
 */
export function LiveStrip({ events, locale }: { events: LiveEvent[]; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  if (events.length === 0 || !matchRoute(LINKS.events)) return null;
  return (
    <section className="dashboard__section live-strip" data-testid="live-strip">
      <div className="section-heading">
        <h2>{t('dashboard.live')}</h2>
        <Link to={`/${locale}${LINKS.events}`}>{t('dashboard.allEvents')}</Link>
      </div>
      <ul className="live-strip__list">
        {events.map((event) => (
          <li key={event.id} className="live-strip__item" data-status={event.status}>
            <Link to={`/${locale}${LINKS.events}/${encodeURIComponent(event.slug)}`} className="live-strip__link">
              {event.status === 'live' ? (
                <span className="live-strip__badge">{t('dashboard.liveNow')}</span>
              ) : (
                <time className="live-strip__time" dateTime={event.start_at}>
                  {formatPublished(event.start_at, locale, timeZone)}
                </time>
              )}
              <span className="live-strip__title">{event.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
