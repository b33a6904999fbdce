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
import { LiveTabs } from './live-tabs.tsx';
import './live.css';

/**
 * /{locale}/events/archived-events (spec: content §2): finished events, the latest first, 12 a page,
 * "load more" appends. The cards are the events list's, with the "Finished" badge.
 */
export function ArchivedEventsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  useScreenMeta(t('live.archiveTitle'));
  const events = useInfiniteQuery({
    queryKey: LIVE_KEYS.archivedEvents(locale, userId),
    queryFn: ({ pageParam, signal }) => liveApi.archivedEvents(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  // A failed first page is the route error page's to show; a failed later page keeps what is shown.
  if (events.isError && !events.data) throw events.error;
  if (!events.data) return <LoadingFallback />;

  return (
    <div className="page live-page" data-testid="archived-events-page">
      <LiveTabs />
      <header className="live-page__header">
        <h1 className="live-page__title">{t('live.archiveTitle')}</h1>
        <p className="live-page__lead">{t('live.archiveLead')}</p>
      </header>
      <section>
        <EventGrid events={eventsOf(events.data)} emptyText={t('live.archiveEmpty')} testId="archived-events" />
        <LoadMore pages={events} />
      </section>
    </div>
  );
}
