import type { SavedSearchQuery } from '../../../common/integration.ts';
import { useTranslation } from '../../lib/translation.ts';

/** What a saved search looks for: its text, then each filter, named in the reader's language. */
export function QuerySummary({ query }: { query: SavedSearchQuery }) {
  const { t } = useTranslation();
  const { search, ...filters } = query;
  const parts = (Object.entries(filters) as [string, string | number | boolean | string[] | undefined][]).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const shown = Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? t(`savedSearches.${value ? 'yes' : 'no'}`)
        : String(value);
    return [`${t(`savedSearches.filters.${name}`)}: ${shown}`];
  });
  return (
    <p className="saved-search__query" data-testid="saved-search-query">
      {search ? <q className="saved-search__text">{search}</q> : null}
      {parts.length ? <span className="saved-search__filters">{parts.join(' · ')}</span> : null}
      {!search && parts.length === 0 ? t('savedSearches.everything') : null}
    </p>
  );
}
