import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { LoadMore } from '../catalogue/load-more.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';
import { EventGrid } from './event-card.tsx';
import { eventsOf } from './live-cache.ts';
import { useLiveEventsChannel } from './live-channel.ts';
import { LiveTabs } from './live-tabs.tsx';
import './live.css';

/**
 * /{locale}/events (spec: content §2): live events first, then upcoming ones by start, 12 a page,
 * "load more" appends; status changes arrive without a reload (spec §4).
 */
export function EventsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const subscribed = useLiveEventsChannel();
  useScreenMeta(t('live.title'));
  const events = useInfiniteQuery({
    queryKey: LIVE_KEYS.events(locale, userId),
    queryFn: ({ pageParam, signal }) => liveApi.events(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  // A failed first page is the route error page's to show; a failed later page keeps what is shown.
  if (events.isError && !events.data) throw events.error;
  if (!events.data) return <LoadingFallback />;

  return (
    <div className="page live-page" data-testid="events-page" data-live={subscribed}>
      <LiveTabs />
      <header className="live-page__header">
        <h1 className="live-page__title">{t('live.title')}</h1>
        <p className="live-page__lead">{t('live.lead')}</p>
      </header>
      <section>
        <EventGrid events={eventsOf(events.data)} emptyText={t('live.empty')} testId="events-list" />
        <LoadMore pages={events} />
      </section>
    </div>
  );
}
