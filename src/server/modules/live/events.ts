import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  GONE_STATUSES,
  LIVE_PAGE_SIZE,
  UPCOMING_STATUSES,
  type LiveEvent,
  type LiveEventDetail,
  type LiveEventUpdate,
  type MyEvents,
} from '../../../common/live.ts';
import { myEventsCount } from '../../../common/live-readings.ts';
import type { Locale } from '../../../common/locales.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { tags } from '../catalogue/schema.ts';
import { LIVE_EVENTS_STREAM } from '../realtime/channels.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { assertLiveAccess } from './access.ts';
import { bookedEventIds, bookedOf, bookingStatesOf, openBookingEventIds } from './booked.ts';
import { eventImageUrl, type PlaceholderSize } from './placeholder.ts';
import { liveEventFollows, liveEvents, liveEventTags } from './schema.ts';

export type LiveContext = Pick<ServiceContext, 'db' | 'clock' | 'broadcast' | 'jobs' | 'outbound'> & {
  /** Every process's cached dashboard shows the change (lib/cache-bus.ts); optional for the ingest's tests. */
  caches?: ServiceContext['caches'];
};
export type EventRow = typeof liveEvents.$inferSelect;

export const eventNotFound = () => new NotFound({ code: 'live_event_not_found', message: 'Live event not found' });

/** The placeholder set's sizes (spec §3: thumbnail, 273x154, 575x323, 960x540, large_brand). */
const PLACEHOLDER = (size: string) => `/media/live/placeholder-${size}.svg`;

function imageOf(row: Pick<EventRow, 'imageUrl' | 'imageKey'>) {
  if (row.imageKey) {
    const sized = (size: PlaceholderSize) => eventImageUrl(row.imageKey ?? '', size);
    return {
      url: sized('960x540'),
      thumbnail: sized('thumbnail'),
      w273: sized('273x154'),
      w575: sized('575x323'),
      w960: sized('960x540'),
      large_brand: sized('large_brand'),
    };
  }
  if (!row.imageUrl)
    return {
      url: PLACEHOLDER('960x540'),
      thumbnail: PLACEHOLDER('thumbnail'),
      w273: PLACEHOLDER('273x154'),
      w575: PLACEHOLDER('575x323'),
      w960: PLACEHOLDER('960x540'),
      large_brand: PLACEHOLDER('large_brand'),
    };
  const url = row.imageUrl;
  return { url, thumbnail: url, w273: url, w575: url, w960: url, large_brand: url };
}

/** The events' tags, named in the caller's language. */
async function tagsOf(ctx: Pick<LiveContext, 'db'>, eventIds: number[], locale: Locale) {
  const byEvent = new Map<number, LiveEvent['tags']>();
  if (eventIds.length === 0) return byEvent;
  const rows = await ctx.db
    .select({ eventId: liveEventTags.eventId, id: tags.id, slug: tags.slug, names: tags.names })
    .from(liveEventTags)
    .innerJoin(tags, eq(tags.id, liveEventTags.tagId))
    .where(inArray(liveEventTags.eventId, eventIds))
    .orderBy(asc(tags.slug));
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({ id: row.id, slug: row.slug, name: row.names[locale] || row.names.en });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

/** Which of the events the user follows. */
async function followedOf(ctx: Pick<LiveContext, 'db'>, eventIds: number[], userId: number | null): Promise<Set<number>> {
  if (userId === null || eventIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ eventId: liveEventFollows.eventId })
    .from(liveEventFollows)
    .where(and(eq(liveEventFollows.userId, userId), inArray(liveEventFollows.eventId, eventIds)));
  return new Set(rows.map((row) => row.eventId));
}

/** What a status change carries: the event as lists show it, without anyone's own flags. */
export function updateView(row: EventRow, eventTags: LiveEvent['tags'], locale: Locale = 'en'): LiveEventUpdate {
  return {
    id: row.id,
    slug: row.slug,
    // The desk writes the title in four languages; English where one is missing.
    title: (locale !== 'en' && row.titles[locale]) || row.title,
    status: row.status,
    start_at: row.startAt.toISOString(),
    front_page_ban: row.frontPageBan,
    visible: row.visible,
    access: row.access,
    tags: eventTags,
    image_type: row.imageUrl || row.imageKey ? 'custom' : 'default',
    image: imageOf(row),
    location: row.location,
  };
}

