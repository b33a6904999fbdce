import { SUGGEST_MIN_LENGTH } from '../../../common/catalogue-filters.ts';

/** Debounce before asking for suggestions (spec: content §2, §9). */
export const SUGGEST_DEBOUNCE_MS = 500;

/** A single space is ignored; what remains is the text, or '' for "reset the search". */
export function normalizeSearch(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Suggestions only for text longer than 3 characters. */
export function wantsSuggestions(text: string): boolean {
  return [...normalizeSearch(text)].length >= SUGGEST_MIN_LENGTH;
}

export type SearchScope = 'everywhere' | 'page';

/**
 * Where a submitted search goes: everywhere is the search page; "this page" keeps the current
 * video page and its filters. An empty text removes the search.
 */
export function searchTarget(input: {
  text: string;
  scope: SearchScope;
  locale: string;
  pathname: string;
  search: string;
  onVideoList: boolean;
}): string {
  const text = normalizeSearch(input.text);
  if (input.scope === 'page' && input.onVideoList) {
    const params = new URLSearchParams(input.search);
    // "Search instead for …" holds for the text it was offered for, not for a new one.
    if (text !== normalizeSearch(params.get('search') ?? '')) params.delete('exact');
    if (text) params.set('search', text);
    else params.delete('search');
    const query = params.toString();
    return `${input.pathname}${query ? `?${query}` : ''}`;
  }
  const params = new URLSearchParams();
  const mix = new URLSearchParams(input.search).get('with_international_mix');
  if (text) params.set('search', text);
  if (mix) params.set('with_international_mix', mix);
  const query = params.toString();
  return `/${input.locale}/search${query ? `?${query}` : ''}`;
}
