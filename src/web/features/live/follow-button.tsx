import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams } from 'react-router';
import type { LiveEvent } from '../../../common/live.ts';
import { signInHref, useSignedIn } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { useFollowEvent } from './follow.ts';

/**
 * Follow or unfollow an event (spec: content §4 "Following"); following needs sign-in (spec §6), so
 * a visitor's button leads to sign-in and back. `describedBy` names the event the button is about.
 */
export function FollowButton({ event, describedBy, size = 'small' }: { event: LiveEvent; describedBy?: string; size?: 'big' | 'small' }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const signedIn = useSignedIn();
  const follow = useFollowEvent();

  if (!signedIn)
    return (
      <Link
        className={buttonClass('secondary', size)}
        to={signInHref(locale, location.pathname + location.search)}
        aria-describedby={describedBy}
        data-testid="follow-event"
      >
        {t('live.follow')}
      </Link>
    );
  return (
    <Button
      variant={event.subscribed ? 'secondary' : 'primary'}
      size={size}
      aria-pressed={event.subscribed}
      aria-describedby={describedBy}
      // The flag has changed already (optimistic); a second click waits for the first answer.
      disabled={follow.isPending}
      onClick={() => follow.mutate({ event, follow: !event.subscribed })}
      data-testid="follow-event"
    >
      {t(event.subscribed ? 'live.following' : 'live.follow')}
    </Button>
  );
}
