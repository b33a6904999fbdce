import { describe, expect, it } from 'vitest';
import { isVideoPath, queryFromRoute, queryFromSearch, videoQuery } from './query-params.ts';

describe('video page queries (spec: content §2)', () => {
  it('keeps query parameters only between video pages', () => {
    expect(videoQuery('/en/videos', '?category=politics')).toBe('?category=politics');
    expect(videoQuery('/ar/videos/tags/floods', '?sort=oldest')).toBe('?sort=oldest');
    expect(videoQuery('/en/plans', '?category=politics')).toBe('');
    expect(isVideoPath('/en/search')).toBe(true);
    expect(isVideoPath('/en/videosx')).toBe(false);
  });

  it('maps the filter route to the call parameters', () => {
    expect(queryFromRoute('tags', 'floods')).toEqual({ tags: 'floods' });
    expect(queryFromRoute('country', 'IT')).toEqual({ country: 'IT' });
    expect(queryFromRoute('filter', 'free')).toEqual({ free_access: true });
    expect(queryFromRoute('filter', 'nope')).toBeNull();
    expect(queryFromRoute('colour', 'red')).toBeNull();
    expect(queryFromRoute(undefined, undefined)).toEqual({});
  });

  it('reads only known, non-empty parameters from the URL', () => {
    expect(queryFromSearch(new URLSearchParams('category=politics&language=&evil=1&with_international_mix=false'))).toEqual({
      category: 'politics',
      with_international_mix: 'false',
    });
  });
});
