import { describe, expect, it } from 'vitest';
import type { LiveEvent, LiveEventStatus, LiveEventsResponse, LiveRecording } from '../../../common/live.ts';
import { PLAYER_STATES } from './event-player.tsx';
import { liveEvent, liveEventUpdate } from './test-fixtures.ts';
import { eventsOf, pagedEventsReading, pagesWithFollow, recordingsOf, withOwnTagNames, type EventPages } from './live-cache.ts';

const event = liveEvent;
const update = liveEventUpdate;
/** Two loaded pages (of two, for short): [1, 2] and [3, 4], of 5 events in all. */
const pages = (first: LiveEvent[], second: LiveEvent[]): EventPages => {
  const page = (live_events: LiveEvent[], n: number): LiveEventsResponse => ({ live_events, count: 5, page: n, pages: 3 });
  return { pages: [page(first, 1), page(second, 2)], pageParams: [1, 2] };
};
const ids = (data: EventPages) => data.pages.map((page) => page.live_events.map((item) => item.id));

describe('the events list reading over loaded pages (spec: content §4)', () => {
  const loaded = pages([event(1, { subscribed: true }), event(2)], [event(3), event(4)]);

  it('moves an event that goes live to the front of the first page, each page keeping its length', () => {
    const next = pagedEventsReading(loaded, update(3, { status: 'live' }));
    expect(ids(next)).toEqual([
      [3, 1],
      [2, 4],
    ]);
    expect(next.pages[0]?.live_events[0]?.status).toBe('live');
    expect(next.pages.map((page) => page.count)).toEqual([5, 5]);
  });

  it('removes a canceled event, the last page giving up one and the count falling', () => {
    const next = pagedEventsReading(loaded, update(2, { status: 'canceled' }));
    expect(ids(next)).toEqual([[1, 3], [4]]);
    expect(next.pages.map((page) => page.count)).toEqual([4, 4]);
  });

  it('merges a change in place, keeping the reader’s own follow flag', () => {
    const next = pagedEventsReading(loaded, update(1, { status: 'delayed', title: 'Moved' }));
    expect(ids(next)).toEqual(ids(loaded));
    expect(next.pages[0]?.live_events[0]).toMatchObject({ status: 'delayed', title: 'Moved', subscribed: true });
  });

  it('adds an unknown visible event at the end of what is loaded, an unknown live one at the front', () => {
    expect(ids(pagedEventsReading(loaded, update(7)))).toEqual([
      [1, 2],
      [3, 4, 7],
    ]);
    expect(ids(pagedEventsReading(loaded, update(7, { status: 'live' })))).toEqual([
      [7, 1],
      [2, 3, 4],
    ]);
    expect(pagedEventsReading(loaded, update(7, { visible: false }))).toEqual(loaded);
  });

  it('lists each event once, whatever the pages repeat', () => {
    expect(eventsOf(pages([event(1), event(2)], [event(2), event(3)])).map((item) => item.id)).toEqual([1, 2, 3]);
    expect(eventsOf(undefined)).toEqual([]);
  });

  it('lists each recording once, as a new recording pushes the last of a page onto the next', () => {
    const recording = (id: number): LiveRecording => ({
      id,
      event: event(id, { status: 'finished' }),
      project_id: id,
      project_slug: `recording-${id}`,
      duration: 5,
      recorded_at: '2026-05-01T10:00:00Z',
      storyboard_url: null,
    });
    const page = (recordings: LiveRecording[], n: number) => ({ recordings, count: 4, page: n, pages: 2 });
    const loaded = { pages: [page([recording(3), recording(2)], 1), page([recording(2), recording(1)], 2)], pageParams: [1, 2] };
    expect(recordingsOf(loaded).map((item) => item.id)).toEqual([3, 2, 1]);
  });
});

describe('following in the loaded pages', () => {
  it('sets the flag of that event only, and leaves pages without it as they were', () => {
    const loaded = pages([event(1), event(2)], [event(3)]);
    const next = pagesWithFollow(loaded, 3, true);
    expect(next.pages.flatMap((page) => page.live_events.map((item) => item.subscribed))).toEqual([false, false, true]);
    expect(pagesWithFollow(loaded, 9, true)).toBe(loaded);
  });
});

describe('tag names in the page’s language', () => {
  it('keeps the names the page has and takes the English name of a tag it did not have', () => {
    const stored = event(1, { tags: [{ id: 5, slug: 'floods', name: 'فيضانات' }] });
    const next = event(1, {
      tags: [
        { id: 5, slug: 'floods', name: 'Floods' },
        { id: 6, slug: 'space', name: 'Space' },
      ],
    });
    expect(withOwnTagNames(stored, next).tags.map((tag) => tag.name)).toEqual(['فيضانات', 'Space']);
  });
});

describe('what the player’s place says (spec: content §2 "Live screens")', () => {
  it('has a state for every status', () => {
    const states = (statuses: LiveEventStatus[]) => statuses.map((status) => PLAYER_STATES[status]);
    expect(states(['confirmed', 'delayed', 'ahead', 'next'])).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(states(['live', 'finished', 'terminated', 'canceled'])).toEqual(['live', 'finished', 'canceled', 'canceled']);
  });
});
