import { describe, expect, it } from 'vitest';
import { normalizeSearch, searchTarget, wantsSuggestions } from './search-rules.ts';

describe('search box rules (spec: content §2)', () => {
  it('ignores a single space and collapses spacing', () => {
    expect(normalizeSearch(' ')).toBe('');
    expect(normalizeSearch('  floods   in  Italy ')).toBe('floods in Italy');
  });

  it('asks for suggestions only above 3 characters', () => {
    expect(wantsSuggestions('flo')).toBe(false);
    expect(wantsSuggestions(' flo ')).toBe(false);
    expect(wantsSuggestions('floo')).toBe(true);
    expect(wantsSuggestions('قمةا')).toBe(true);
  });

  it('searching everywhere goes to the search page, carrying the mixed-content choice', () => {
    expect(
      searchTarget({
        text: 'floods',
        scope: 'everywhere',
        locale: 'en',
        pathname: '/en/plans',
        search: '?with_international_mix=false',
        onVideoList: false,
      }),
    ).toBe('/en/search?search=floods&with_international_mix=false');
  });

  it('searching this page keeps the page and its filters; an empty submit resets the search', () => {
    expect(
      searchTarget({
        text: 'rain',
        scope: 'page',
        locale: 'en',
        pathname: '/en/videos/category/society',
        search: '?language=es',
        onVideoList: true,
      }),
    ).toBe('/en/videos/category/society?language=es&search=rain');
    expect(
      searchTarget({
        text: ' ',
        scope: 'page',
        locale: 'en',
        pathname: '/en/videos',
        search: '?search=rain&language=es',
        onVideoList: true,
      }),
    ).toBe('/en/videos?language=es');
    expect(
      searchTarget({ text: '', scope: 'everywhere', locale: 'ar', pathname: '/ar/search', search: '?search=x', onVideoList: true }),
    ).toBe('/ar/search');
  });

  it('a new text drops "search exactly" (exact=1); the same text keeps it', () => {
    const onSearchPage = { scope: 'page' as const, locale: 'en', pathname: '/en/search', onVideoList: true };
    expect(searchTarget({ ...onSearchPage, text: 'floods', search: '?search=eartquake&exact=1&language=en' })).toBe(
      '/en/search?search=floods&language=en',
    );
    expect(searchTarget({ ...onSearchPage, text: 'eartquake', search: '?search=eartquake&exact=1' })).toBe(
      '/en/search?search=eartquake&exact=1',
    );
    expect(searchTarget({ ...onSearchPage, scope: 'everywhere', text: 'eartquake', search: '?search=eartquake&exact=1' })).toBe(
      '/en/search?search=eartquake',
    );
  });
});
