import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE } from '../../../common/catalogue-values.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { catalogueApi } from './api.ts';
import { SaveSearchButton } from '../saved-searches/save-search-button.tsx';
import { SelectionBarOnDemand } from '../selection/selection-bar-on-demand.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { formatCount } from './format.ts';
import { LivesSection, useLivePages } from './live-strip.tsx';
import { queryFromSearch } from './query-params.ts';
import { normalizeSearch } from './search-rules.ts';
import { LoadMore } from './load-more.tsx';
import { VideoGrid } from './video-card.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { useViewType } from './view-type.ts';
import './catalogue.css';
import './search-page.css';

/** /{locale}/search?search=…: results (entities, videos_count, lives_count, pages) with filters and language. */
export function SearchPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [params] = useSearchParams();
  const [view, setView] = useViewType();
  // exact=1: the text as typed, without the closest known words when it finds nothing.
  const exact = params.get('exact') === '1';
  const query = { ...queryFromSearch(params), ...(exact ? { exact: '1' } : {}) };
  const text = normalizeSearch(params.get('search') ?? '');
  const results = useInfiniteQuery({
    queryKey: ['search', locale, query],
    queryFn: ({ pageParam, signal }) => catalogueApi.search({ ...query, page: pageParam, per_page: CATALOGUE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  const first = results.data?.pages[0];
  const entities = results.data?.pages.flatMap((page) => page.entities) ?? [];
  const livePages = useLivePages();
  const corrected = first?.corrected_query ?? null;
  const exactParams = new URLSearchParams(params);
  exactParams.set('exact', '1');

  return (
    <div className="page catalogue-page" data-testid="search-page">
      <header className="catalogue-page__header">
        <div>
          <h1 className="catalogue-page__title">{text ? t('search.resultsFor', { text }) : t('search.title')}</h1>
          {first ? (
            <p className="catalogue-page__count" data-testid="results-count">
              {t(first.count_capped ? 'catalogue.countCapped' : 'catalogue.count', {
                count: first.videos_count,
                formatted: formatCount(first.videos_count, locale),
              })}
              {' · '}
              {t('search.lives', { count: first.lives_count })}
            </p>
          ) : null}
          {corrected ? (
            // The typed text found nothing; these are the results for the closest known words (issue 28).
            <p className="search-page__correction" data-testid="search-correction">
              <span data-testid="search-corrected">{t('search.showingResultsFor', { text: corrected })}</span>{' '}
              <Link to={`/${locale}/search?${exactParams.toString()}`} data-testid="search-exact">
                {t('search.searchInsteadFor', { text })}
              </Link>
            </p>
          ) : null}
        </div>
        <div className="search-page__tools">
          <SaveSearchButton />
          <ViewToggle view={view} onChange={setView} />
        </div>
      </header>
      <div className="catalogue-page__layout">
        <FiltersPanel fixed={null} />
        <section className="catalogue-page__results" aria-live="polite">
          {first && first.lives_count > 0 && livePages ? (
            <LivesSection
              lives={first.lives}
              count={first.lives_count}
              locale={locale}
              title={t('tagLanding.lives')}
              testId="search-lives"
            />
          ) : null}
          {results.isPending ? (
            <LoadingFallback />
          ) : (
            <VideoGrid
              videos={entities}
              view={view}
              emptyText={t('search.empty')}
              headingLevel={2}
              selectable
              onOpen={(video) => {
                // Which result was opened, for search statistics (spec: content §7).
                const key = results.data?.pages.find((page) => page.entities.some((entity) => entity.id === video.id))?.search_key;
                // Statistics are best effort: a lost hit must not get in the reader's way.
                if (key) void catalogueApi.searchHit({ search_id: key, video: video.id, event_type: 'click' }).catch(() => undefined);
              }}
            />
          )}
          <LoadMore pages={results} />
        </section>
      </div>
      <SelectionBarOnDemand />
    </div>
  );
}
