import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { LiveRecording } from '../../../common/live.ts';
import { LINKS } from '../../../common/routes.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Storyboard } from '../../ui/storyboard.tsx';
import { formatDuration, formatPublished } from '../catalogue/format.ts';
import { RecordingEmbedDialog } from './recording-embed.tsx';
import { textDirection } from './text-direction.ts';

/**
 * A finished event's recording (spec: content §2 "/events/recordings"): the event's picture with the
 * length, its title, when it was recorded, and the way to its video page, where it plays and
 * downloads like any video. A signed-in user may also take a player to embed. Like an event's card,
 * it reads in its title's direction. Once the recording's storyboard is made, it is scrubbed along
 * the picture's foot (issue 28, "Previews you can scrub"), as the recording's video page is.
 */
export function RecordingCard({ recording, priority = false }: { recording: LiveRecording; priority?: boolean }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const signedIn = useSignedIn();
  const titleId = useId();
  const [embedding, setEmbedding] = useState(false);
  const { event } = recording;
  const href = `/${locale}${LINKS.video(recording.project_slug)}`;
  const storyboardTexts = {
    label: t('live.storyboard.label'),
    hint: t('live.storyboard.hint'),
    at: (time: string, total: string) => t('live.storyboard.at', { time, total }),
    time: formatDuration,
  };
  return (
    <article
      className={`event-card recording-card${recording.storyboard_url ? ' recording-card--storyboard' : ''}`}
      dir={textDirection(event.title)}
      data-testid="recording-card"
      data-event-slug={event.slug}
      data-video-slug={recording.project_slug}
    >
      {/* "Watch and download" says where it goes; the picture is a larger target for the same place. */}
      <div className="event-card__media">
        <Link to={href} tabIndex={-1} aria-hidden>
          <img src={event.image.w575} alt="" width={575} height={323} loading={priority ? 'eager' : 'lazy'} />
        </Link>
        <span className="recording-card__duration" data-testid="recording-duration">
          <span className="visually-hidden">{t('live.duration')} </span>
          {formatDuration(recording.duration)}
        </span>
        {recording.storyboard_url ? <Storyboard url={recording.storyboard_url} texts={storyboardTexts} overlay compact /> : null}
      </div>
      <div className="event-card__body">
        <h2 className="event-card__title" id={titleId}>
          {event.title}
        </h2>
        {/* The label and date are in the reader's language, which may run the other way from the card. */}
        <p className="event-card__when">
          <bdi>
            {t('live.recordedAt')} <time dateTime={recording.recorded_at}>{formatPublished(recording.recorded_at, locale, timeZone)}</time>
          </bdi>
        </p>
        {event.location ? <p className="event-card__where">{event.location}</p> : null}
        <div className="event-card__actions recording-card__actions">
          <Link className={buttonClass('primary', 'small')} to={href} aria-describedby={titleId} data-testid="recording-watch">
            {t('live.watchAndDownload')}
          </Link>
          {signedIn ? (
            <Button
              variant="secondary"
              size="small"
              aria-describedby={titleId}
              aria-haspopup="dialog"
              onClick={() => setEmbedding(true)}
              data-testid="recording-embed"
            >
              {t('live.embed')}
            </Button>
          ) : null}
        </div>
      </div>
      {embedding ? <RecordingEmbedDialog recording={{ id: recording.id, title: event.title }} onClose={() => setEmbedding(false)} /> : null}
    </article>
  );
}
