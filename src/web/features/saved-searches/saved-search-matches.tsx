import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { isLocale, localeDirection } from '../../../common/locales.ts';
import { LINKS } from '../../../common/routes.ts';
import { SAVED_SEARCH_LIMITS, type SavedSearch, type SavedSearches, type SavedSearchMatch } from '../../../common/saved-searches.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { savedSearchesApi, savedSearchesKey, savedSearchMatchesKey } from './api.ts';

/**
 * A saved search's matches, opened under its row (issue 30): each story with its poster, linked to
 * its video page as the catalogue links it, when it matched and whether it is new. Opening them is
 * looking at the search's news: once they are on screen the search is marked seen and its count goes
 * back to 0, while the list keeps saying which were new (its query is apart from the list's).
 */
export function SavedSearchMatches({ search, id }: { search: SavedSearch; id: string }) {
  const { t } = useTranslation();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const matches = useQuery({
    queryKey: savedSearchMatchesKey(userId, search.id),
    queryFn: ({ signal }) => savedSearchesApi.matches(search.id, signal),
    // Kept as it was opened while it is open; closed, it is forgotten: opened again, it says what is new since this look.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const seen = useMutation({
    mutationFn: () => savedSearchesApi.seen(search.id),
    onSuccess: (changed) =>
      client.setQueryData<SavedSearches>(savedSearchesKey(userId), (list) =>
        list ? { saved_searches: list.saved_searches.map((row) => (row.id === changed.id ? changed : row)) } : list,
      ),
  });
  const shown = matches.data?.matches;
  const markSeen = seen.mutate;
  const asked = useRef(false);
  useEffect(() => {
    if (!shown || asked.current) return;
    if (search.new_matches === 0 && !shown.some((match) => match.is_new)) return;
    asked.current = true;
    markSeen();
  }, [shown, search.new_matches, markSeen]);

  return (
    <section
      id={id}
      className="saved-search-matches"
      aria-label={t('savedSearches.matchesTitle', { name: search.name })}
      data-testid="saved-search-matches"
    >
      {matches.isError ? (
        <div className="saved-search-matches__failed" role="alert">
          <p>{errorText(matches.error, translateIfExists)}</p>
          <Button variant="secondary" size="small" onClick={() => void matches.refetch()}>
            {t('savedSearches.retry')}
          </Button>
        </div>
      ) : !shown ? (
        <LoadingFallback label={t('common.loading')} />
      ) : shown.length === 0 ? (
        <p className="saved-search-matches__empty" data-testid="saved-search-matches-empty">
          {t('savedSearches.matchesEmpty')}
        </p>
      ) : (
        <>
          <ul className="saved-search-matches__list">
            {shown.map((match) => (
              <MatchRow key={match.id} match={match} />
            ))}
          </ul>
          {shown.length >= SAVED_SEARCH_LIMITS.matchesShown ? (
            <p className="saved-search-matches__note">{t('savedSearches.matchesNewest', { count: SAVED_SEARCH_LIMITS.matchesShown })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function MatchRow({ match }: { match: SavedSearchMatch }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const { video } = match;
  return (
    <li
      className={match.is_new ? 'saved-search-match saved-search-match--new' : 'saved-search-match'}
      data-testid="saved-search-match"
      data-new={match.is_new}
    >
      {video ? (
        <img className="saved-search-match__poster" src={video.selected_preview_image} alt="" loading="lazy" width={160} height={90} />
      ) : (
        <span className="saved-search-match__poster saved-search-match__poster--gone" aria-hidden />
      )}
      <div className="saved-search-match__body">
        <h3 className="saved-search-match__title">
          {video ? (
            <Link
              to={`/${locale}${LINKS.video(video.project_slug)}`}
              lang={video.language}
              dir={localeDirection(video.language)}
              data-testid="saved-search-match-link"
            >
              {video.title}
            </Link>
          ) : (
            <span className="saved-search-match__gone">{t('savedSearches.matchGone')}</span>
          )}
        </h3>
        <p className="saved-search-match__facts">
          {match.is_new ? (
            <strong className="saved-search-match__new" data-testid="saved-search-match-new">
              {t('savedSearches.matchNew')}
            </strong>
          ) : (
            <span className="saved-search-match__seen">{t('savedSearches.matchSeen')}</span>
          )}
          <span>
            {t('savedSearches.matchedAt')} <Moment value={match.matched_at} locale={locale} />
          </span>
        </p>
      </div>
    </li>
  );
}

/** When it matched, in the reader's language and time zone, isolated from the text around it. */
function Moment({ value, locale }: { value: string; locale: string }) {
  const timeZone = useTimeZone();
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));
  return (
    <time dateTime={value} lang={locale} dir={isLocale(locale) ? localeDirection(locale) : 'auto'}>
      {text}
    </time>
  );
}
