import type { LiveEvent, LiveEventUpdate, MyEvents } from './live.ts';
import { GONE_STATUSES, UPCOMING_STATUSES, type LiveEventStatus } from './live-values.ts';

/**
 * How the browser reads a live-event status change (spec: content §4 "Live event status"): each
 * cached list applies the update by its own rule. Pure: every reading returns new arrays and
 * objects and leaves its inputs as they were.
 *
 * "Merged" means the stored item's fields overwritten by the update's, keeping the stored per-user
 * subscribed and booked; an event a list did not have comes in neither followed nor booked.
 */

/** Statuses the dashboard keeps an event it already shows in: the upcoming ones and finished. */
const DASHBOARD_KEEPS: readonly LiveEventStatus[] = [...UPCOMING_STATUSES, 'finished'];

function isUpcoming(status: LiveEventStatus): boolean {
  return (UPCOMING_STATUSES as readonly LiveEventStatus[]).includes(status);
}

function isGone(status: LiveEventStatus): boolean {
  return (GONE_STATUSES as readonly LiveEventStatus[]).includes(status);
}

function holds(events: readonly LiveEvent[], update: LiveEventUpdate): boolean {
  return events.some((event) => event.id === update.id);
}

function without(events: readonly LiveEvent[], update: LiveEventUpdate): LiveEvent[] {
  return events.filter((event) => event.id !== update.id);
}

/** The stored event with the update's fields, keeping the caller's own subscribed and booked. */
function merged<E extends LiveEvent>(stored: E, update: LiveEventUpdate): E {
  return { ...stored, ...update, subscribed: stored.subscribed, booked: stored.booked };
}

function mergedInPlace(events: readonly LiveEvent[], update: LiveEventUpdate): LiveEvent[] {
  return events.map((event) => (event.id === update.id ? merged(event, update) : event));
}

/** An event the list did not have: neither followed nor booked. */
function newcomer(update: LiveEventUpdate): LiveEvent {
  return { ...update, subscribed: false, booked: false };
}

/** Start time in ms; an unreadable start_at sorts last. */
function startOf(event: LiveEvent): number {
  const time = Date.parse(event.start_at);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

function byStartAt(a: LiveEvent, b: LiveEvent): number {
  const [left, right] = [startOf(a), startOf(b)];
  return left === right ? 0 : left < right ? -1 : 1;
}

/**
 * Dashboard reading: "an event already in the list is removed if its status is not one of
 * confirmed, delayed, ahead, live, next, finished, or it is front-page-banned, or not visible;
 * otherwise replaced. An event not in the list is added at the front only if status is confirmed,
 * delayed, ahead, live or next, it is not banned and is visible. Then the list is sorted by
 * start_at ascending." The sort is stable, so an added event stays ahead of others starting at the
 * same time.
 */
export function dashboardReading(events: readonly LiveEvent[], update: LiveEventUpdate): LiveEvent[] {
  const shown = update.visible && !update.front_page_ban;
  let next: LiveEvent[];
  if (holds(events, update)) {
    next = shown && DASHBOARD_KEEPS.includes(update.status) ? mergedInPlace(events, update) : without(events, update);
  } else {
    next = shown && isUpcoming(update.status) ? [newcomer(update), ...events] : [...events];
  }
  return next.sort(byStartAt);
}

/**
 * Events list reading: "terminated, canceled or not visible: removed. Live: moved to the front.
 * Otherwise merged in place. Unknown event: added only if visible." An unknown event that is
 * terminated or canceled is not added; an unknown live one goes to the front, others at the end.
 */
export function eventsListReading(events: readonly LiveEvent[], update: LiveEventUpdate): LiveEvent[] {
  if (isGone(update.status) || !update.visible) return without(events, update);
  const stored = events.find((event) => event.id === update.id);
  const item = stored ? merged(stored, update) : newcomer(update);
  if (update.status === 'live') return [item, ...without(events, update)];
  return stored ? mergedInPlace(events, update) : [...events, item];
}

/**
 * Event view: "stored data is merged with the update." Fields only the view has (description,
 * playback_url, …) stay; an update about another event leaves the stored one as it was.
 */
export function eventViewReading<E extends LiveEvent>(stored: E, update: LiveEventUpdate): E {
  return stored.id === update.id ? merged(stored, update) : { ...stored };
}

/** Booked or followed entries: terminated, canceled or not visible removed, otherwise merged. */
function myEntriesReading(entries: readonly LiveEvent[], update: LiveEventUpdate): LiveEvent[] {
  return isGone(update.status) || !update.visible ? without(entries, update) : mergedInPlace(entries, update);
}

/** How many events the caller has: an event both booked and followed counts once. */
export function myEventsCount(mine: Pick<MyEvents, 'booked_events' | 'followed_events'>): number {
  return new Set([...mine.booked_events, ...mine.followed_events].map((event) => event.id)).size;
}

/**
 * My events: "the same removal or merge applies to booked or followed entries" — terminated,
 * canceled or not visible removed, otherwise merged. An event the caller neither booked nor
 * followed is never added (that is the caller's own act). count is then the number of distinct
 * events across both lists (see myEventsCount).
 */
export function myEventsReading(mine: MyEvents, update: LiveEventUpdate): MyEvents {
  const booked_events = myEntriesReading(mine.booked_events, update);
  const followed_events = myEntriesReading(mine.followed_events, update);
  return { ...mine, count: myEventsCount({ booked_events, followed_events }), booked_events, followed_events };
}

/** The tag landing's own list rule: the events list's, except that a new event is appended even when live. */
function tagLivesReading(events: readonly LiveEvent[], update: LiveEventUpdate): LiveEvent[] {
  if (!holds(events, update) && !isGone(update.status) && update.visible) return [...events, newcomer(update)];
  return eventsListReading(events, update);
}

/** The live part of a tag landing; the landing's other fields pass through untouched. */
export type TagLandingLives = { lives: LiveEvent[]; lives_count: number };

function carriesTag(update: LiveEventUpdate, tagSlug: string): boolean {
  return update.tags.some((tag) => tag.slug === tagSlug);
}

/**
 * Tag landing: applies only to events of the shown tag. "Terminated, canceled or not visible:
 * removed, count falls by 1. Live: moved to front. Otherwise merged. A new visible event is
 * appended and count rises by 1." "Moved to front" is for an event the landing shows; a new visible
 * event is appended whatever its status, live included (a new terminated or canceled one is not
 * added). An event the landing shows whose update no longer carries the tag leaves it, and the
 * count falls by 1; the count falls only for an event that was there and never below 0.
 */
export function tagLandingReading<L extends TagLandingLives>(landing: L, tagSlug: string, update: LiveEventUpdate): L {
  const lives = carriesTag(update, tagSlug) ? tagLivesReading(landing.lives, update) : without(landing.lives, update);
  const change = Number(holds(lives, update)) - Number(holds(landing.lives, update));
  const lives_count = Math.max(0, landing.lives_count + change);
  return { ...landing, lives, lives_count };
}
