import { useId } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import type { LiveEvent } from '../../../common/live.ts';
import { LINKS, screenOnVariant } from '../../../common/routes.ts';
import { useSite } from '../../lib/site.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { formatCount, formatPublished } from './format.ts';

/**
 * Live events as a row of links to their pages: one going on says so, the others say when they
 * start, and one that is over says that too. Light on purpose: the pages that show it (the
 * dashboard, a tag landing) do not load the Live pages' cards, which bring the live contracts.
 */
export function LiveEventLinks({ events, locale, testId }: { events: LiveEvent[]; locale: string; testId?: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <ul className="live-strip__list" data-testid={testId}>
      {events.map((event) => (
        <li key={event.id} className="live-strip__item" data-testid="live-strip-item" data-slug={event.slug} data-status={event.status}>
          <Link to={`/${locale}${LINKS.liveEvent(event.slug)}`} className="live-strip__link">
            {event.status === 'live' ? (
              <span className="live-strip__badge">{t('dashboard.liveNow')}</span>
            ) : (
              <span className="live-strip__time">
                {event.status === 'finished' ? <span className="live-strip__over">{t('dashboard.finished')} · </span> : null}
                <time dateTime={event.start_at}>{formatPublished(event.start_at, locale, timeZone)}</time>
              </span>
            )}
            <span className="live-strip__title" dir="auto">
              {event.title}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Live events among a page's results, with their count (a tag landing, a search: spec content §2,
 * §4); `testId` names the section, its count (`-count`) and its list (`-list`).
 */
export function LivesSection({
  lives,
  count,
  locale,
  title,
  testId,
}: {
  lives: LiveEvent[];
  count: number;
  locale: string;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="lives-section" aria-labelledby={headingId} data-testid={testId}>
      <div className="section-heading">
        <h2 id={headingId}>{title}</h2>
        <p className="lives-section__count" data-testid={`${testId}-count`}>
          {t('tagLanding.livesCount', { formatted: formatCount(count, locale) })}
        </p>
      </div>
      <LiveEventLinks events={lives} locale={locale} testId={`${testId}-list`} />
    </section>
  );
}

/** Whether the site variant has the Live pages: the landing site's page set has none (spec: accounts §1). */
export function useLivePages(): boolean {
  return screenOnVariant('events', useSite().variant);
}

/**
 * The dashboard's live events (spec: content §2 "Dashboard"): what is live now and what comes next,
 * each linking to its event page, and a link to all events. Shown only where the event pages exist.
 */
export function LiveStrip({ events, locale }: { events: LiveEvent[]; locale: string }) {
  const { t } = useTranslation();
  const livePages = useLivePages();
  if (events.length === 0 || !livePages) return null;
  return (
    <section className="dashboard__section live-strip" data-testid="live-strip">
      <div className="section-heading">
        <h2>{t('dashboard.live')}</h2>
        <Link to={`/${locale}${LINKS.events}`}>{t('dashboard.allEvents')}</Link>
      </div>
      <LiveEventLinks events={events} locale={locale} />
    </section>
  );
}
