import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { LoadMore } from '../catalogue/load-more.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';
import { recordingsOf } from './live-cache.ts';
import { LiveTabs } from './live-tabs.tsx';
import { RecordingCard } from './recording-card.tsx';
import './live.css';

/**
 * /{locale}/events/recordings (spec: content §2): recordings of finished events, the newest first,
 * 12 a page, "load more" appends.
 */
export function RecordingsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  useScreenMeta(t('live.recordingsTitle'));
  const recordings = useInfiniteQuery({
    queryKey: LIVE_KEYS.recordings(locale, userId),
    queryFn: ({ pageParam, signal }) => liveApi.recordings(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  // A failed first page is the route error page's to show; a failed later page keeps what is shown.
  if (recordings.isError && !recordings.data) throw recordings.error;
  if (!recordings.data) return <LoadingFallback />;
  const shown = recordingsOf(recordings.data);

  return (
    <div className="page live-page" data-testid="recordings-page">
      <LiveTabs />
      <header className="live-page__header">
        <h1 className="live-page__title">{t('live.recordingsTitle')}</h1>
        <p className="live-page__lead">{t('live.recordingsLead')}</p>
      </header>
      <section>
        {shown.length === 0 ? (
          <p className="event-grid__empty" data-testid="recordings-list-empty">
            {t('live.recordingsEmpty')}
          </p>
        ) : (
          <ul className="event-grid" data-testid="recordings-list">
            {shown.map((recording, index) => (
              <li key={recording.id}>
                <RecordingCard recording={recording} priority={index < 3} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore pages={recordings} />
      </section>
    </div>
  );
}