/** Events as lists show them to the caller (followed or not). */
export async function eventViews(
  ctx: Pick<LiveContext, 'db'>,
  rows: EventRow[],
  userId: number | null,
  locale: Locale,
): Promise<LiveEvent[]> {
  const ids = rows.map((row) => row.id);
  const [eventTags, followed, booked, bookings] = [
    await tagsOf(ctx, ids, locale),
    await followedOf(ctx, ids, userId),
    await bookedOf(ctx, ids, userId),
    await bookingStatesOf(ctx, ids, userId),
  ];
  return rows.map((row) => ({
    ...updateView(row, eventTags.get(row.id) ?? [], locale),
    subscribed: followed.has(row.id),
    booked: booked.has(row.id),
    booking_state: bookings.get(row.id) ?? null,
  }));
}

/** Shown in lists: visible, and neither terminated nor canceled. */
const listed = and(eq(liveEvents.visible, true), notInArray(liveEvents.status, [...GONE_STATUSES]));
/** Live first, then the rest by their start. */
const liveFirst = [sql`${liveEvents.status} <> 'live'`, asc(liveEvents.startAt), asc(liveEvents.id)];

/**
 * GET /api/content/live/events (spec §7): upcoming and live events, live first, 12 a page; with
 * `archived`, the finished ones, the latest first.
 */
export async function listEvents(
  ctx: Pick<LiveContext, 'db'>,
  query: { page: number; per_page: number; archived?: boolean },
  userId: number | null,
  locale: Locale,
) {
  const where = query.archived ? and(listed, eq(liveEvents.status, 'finished')) : and(listed, notInArray(liveEvents.status, ['finished']));
  const order = query.archived ? [desc(liveEvents.startAt), desc(liveEvents.id)] : liveFirst;
  const [total] = await ctx.db.select({ n: count() }).from(liveEvents).where(where);
  const rows = await ctx.db
    .select()
    .from(liveEvents)
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const n = total?.n ?? 0;
  return {
    live_events: await eventViews(ctx, rows, userId, locale),
    count: n,
    page: query.page,
    pages: Math.max(1, Math.ceil(n / query.per_page)),
  };
}

/** A visible event by its slug, or the live-event-not-found error (HTTP 404). */
export async function visibleEvent(ctx: Pick<LiveContext, 'db'>, slug: string): Promise<EventRow> {
  const [row] = await ctx.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.slug, slug), eq(liveEvents.visible, true)));
  if (!row) throw eventNotFound();
  return row;
}

/** GET /api/content/live/events/{slug} (spec §3 "Event detail"). */
export async function eventDetail(
  ctx: Pick<LiveContext, 'db'>,
  slug: string,
  userId: number | null,
  locale: Locale,
): Promise<LiveEventDetail> {
  return detailOf(ctx, await visibleEvent(ctx, slug), userId, locale);
}

/** An event page's data, whatever the event's visibility (the console sees hidden ones too). */
export async function detailOf(
  ctx: Pick<LiveContext, 'db'>,
  row: EventRow,
  userId: number | null,
  locale: Locale,
): Promise<LiveEventDetail> {
  const [view] = await eventViews(ctx, [row], userId, locale);
  if (!view) throw eventNotFound();
  return {
    ...view,
    description: row.description,
    languages: row.languages,
    quality: row.quality,
    audiotrack: row.audiotrack,
    format: row.format,
    stream_to: row.streamTo,
    playback_url: null,
    watch_refusal: null,
  };
}

/** GET /api/content/live/current_user/my_events: the events the user booked and those they follow. */
export async function myEvents(ctx: Pick<LiveContext, 'db'>, userId: number, locale: Locale): Promise<MyEvents> {
  const followedRows = await ctx.db
    .select({ event: liveEvents })
    .from(liveEventFollows)
    .innerJoin(liveEvents, eq(liveEvents.id, liveEventFollows.eventId))
    .where(and(eq(liveEventFollows.userId, userId), listed))
    .orderBy(...liveFirst);
  const bookedRows = await ctx.db
    .select()
    .from(liveEvents)
    .where(and(listed, or(inArray(liveEvents.id, bookedEventIds(ctx, userId)), inArray(liveEvents.id, openBookingEventIds(ctx, userId)))))
    .orderBy(...liveFirst);
  const followed = await eventViews(
    ctx,
    followedRows.map((row) => row.event),
    userId,
    locale,
  );
  const booked = await eventViews(ctx, bookedRows, userId, locale);
  return { count: myEventsCount({ booked_events: booked, followed_events: followed }), booked_events: booked, followed_events: followed };
}

