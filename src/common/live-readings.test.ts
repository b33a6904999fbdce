import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENT_STATUSES,
  type LiveEvent,
  type LiveEventDetail,
  type LiveEventStatus,
  type LiveEventUpdate,
  type MyEvents,
} from './live.ts';
import {
  dashboardReading,
  eventsListReading,
  eventViewReading,
  myEventsCount,
  myEventsReading,
  tagLandingReading,
  type TagLandingLives,
} from './live-readings.ts';

const IMAGE = { url: 'u', thumbnail: 't', w273: 'a', w575: 'b', w960: 'c', large_brand: 'l' };
const FLOODS = { id: 1, slug: 'floods', name: 'Floods' };
const ELECTIONS = { id: 2, slug: 'elections', name: 'Elections' };

const event = (id: number, hour: number, fields: Partial<LiveEvent> = {}): LiveEvent => ({
  id,
  slug: `event-${id}`,
  title: `Event ${id}`,
  status: 'confirmed',
  start_at: `2025-03-01T${String(hour).padStart(2, '0')}:00:00.000Z`,
  front_page_ban: false,
  visible: true,
  access: 'free',
  tags: [FLOODS],
  image_type: 'default',
  image: IMAGE,
  location: null,
  subscribed: false,
  booked: false,
  ...fields,
});

/** The status change as the channel carries it: no subscribed, no booked. */
const updateOf = ({ subscribed: _subscribed, booked: _booked, ...rest }: LiveEvent): LiveEventUpdate => rest;

/** Freezes a list and its items, so a reading that mutates its input throws. */
const frozen = <T extends object>(items: T[]): T[] => Object.freeze(items.map((item) => Object.freeze(item))) as T[];

/** Stored events 1, 2, 3 start at 10:00, 12:00, 14:00; the caller follows and booked event 2. */
const stored = () => frozen([event(1, 10), event(2, 12, { subscribed: true, booked: true }), event(3, 14)]);

type Flags = Pick<LiveEvent, 'visible' | 'front_page_ban'>;
const FLAGS = {
  shown: { visible: true, front_page_ban: false },
  banned: { visible: true, front_page_ban: true },
  hidden: { visible: false, front_page_ban: false },
  hiddenBanned: { visible: false, front_page_ban: true },
} satisfies Record<string, Flags>;
type FlagCase = keyof typeof FLAGS;
const FLAG_CASES = Object.keys(FLAGS) as FlagCase[];

/** Event 2 changes: it now starts at 15:00 under a new title and tags. */
const knownUpdate = (status: LiveEventStatus, flags: Flags) =>
  updateOf(event(2, 15, { status, ...flags, title: 'Updated', tags: [FLOODS, ELECTIONS] }));
/** Event 9, which no list has, starting at 11:00. */
const unknownUpdate = (status: LiveEventStatus, flags: Flags, tags = [FLOODS]) => updateOf(event(9, 11, { status, ...flags, tags }));

const ids = (events: readonly LiveEvent[]) => events.map((item) => item.id);
const byId = (events: readonly LiveEvent[], id: number) => events.find((item) => item.id === id);

/** Expected outcome per flag case, for the event already in the list and for an unknown one. */
type Row<Known, Unknown> = Record<FlagCase, [Known, Unknown]>;
const each = <Known, Unknown>(outcome: [Known, Unknown]): Row<Known, Unknown> => ({
  shown: outcome,
  banned: outcome,
  hidden: outcome,
  hiddenBanned: outcome,
});

/** Asserts event 2 in a list is the update merged over what was stored: new fields, own flags kept. */
const expectMerged = (item: LiveEvent | undefined, status: LiveEventStatus, flags: Flags) => {
  expect(item).toEqual({
    ...event(2, 15, { status, ...flags, title: 'Updated', tags: [FLOODS, ELECTIONS] }),
    subscribed: true,
    booked: true,
  });
};
/** Asserts event 9 came in as the update, neither followed nor booked. */
const expectNewcomer = (item: LiveEvent | undefined, status: LiveEventStatus, flags: Flags) => {
  expect(item).toEqual({ ...event(9, 11, { status, ...flags }), subscribed: false, booked: false });
};

