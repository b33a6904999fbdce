import { Suspense, useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import type { VideoProject } from '../../../common/catalogue.ts';
import { LINKS, screenOnVariant } from '../../../common/routes.ts';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { signInHref, useSignedIn } from '../../lib/session.ts';
import { useSite } from '../../lib/site.ts';
import { Button } from '../../ui/button.tsx';

// The live pages' dialog, with their texts, loads on the first click.
const RecordingEmbedDialog = lazyRetry(() =>
  Promise.all([import('../live/recording-embed.tsx'), import('../../lib/i18n.ts').then((i18n) => i18n.loadSections(['live']))]).then(
    ([dialog]) => ({ default: dialog.RecordingEmbedDialog }),
  ),
);

/**
 * "Book" on the video page (spec: content §2): a video that is a live event's recording is booked
 * as the recording (content §7 `recordings/{id}/embed` with `book_recording`): the privacy policy
 * accepted, the player to embed. A visitor is asked to sign in first; other videos have no booking.
 */
export function RecordingBooking({ recording }: { recording: NonNullable<VideoProject['live_recording']> }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const signedIn = useSignedIn();
  const { variant } = useSite();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="video-box recording-booking" aria-labelledby={titleId} data-testid="recording-booking">
      <h2 className="video-box__title" id={titleId}>
        {t('video.book.title')}
      </h2>
      <p className="recording-booking__lead">{t('video.book.lead', { title: recording.event_title })}</p>
      <p className="recording-booking__actions">
        {signedIn ? (
          <Button aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="video-book">
            {t('video.book.button')}
          </Button>
        ) : (
          <Link to={signInHref(locale, location.pathname + location.search)} data-testid="video-book-sign-in">
            {t('video.book.signIn')}
          </Link>
        )}{' '}
        {/* The event's page, where the site has live pages (not on the landing site). */}
        {screenOnVariant('liveEvent', variant) ? (
          <Link to={`/${locale}${LINKS.liveEvent(recording.event_slug)}`} data-testid="video-book-event">
            {t('video.book.event')}
          </Link>
        ) : null}
      </p>
      {open ? (
        <Suspense fallback={null}>
          <RecordingEmbedDialog recording={{ id: recording.id, title: recording.event_title }} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
