import { useId } from 'react';
import { Link, useParams } from 'react-router';
import type { LiveEvent } from '../../../common/live.ts';
import { LINKS } from '../../../common/routes.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation } from '../../lib/translation.ts';
import { formatPublished } from '../catalogue/format.ts';
import { FollowButton } from './follow-button.tsx';
import { StatusBadge } from './status-badge.tsx';
import { textDirection } from './text-direction.ts';

/**
 * An event in a list (spec: content §3 "Live event"): its picture in a box of its own shape (no
 * shift when the picture arrives), status, title, start in the reader's time zone, place, follow.
 * Like a video's card, it reads in its own text's direction.
 */
export function EventCard({ event, headingLevel = 2, priority = false }: { event: LiveEvent; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const titleId = useId();
  const href = `/${locale}${LINKS.liveEvent(event.slug)}`;
  return (
    <article
      className="event-card"
      dir={textDirection(event.title)}
      data-testid="event-card"
      data-slug={event.slug}
      data-status={event.status}
    >
      {/* The title's link says where it goes; the picture's is a larger target for the same place. */}
      <div className="event-card__media">
        <Link to={href} tabIndex={-1} aria-hidden>
          <img src={event.image.w575} alt="" width={575} height={323} loading={priority ? 'eager' : 'lazy'} />
        </Link>
        <StatusBadge status={event.status} />
      </div>
      <div className="event-card__body">
        <Heading className="event-card__title" id={titleId}>
          <Link to={href}>{event.title}</Link>
        </Heading>
        <p className="event-card__when">
          {/* The time is in the reader's language, which may run the other way from the card. */}
          <time dateTime={event.start_at} dir="auto">
            {formatPublished(event.start_at, locale, timeZone)}
          </time>
        </p>
        {event.location ? <p className="event-card__where">{event.location}</p> : null}
        {event.booking_state === 'pending' ? (
          <p className="event-card__booking" data-testid="event-card-booking">
            {t('live.bookingStatePending')}
          </p>
        ) : null}
        <div className="event-card__actions">
          <FollowButton event={event} describedBy={titleId} />
        </div>
      </div>
    </article>
  );
}

/** Events as cards, or what to say when there are none; cards under a section's h2 take h3. */
export function EventGrid({
  events,
  emptyText,
  testId,
  headingLevel = 2,
}: {
  events: LiveEvent[];
  emptyText: string;
  testId?: string;
  headingLevel?: 2 | 3;
}) {
  if (events.length === 0)
    return (
      <p className="event-grid__empty" data-testid={testId && `${testId}-empty`}>
        {emptyText}
      </p>
    );
  return (
    <ul className="event-grid" data-testid={testId}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} headingLevel={headingLevel} priority={index < 3} />
        </li>
      ))}
    </ul>
  );
}
