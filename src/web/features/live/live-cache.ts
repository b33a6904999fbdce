import type { InfiniteData } from '@tanstack/react-query';
import type { LiveEvent, LiveEventUpdate, LiveEventsResponse, LiveRecording, LiveRecordingsResponse } from '../../../common/live.ts';
import { eventsListReading } from '../../../common/live-readings.ts';

/** The events list as the page holds it: the pages of 12 loaded so far. */
export type EventPages = InfiniteData<LiveEventsResponse>;

/** Items in order, each once: a page asked for after a change (a new event, a new recording) may repeat one. */
function eachOnce<T extends { id: number }>(items: T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** The events of the loaded pages in order, each once. */
export function eventsOf(data: EventPages | undefined): LiveEvent[] {
  return eachOnce((data?.pages ?? []).flatMap((page) => page.live_events));
}

/** The recordings of the loaded pages in order, each once. */
export function recordingsOf(data: InfiniteData<LiveRecordingsResponse> | undefined): LiveRecording[] {
  return eachOnce((data?.pages ?? []).flatMap((page) => page.recordings));
}

/**
 * The events list reading (common/live-readings.ts) over every loaded page: it reads the pages as
 * one list, as the reader sees them, and puts the result back page by page, each page keeping its
 * length and the last taking what is over (one more, or one fewer). `count` moves by as much.
 */
export function pagedEventsReading(data: EventPages, update: LiveEventUpdate): EventPages {
  const before = data.pages.flatMap((page) => page.live_events);
  const after = eventsListReading(before, update);
  const change = after.length - before.length;
  let offset = 0;
  const pages = data.pages.map((page, index) => {
    const last = index === data.pages.length - 1;
    const live_events = last ? after.slice(offset) : after.slice(offset, offset + page.live_events.length);
    offset += page.live_events.length;
    return { ...page, live_events, count: Math.max(0, page.count + change) };
  });
  return { ...data, pages };
}

/** One event followed or not in the loaded pages; the pages are the same objects when it is not there. */
export function pagesWithFollow(data: EventPages, eventId: number, subscribed: boolean): EventPages {
  if (!data.pages.some((page) => page.live_events.some((event) => event.id === eventId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      live_events: page.live_events.map((event) => (event.id === eventId ? { ...event, subscribed } : event)),
    })),
  };
}

/**
 * The channel carries tag names in English (docs/decisions.md, "Live events: model and calls"): a
 * tag the page already names keeps its name in the page's language.
 */
export function withOwnTagNames<E extends LiveEvent>(stored: E, next: E): E {
  const names = new Map(stored.tags.map((tag) => [tag.id, tag.name]));
  return { ...next, tags: next.tags.map((tag) => ({ ...tag, name: names.get(tag.id) ?? tag.name })) };
}
