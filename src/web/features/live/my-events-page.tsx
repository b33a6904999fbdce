import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';
import { EventGrid } from './event-card.tsx';
import { useUnfollowAll } from './follow.ts';
import { useLiveEventsChannel } from './live-channel.ts';
import { LiveTabs } from './live-tabs.tsx';
import './live.css';

/**
 * /{locale}/events/my-events, signed in only (spec: content §2, §3 "My events"): the events the user
 * booked and the events they follow, with "unfollow all" (spec §4 "Following").
 */
export function MyEventsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const subscribed = useLiveEventsChannel();
  const unfollowAll = useUnfollowAll();
  useScreenMeta(t('live.myEventsTitle'));
  const mine = useQuery({
    queryKey: LIVE_KEYS.myEvents(locale, userId),
    queryFn: ({ signal }) => liveApi.myEvents(signal),
  });
  if (mine.isError) throw mine.error;
  if (!mine.data) return <LoadingFallback />;
  const { booked_events: booked, followed_events: followed } = mine.data;

  return (
    <div className="page live-page" data-testid="my-events-page" data-live={subscribed}>
      <LiveTabs />
      <header className="live-page__header">
        <h1 className="live-page__title">{t('live.myEventsTitle')}</h1>
        <p className="live-page__lead">{t('live.myEventsLead')}</p>
      </header>
      <section className="live-page__section" aria-labelledby="my-events-booked">
        <h2 className="live-page__section-title" id="my-events-booked">
          {t('live.booked')}
        </h2>
        <EventGrid events={booked} emptyText={t('live.bookedEmpty')} testId="booked-events" headingLevel={3} />
      </section>
      <section className="live-page__section" aria-labelledby="my-events-followed">
        <div className="live-page__section-head">
          <h2 className="live-page__section-title" id="my-events-followed">
            {t('live.followed')}
          </h2>
          {followed.length > 0 ? (
            <Button
              variant="secondary"
              size="small"
              loading={unfollowAll.isPending}
              onClick={() => unfollowAll.mutate()}
              data-testid="unfollow-all"
            >
              {t('live.unfollowAll')}
            </Button>
          ) : null}
        </div>
        <EventGrid events={followed} emptyText={t('live.followedEmpty')} testId="followed-events" headingLevel={3} />
        {followed.length === 0 ? (
          <Link className={buttonClass('secondary', 'small')} to={`/${locale}${LINKS.events}`}>
            {t('live.browseEvents')}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
