import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse, Tag } from '../../../common/catalogue.ts';
import type { LiveEvent, LiveEventUpdate } from '../../../common/live.ts';
import { applyStatusChange } from '../live/live-channel.ts';
import { liveEvent, liveEventUpdate } from '../live/test-fixtures.ts';
import { CATALOGUE_KEYS } from './api.ts';
import { dashboardWithStatusChange, tagLandingWithStatusChange, type TagLanding, type TagLandingPages } from './live-cache.ts';

const space = { id: 5, slug: 'space', name: 'Space' };
const floods = { id: 6, slug: 'floods', name: 'Floods' };
// The events here are tagged Space unless told otherwise.
const event = (id: number, fields: Partial<LiveEvent> = {}) => liveEvent(id, { tags: [space], ...fields });
const update = (id: number, fields: Partial<LiveEventUpdate> = {}) => liveEventUpdate(id, { tags: [space], ...fields });
const ids = (events: LiveEvent[]) => events.map((item) => item.id);

const dashboard = (live_events: LiveEvent[]): DashboardResponse => ({
  payload: { banners: [], feed: [], trending: [], live_events, tags: [], hotbox: [] },
});

const tag = (slug: string): Tag => ({
  id: 1,
  slug,
  name: slug,
  view_type: 'landing',
  image: { url: '', original: { url: '' } },
  projects_count: 30,
  followed: false,
});
/** Two loaded pages of a tag's videos, each carrying the tag's lives as the server sent them. */
const landing = (slug: string, lives: LiveEvent[], lives_count = lives.length): TagLandingPages => {
  const page = (n: number): TagLanding => ({ tag: tag(slug), videos: [], videos_count: 30, lives, lives_count, page: n, pages: 3 });
  return { pages: [page(1), page(2)], pageParams: [1, 2] };
};
const livesOf = (data: TagLandingPages | undefined) => (data?.pages ?? []).map((page) => [ids(page.lives), page.lives_count]);

describe('the dashboard reading on the dashboard answer (spec: content §4)', () => {
  const shown = dashboard([event(2, { subscribed: true }), event(4)]);

  it('adds an event that goes live in its place by start, keeping the rest of the answer', () => {
    const next = dashboardWithStatusChange(shown, update(1, { status: 'live' }));
    expect(ids(next.payload.live_events)).toEqual([1, 2, 4]);
    expect(next.payload.live_events[0]?.status).toBe('live');
    expect({ ...next.payload, live_events: [] }).toEqual({ ...shown.payload, live_events: [] });
    expect(shown.payload.live_events).toHaveLength(2);
  });

  it('merges a change of an event it shows, keeping the reader’s follow flag', () => {
    const next = dashboardWithStatusChange(shown, update(2, { status: 'live', title: 'Now on' }));
    expect(next.payload.live_events[0]).toMatchObject({ id: 2, status: 'live', title: 'Now on', subscribed: true });
  });

  it('takes off a canceled, banned or hidden event, and adds no banned one', () => {
    expect(ids(dashboardWithStatusChange(shown, update(2, { status: 'canceled' })).payload.live_events)).toEqual([4]);
    expect(ids(dashboardWithStatusChange(shown, update(4, { front_page_ban: true })).payload.live_events)).toEqual([2]);
    expect(ids(dashboardWithStatusChange(shown, update(4, { visible: false })).payload.live_events)).toEqual([2]);
    expect(ids(dashboardWithStatusChange(shown, update(3, { status: 'live', front_page_ban: true })).payload.live_events)).toEqual([2, 4]);
  });
});

describe('the tag landing reading on every loaded page of a landing (spec: content §4)', () => {
  const loaded = landing('space', [event(1, { status: 'live' }), event(2)], 2);

  it('appends a new event of the tag and counts it, on each page', () => {
    expect(livesOf(tagLandingWithStatusChange(loaded, update(3)))).toEqual([
      [[1, 2, 3], 3],
      [[1, 2, 3], 3],
    ]);
  });

  it('appends a new event of the tag that is already live, rather than putting it first', () => {
    expect(livesOf(tagLandingWithStatusChange(loaded, update(3, { status: 'live' })))).toEqual([
      [[1, 2, 3], 3],
      [[1, 2, 3], 3],
    ]);
  });

  it('moves an event that goes live to the front, the count unchanged', () => {
    expect(livesOf(tagLandingWithStatusChange(loaded, update(2, { status: 'live' })))).toEqual([
      [[2, 1], 2],
      [[2, 1], 2],
    ]);
  });

  it('takes off a canceled event and counts one fewer', () => {
    expect(livesOf(tagLandingWithStatusChange(loaded, update(2, { status: 'canceled' })))).toEqual([
      [[1], 1],
      [[1], 1],
    ]);
  });

  it('leaves the landing as it was for an event of another tag, and the videos always', () => {
    const next = tagLandingWithStatusChange(loaded, update(3, { tags: [floods] }));
    expect(livesOf(next)).toEqual(livesOf(loaded));
    expect(next.pages.map((page) => [page.tag, page.videos_count, page.page])).toEqual(
      loaded.pages.map((page) => [page.tag, page.videos_count, page.page]),
    );
    expect(next.pageParams).toEqual(loaded.pageParams);
  });
});

describe('a status change from the channel reaches the catalogue’s cached answers', () => {
  it('updates every dashboard and every tag landing, each landing by its own tag', () => {
    const client = new QueryClient();
    client.setQueryData(CATALOGUE_KEYS.dashboard('en', {}), dashboard([event(2)]));
    client.setQueryData(CATALOGUE_KEYS.dashboard('ar', { with_international_mix: 'false' }), dashboard([event(2)]));
    client.setQueryData(CATALOGUE_KEYS.tagLanding('en', 'space'), landing('space', [event(2)]));
    client.setQueryData(CATALOGUE_KEYS.tagLanding('ar', 'floods'), landing('floods', [event(4, { tags: [floods] })]));

    applyStatusChange(client, update(1, { status: 'live' }));
    for (const [, answer] of client.getQueriesData<DashboardResponse>({ queryKey: CATALOGUE_KEYS.allDashboards }))
      expect(ids(answer?.payload.live_events ?? [])).toEqual([1, 2]);
    // A new live event is appended to the tag landing's lives (spec: content §4), not put first.
    expect(livesOf(client.getQueryData(CATALOGUE_KEYS.tagLanding('en', 'space')))).toEqual([
      [[2, 1], 2],
      [[2, 1], 2],
    ]);
    expect(livesOf(client.getQueryData(CATALOGUE_KEYS.tagLanding('ar', 'floods')))).toEqual([
      [[4], 1],
      [[4], 1],
    ]);

    applyStatusChange(client, update(2, { status: 'canceled' }));
    expect(ids(client.getQueryData<DashboardResponse>(CATALOGUE_KEYS.dashboard('en', {}))?.payload.live_events ?? [])).toEqual([1]);
    expect(livesOf(client.getQueryData(CATALOGUE_KEYS.tagLanding('en', 'space')))).toEqual([
      [[1], 1],
      [[1], 1],
    ]);
  });
});