/**
 * POST and DELETE …/events/{slug}/subscription: follow (when the live table lets the user: not a
 * client-only event of someone else's) or unfollow; doing it twice changes nothing.
 */
export async function follow(ctx: LiveContext, user: UserRow, slug: string, following: boolean, locale: Locale): Promise<LiveEvent> {
  const userId = user.id;
  const row = await visibleEvent(ctx, slug);
  if (following) await assertLiveAccess(ctx, user, row, 'follow');
  if (following)
    await ctx.db.insert(liveEventFollows).values({ userId, eventId: row.id, createdAt: ctx.clock.now() }).onConflictDoNothing();
  else await ctx.db.delete(liveEventFollows).where(and(eq(liveEventFollows.userId, userId), eq(liveEventFollows.eventId, row.id)));
  const [view] = await eventViews(ctx, [row], userId, locale);
  if (!view) throw eventNotFound();
  return view;
}

/** DELETE …/events/subscriptions/destroy_all: unfollow every event; answers how many were followed. */
export async function unfollowAll(ctx: Pick<LiveContext, 'db'>, userId: number): Promise<number> {
  const removed = await ctx.db
    .delete(liveEventFollows)
    .where(eq(liveEventFollows.userId, userId))
    .returning({ eventId: liveEventFollows.eventId });
  return removed.length;
}

/** A change of an event reaches every open page at once (spec §4), in English tag names. */
export async function announce(ctx: LiveContext, row: EventRow) {
  // Called once the change is committed: the dashboards every process keeps show it now.
  ctx.caches?.invalidate('catalogue');
  const eventTags = (await tagsOf(ctx, [row.id], 'en')).get(row.id) ?? [];
  ctx.broadcast(CHANNELS.liveEvents, LIVE_EVENTS_STREAM, { type: 'status_changed', live_event: updateView(row, eventTags) });
}

/**
 * The dashboard's live strip (spec §4 "Dashboard reading"): visible events still to come or going
 * on, not banned from the front page, by start.
 */
export async function dashboardEvents(
  ctx: Pick<LiveContext, 'db'>,
  userId: number | null,
  locale: Locale,
  limit = 8,
): Promise<LiveEvent[]> {
  const rows = await ctx.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.visible, true), eq(liveEvents.frontPageBan, false), inArray(liveEvents.status, [...UPCOMING_STATUSES])))
    .orderBy(asc(liveEvents.startAt), asc(liveEvents.id))
    .limit(limit);
  return eventViews(ctx, rows, userId, locale);
}

/** A tag landing's lives (spec §3 "Tag landing"): the tag's listed events, live first, and how many. */
export async function taggedEvents(
  ctx: Pick<LiveContext, 'db'>,
  tagId: number,
  userId: number | null,
  locale: Locale,
  limit = LIVE_PAGE_SIZE,
) {
  const tagged = and(
    listed,
    inArray(liveEvents.id, ctx.db.select({ id: liveEventTags.eventId }).from(liveEventTags).where(eq(liveEventTags.tagId, tagId))),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(liveEvents)
      .where(tagged)
      .orderBy(...liveFirst)
      .limit(limit),
    ctx.db.select({ n: count() }).from(liveEvents).where(tagged),
  ]);
  return { lives: await eventViews(ctx, rows, userId, locale), lives_count: total?.n ?? 0 };
}

/**
 * Search's live events (spec: content §2 "lives_count"): listed events whose title holds every word
 * of the text, live ones first, the first `limit` of them with their count.
 */
export async function livesMatching(
  ctx: Pick<LiveContext, 'db'>,
  text: string,
  userId: number | null,
  locale: Locale,
  limit = LIVE_PAGE_SIZE,
): Promise<{ lives: LiveEvent[]; lives_count: number }> {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return { lives: [], lives_count: 0 };
  const escape = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);
  const matching = and(listed, ...words.map((word) => ilike(liveEvents.title, `%${escape(word)}%`)));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(liveEvents)
      .where(matching)
      .orderBy(...liveFirst)
      .limit(limit),
    ctx.db.select({ n: count() }).from(liveEvents).where(matching),
  ]);
  return { lives: await eventViews(ctx, rows, userId, locale), lives_count: total?.n ?? 0 };
}
