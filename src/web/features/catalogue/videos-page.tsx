import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useParams, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { formatCount } from './format.ts';
import { queryFromRoute, queryFromSearch } from './query-params.ts';
import { catalogueQueries } from './queries.ts';
import { type FilterChoiceList, useFilterChoices } from './reference-queries.ts';
import { LoadMore } from './load-more.tsx';
import { VideoGrid } from './video-card.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { useViewType } from './view-type.ts';
import './catalogue.css';
import { SelectionBarOnDemand } from '../selection/selection-bar-on-demand.tsx';

/** Which list of choices names a route's filter (the others are named without a call). */
const HEADING_LISTS: Record<string, FilterChoiceList | undefined> = { category: 'categories', region: 'regions', country: 'countries' };

/** A heading for the filtered list: the category, tag, country or region by its name. */
function useHeading(kind: string | undefined, name: string | undefined, locale: string): string {
  const { t } = useTranslation();
  const list = HEADING_LISTS[kind ?? ''];
  const choices = useFilterChoices(locale, list ? [list] : []);
  if (!kind || !name) return t('catalogue.latest');
  if (kind === 'category') return choices.categories.find((c) => c.slug === name)?.name ?? name;
  if (kind === 'region') return choices.regions.find((r) => r.slug === name)?.name ?? name;
  if (kind === 'country') return choices.countries.find((c) => c.code.toLowerCase() === name.toLowerCase())?.name ?? name;
  if (kind === 'filter') return t(`catalogue.presets.${name}`);
  return `#${name}`;
}

/** Posters in the first rows of the grid on a wide screen: loaded at once, not lazily. */
const VIDEOS_ABOVE_THE_FOLD = 4;

/** /{locale}/videos and /{locale}/videos/{filter}/{name}: pages of 12, "load more" appends. */
export function VideosPage() {
  const { t } = useTranslation();
  const { locale = 'en', filter, name } = useParams();
  const [params] = useSearchParams();
  const [view, setView] = useViewType();
  const fromRoute = queryFromRoute(filter, name);
  const query = { ...queryFromSearch(params), ...(fromRoute ?? {}) };
  const heading = useHeading(filter, name, locale);
  const results = useInfiniteQuery({ ...catalogueQueries.list(locale, query), enabled: fromRoute !== null });
  if (fromRoute === null) return <NotFoundPage />;
  const first = results.data?.pages[0];
  const videos = results.data?.pages.flatMap((page) => page.videos) ?? [];

  return (
    <div className="page catalogue-page" data-testid="videos-page">
      <header className="catalogue-page__header">
        <div>
          <h1 className="catalogue-page__title">{heading}</h1>
          {first ? (
            <p className="catalogue-page__count" data-testid="results-count">
              {t(first.count_capped ? 'catalogue.countCapped' : 'catalogue.count', {
                count: first.count,
                formatted: formatCount(first.count, locale),
              })}
            </p>
          ) : (
            // Holds the count's line while the first page loads, so the list does not move down.
            <p className="catalogue-page__count" aria-hidden>
              {'\u00a0'}
            </p>
          )}
        </div>
        <ViewToggle view={view} onChange={setView} />
      </header>
      <div className="catalogue-page__layout">
        <FiltersPanel fixed={filter ?? null} />
        <section className="catalogue-page__results" aria-live="polite">
          {results.isPending ? (
            <LoadingFallback />
          ) : (
            <VideoGrid
              videos={videos}
              view={view}
              emptyText={t('catalogue.empty')}
              headingLevel={2}
              eager={VIDEOS_ABOVE_THE_FOLD}
              selectable
            />
          )}
          <LoadMore pages={results} />
        </section>
      </div>
      <SelectionBarOnDemand />
    </div>
  );
}