describe('dashboard reading (spec: content §4 "Live event status")', () => {
  const kept: Row<'replaced' | 'removed', 'added' | 'absent'> = {
    shown: ['replaced', 'added'],
    banned: ['removed', 'absent'],
    hidden: ['removed', 'absent'],
    hiddenBanned: ['removed', 'absent'],
  };
  const TABLE: Record<LiveEventStatus, Row<'replaced' | 'removed', 'added' | 'absent'>> = {
    confirmed: kept,
    delayed: kept,
    ahead: kept,
    live: kept,
    next: kept,
    finished: { ...kept, shown: ['replaced', 'absent'] },
    terminated: each(['removed', 'absent']),
    canceled: each(['removed', 'absent']),
  };

  for (const status of LIVE_EVENT_STATUSES) {
    for (const flags of FLAG_CASES) {
      const [known, unknown] = TABLE[status][flags];

      it(`${status}, ${flags}: the listed event is ${known}`, () => {
        const before = stored();
        const after = dashboardReading(before, knownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        if (known === 'removed') {
          expect(ids(after)).toEqual([1, 3]);
        } else {
          // Replaced, then sorted by start_at: 15:00 now comes after 14:00.
          expect(ids(after)).toEqual([1, 3, 2]);
          expectMerged(byId(after, 2), status, FLAGS[flags]);
        }
      });

      it(`${status}, ${flags}: an unknown event is ${unknown}`, () => {
        const before = stored();
        const after = dashboardReading(before, unknownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        if (unknown === 'absent') {
          expect(ids(after)).toEqual([1, 2, 3]);
        } else {
          expect(ids(after)).toEqual([1, 9, 2, 3]);
          expectNewcomer(byId(after, 9), status, FLAGS[flags]);
        }
      });
    }
  }

  it('sorts by start_at, an added event ahead of one starting at the same time', () => {
    const before = frozen([event(3, 14), event(1, 10), event(2, 12)]);
    const after = dashboardReading(before, updateOf(event(9, 12, { status: 'next' })));
    expect(ids(after)).toEqual([1, 9, 2, 3]);
    expect(ids(before)).toEqual([3, 1, 2]);
  });

  it('compares start_at as instants, not as text', () => {
    const before = frozen([event(1, 10), event(2, 12)]);
    const after = dashboardReading(before, updateOf(event(9, 0, { status: 'live', start_at: '2025-03-01T12:30:00+01:00' })));
    expect(ids(after)).toEqual([1, 9, 2]);
  });
});

describe('events list reading (spec: content §4 "Live event status")', () => {
  type Known = 'removed' | 'front' | 'merged';
  type Unknown = 'absent' | 'front' | 'appended';
  const staying: Row<Known, Unknown> = {
    shown: ['merged', 'appended'],
    banned: ['merged', 'appended'],
    hidden: ['removed', 'absent'],
    hiddenBanned: ['removed', 'absent'],
  };
  const TABLE: Record<LiveEventStatus, Row<Known, Unknown>> = {
    confirmed: staying,
    delayed: staying,
    ahead: staying,
    live: { ...staying, shown: ['front', 'front'], banned: ['front', 'front'] },
    next: staying,
    finished: staying,
    terminated: each(['removed', 'absent']),
    canceled: each(['removed', 'absent']),
  };
  const KNOWN_ORDER: Record<Known, number[]> = { removed: [1, 3], front: [2, 1, 3], merged: [1, 2, 3] };
  const UNKNOWN_ORDER: Record<Unknown, number[]> = { absent: [1, 2, 3], front: [9, 1, 2, 3], appended: [1, 2, 3, 9] };

  for (const status of LIVE_EVENT_STATUSES) {
    for (const flags of FLAG_CASES) {
      const [known, unknown] = TABLE[status][flags];

      it(`${status}, ${flags}: the listed event is ${known}`, () => {
        const before = stored();
        const after = eventsListReading(before, knownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        expect(ids(after)).toEqual(KNOWN_ORDER[known]);
        if (known !== 'removed') expectMerged(byId(after, 2), status, FLAGS[flags]);
      });

      it(`${status}, ${flags}: an unknown event is ${unknown}`, () => {
        const before = stored();
        const after = eventsListReading(before, unknownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        expect(ids(after)).toEqual(UNKNOWN_ORDER[unknown]);
        if (unknown !== 'absent') expectNewcomer(byId(after, 9), status, FLAGS[flags]);
      });
    }
  }

  it('leaves the other events as they were', () => {
    const before = stored();
    const after = eventsListReading(before, knownUpdate('delayed', FLAGS.shown));
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
  });
});

describe('event view reading (spec: content §4 "Live event status")', () => {
  const detail = (): LiveEventDetail =>
    Object.freeze({
      ...event(2, 12, { subscribed: true, booked: true }),
      description: 'Flood defences hold',
      languages: ['en'],
      quality: 'HD',
      audiotrack: 'natural',
      format: '16:9',
      stream_to: ['rtmp'],
      playback_url: 'https://cdn.example/live.m3u8',
      watch_refusal: null,
    });

  for (const status of LIVE_EVENT_STATUSES) {
    for (const flags of FLAG_CASES) {
      it(`${status}, ${flags}: the stored event is merged with the update`, () => {
        const before = detail();
        const after = eventViewReading(before, knownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        expect(after).toEqual({
          ...before,
          status,
          ...FLAGS[flags],
          title: 'Updated',
          start_at: '2025-03-01T15:00:00.000Z',
          tags: [FLOODS, ELECTIONS],
        });
        expect(after.description).toBe('Flood defences hold');
        expect(after.playback_url).toBe('https://cdn.example/live.m3u8');
        expect([after.subscribed, after.booked]).toEqual([true, true]);
      });

      it(`${status}, ${flags}: an update about another event leaves the view as it was`, () => {
        const before = detail();
        const after = eventViewReading(before, unknownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        expect(after).toEqual(before);
      });
    }
  }
});

describe('my events reading (spec: content §4 "Live event status")', () => {
  /** Booked 1 and 2, followed 2 and 3: three distinct events. */
  const mine = (): MyEvents =>
    Object.freeze({
      count: 3,
      booked_events: frozen([event(1, 10, { booked: true }), event(2, 12, { subscribed: true, booked: true })]),
      followed_events: frozen([event(2, 12, { subscribed: true, booked: true }), event(3, 14, { subscribed: true })]),
    });
  const staying: Row<'merged' | 'removed', 'absent'> = {
    shown: ['merged', 'absent'],
    banned: ['merged', 'absent'],
    hidden: ['removed', 'absent'],
    hiddenBanned: ['removed', 'absent'],
  };
  const TABLE: Record<LiveEventStatus, Row<'merged' | 'removed', 'absent'>> = {
    confirmed: staying,
    delayed: staying,
    ahead: staying,
    live: staying,
    next: staying,
    finished: staying,
    terminated: each(['removed', 'absent']),
    canceled: each(['removed', 'absent']),
  };

  for (const status of LIVE_EVENT_STATUSES) {
    for (const flags of FLAG_CASES) {
      const [known] = TABLE[status][flags];

      it(`${status}, ${flags}: a booked and followed event is ${known} in both lists`, () => {
        const before = mine();
        const after = myEventsReading(before, knownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        if (known === 'removed') {
          expect(ids(after.booked_events)).toEqual([1]);
          expect(ids(after.followed_events)).toEqual([3]);
          expect(after.count).toBe(2);
        } else {
          expect(ids(after.booked_events)).toEqual([1, 2]);
          expect(ids(after.followed_events)).toEqual([2, 3]);
          expectMerged(byId(after.booked_events, 2), status, FLAGS[flags]);
          expectMerged(byId(after.followed_events, 2), status, FLAGS[flags]);
          expect(after.count).toBe(3);
        }
      });

      it(`${status}, ${flags}: an event the caller neither booked nor followed is not added`, () => {
        const before = mine();
        const after = myEventsReading(before, unknownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        expect(ids(after.booked_events)).toEqual([1, 2]);
        expect(ids(after.followed_events)).toEqual([2, 3]);
        expect(after.count).toBe(3);
      });
    }
  }

  it('counts an event both booked and followed once', () => {
    expect(myEventsCount(mine())).toBe(3);
    expect(myEventsCount({ booked_events: [], followed_events: [] })).toBe(0);
  });

  it('removes an event only followed from the followed list, and the count falls by one', () => {
    const after = myEventsReading(mine(), updateOf(event(3, 14, { status: 'canceled' })));
    expect(ids(after.booked_events)).toEqual([1, 2]);
    expect(ids(after.followed_events)).toEqual([2]);
    expect(after.count).toBe(2);
  });
});

describe('tag landing reading (spec: content §4 "Live event status")', () => {
  type Known = 'removed' | 'front' | 'merged';
  type Unknown = 'absent' | 'appended';
  /** A landing of the floods tag: 3 of its 30 lives on this page, and its videos. */
  const landing = () =>
    Object.freeze({ tag: FLOODS, videos: Object.freeze([{ id: 100 }]), lives: stored(), lives_count: 30 }) satisfies TagLandingLives;
  const staying: Row<Known, Unknown> = {
    shown: ['merged', 'appended'],
    banned: ['merged', 'appended'],
    hidden: ['removed', 'absent'],
    hiddenBanned: ['removed', 'absent'],
  };
  const TABLE: Record<LiveEventStatus, Row<Known, Unknown>> = {
    confirmed: staying,
    delayed: staying,
    ahead: staying,
    // A listed event that goes live moves to the front; a new one is appended, live or not (spec §4).
    live: { ...staying, shown: ['front', 'appended'], banned: ['front', 'appended'] },
    next: staying,
    finished: staying,
    terminated: each(['removed', 'absent']),
    canceled: each(['removed', 'absent']),
  };
  const KNOWN: Record<Known, { ids: number[]; count: number }> = {
    removed: { ids: [1, 3], count: 29 },
    front: { ids: [2, 1, 3], count: 30 },
    merged: { ids: [1, 2, 3], count: 30 },
  };
  const UNKNOWN: Record<Unknown, { ids: number[]; count: number }> = {
    absent: { ids: [1, 2, 3], count: 30 },
    appended: { ids: [1, 2, 3, 9], count: 31 },
  };

  for (const status of LIVE_EVENT_STATUSES) {
    for (const flags of FLAG_CASES) {
      const [known, unknown] = TABLE[status][flags];

      it(`${status}, ${flags}: the listed event of the tag is ${known}`, () => {
        const before = landing();
        const after = tagLandingReading(before, 'floods', knownUpdate(status, FLAGS[flags]));
        expect(after).not.toBe(before);
        expect({ ids: ids(after.lives), count: after.lives_count }).toEqual(KNOWN[known]);
        if (known !== 'removed') expectMerged(byId(after.lives, 2), status, FLAGS[flags]);
        expect(after.tag).toBe(before.tag);
        expect(after.videos).toBe(before.videos);
      });

      it(`${status}, ${flags}: an unknown event of the tag is ${unknown}`, () => {
        const before = landing();
        const after = tagLandingReading(before, 'floods', unknownUpdate(status, FLAGS[flags]));
        expect({ ids: ids(after.lives), count: after.lives_count }).toEqual(UNKNOWN[unknown]);
        if (unknown !== 'absent') expectNewcomer(byId(after.lives, 9), status, FLAGS[flags]);
      });

      it(`${status}, ${flags}: a listed event whose update no longer carries the tag leaves, the count falls by one`, () => {
        const before = landing();
        const after = tagLandingReading(before, 'floods', { ...knownUpdate(status, FLAGS[flags]), tags: [ELECTIONS] });
        expect(after).not.toBe(before);
        expect({ ids: ids(after.lives), count: after.lives_count }).toEqual({ ids: [1, 3], count: 29 });
      });

      it(`${status}, ${flags}: an unknown event of another tag leaves the landing unchanged`, () => {
        const before = landing();
        const after = tagLandingReading(before, 'floods', unknownUpdate(status, FLAGS[flags], [ELECTIONS]));
        expect(after).not.toBe(before);
        expect({ ids: ids(after.lives), count: after.lives_count }).toEqual({ ids: [1, 2, 3], count: 30 });
      });
    }
  }

  it('never lets the count fall below zero', () => {
    const after = tagLandingReading({ lives: stored(), lives_count: 0 }, 'floods', knownUpdate('terminated', FLAGS.shown));
    expect(after).toEqual({ lives: [event(1, 10), event(3, 14)], lives_count: 0 });
  });
});
