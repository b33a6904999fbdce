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
});
