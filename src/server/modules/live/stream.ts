import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte, notInArray } from 'drizzle-orm';
import { GONE_STATUSES, LIVE_FEED_OPENS_MINUTES, UPCOMING_STATUSES } from '../../../common/live.ts';
import type { ServiceContext } from '../../context.ts';
import { TooManyRequests } from '../../http/errors.ts';
import { consume, refund, type RateLimit } from '../security/rate-limit.ts';
import { announce, type LiveContext } from './events.ts';
import { queuePush } from '../push/notify.ts';
import { queueStartingNotices } from './starting-notices.ts';
import { liveEvents } from './schema.ts';
import { raiseLiveStatus } from '../integration/webhook-events.ts';

/**
 * The live picture between the ingest and the player (ARCHITECTURE "Live video"): which stream key
 * may publish now, what publishing does to the event, where an event's HLS session is, and the
 * signed, expiring links the player follows.
 */
const PLAYBACK_TTL_MS = 2 * 3600_000;

/**
 * Wrong stream keys from one client, counted as failed sign-ins are (spec accounts §8): in the
 * database, so the count holds across processes. Past the limit no key from that client is even
 * looked up until the window is over, so guessing gains nothing and costs one statement.
 */
export const WRONG_STREAM_KEYS_PER_CLIENT: RateLimit = { name: 'wrong_stream_keys', limit: 20, windowSeconds: 600 };

/**
 * The event a publisher's key is good for now, from 15 minutes before the start until it finishes
 * (spec §9), or null. Each attempt takes a slot of the client's budget of wrong keys before the key
 * is looked at; a key accepted gives it back. A key outside its window counts as wrong.
 */
export async function authorizePublisher(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: { key: string; client: string },
): Promise<{ eventId: number } | null> {
  const slot = await consume(ctx.db, WRONG_STREAM_KEYS_PER_CLIENT, input.client, ctx.clock.now()).catch((error: unknown) => {
    if (error instanceof TooManyRequests) return null;
    throw error;
  });
  if (!slot) return null;
  const event = await eventPublishingNow(ctx, input.key);
  if (event) await refund(ctx.db, slot);
  return event;
}

async function eventPublishingNow(ctx: Pick<ServiceContext, 'db' | 'clock'>, key: string): Promise<{ eventId: number } | null> {
  if (key.length < 16) return null;
  const [event] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.streamKey, key));
  if (!event || [...GONE_STATUSES, 'finished'].includes(event.status)) return null;
  const opens = event.startAt.getTime() - LIVE_FEED_OPENS_MINUTES * 60_000;
  return ctx.clock.now().getTime() >= opens ? { eventId: event.id } : null;
}

/** The events whose publishers may push now, with their keys: the SRT ingest listens for each. */
export async function eventsThatMayPublish(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<{ eventId: number; streamKey: string }[]> {
  const opens = new Date(ctx.clock.now().getTime() + LIVE_FEED_OPENS_MINUTES * 60_000);
  const rows = await ctx.db
    .select({ eventId: liveEvents.id, streamKey: liveEvents.streamKey })
    .from(liveEvents)
    .where(
      and(isNotNull(liveEvents.streamKey), notInArray(liveEvents.status, [...GONE_STATUSES, 'finished']), lte(liveEvents.startAt, opens)),
    );
  return rows.flatMap((row) => (row.streamKey ? [{ eventId: row.eventId, streamKey: row.streamKey }] : []));
}

/**
 * Where the event's SRT listener listens now, for the console; or that it stopped listening on
 * `previous` (a port another ingest owner has given the event since is left as it is).
 */
export async function recordSrtPort(ctx: Pick<ServiceContext, 'db'>, eventId: number, port: number | null, previous?: number) {
  const where =
    port === null && previous !== undefined
      ? and(eq(liveEvents.id, eventId), eq(liveEvents.srtPort, previous))
      : eq(liveEvents.id, eventId);
  await ctx.db.update(liveEvents).set({ srtPort: port }).where(where);
}

/** The picture arrived: an event still to come goes live, and every open page hears it. */
export async function wentLive(ctx: LiveContext, eventId: number) {
  const [row] = await ctx.db
    .update(liveEvents)
    .set({ status: 'live', updatedAt: ctx.clock.now() })
    .where(and(eq(liveEvents.id, eventId), inArray(liveEvents.status, [...UPCOMING_STATUSES])))
    .returning();
  if (row) {
    await announce(ctx, row);
    await raiseLiveStatus(ctx, row, null);
    await queuePush(ctx, { kind: 'live', id: row.id });
    await queueStartingNotices(ctx, row.id);
  }
}

const signatureOf = (secret: string, eventId: number, expires: number) =>
  createHmac('sha256', secret).update(`live-playback:${eventId}:${expires}`).digest('base64url');

/** The player's link to the event's playlist, valid two hours; its segments carry the same signature. */
export function playbackUrl(secret: string, eventId: number, now: Date): string {
  const expires = now.getTime() + PLAYBACK_TTL_MS;
  return `/live/${eventId}/index.m3u8?expires=${expires}&sig=${signatureOf(secret, eventId, expires)}`;
}

/** How long an HLS pull target's link lasts from the event's start: a live event runs hours, not a day. */
const PULL_LINK_MS = 24 * 3600_000;

/**
 * The link an HLS pull target (`hls_full_hd`) gives its owner to set up in their own system: the
 * event's playlist signed as the player's is, but until a day after the start (and at least the
 * player's two hours from now), so the link is the same each time the list is read during the event.
 */
export function pullUrl(secret: string, eventId: number, startAt: Date, now: Date): string {
  const expires = Math.max(startAt.getTime() + PULL_LINK_MS, now.getTime() + PLAYBACK_TTL_MS);
  return `/live/${eventId}/index.m3u8?expires=${expires}&sig=${signatureOf(secret, eventId, expires)}`;
}

/** 'ok', or why a playback link is refused: tampered ('invalid') or too old ('expired'). */
export function checkPlayback(secret: string, eventId: number, expires: number, sig: string, now: Date): 'ok' | 'invalid' | 'expired' {
  const expected = Buffer.from(signatureOf(secret, eventId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires < now.getTime() ? 'expired' : 'ok';
}

/** The playlist with each segment's address under its session and signed as the playlist's was. */
export function signedPlaylist(playlist: string, sessionId: string, query: string): string {
  return playlist
    .split('\n')
    .map((line) => (line && !line.startsWith('#') ? `${sessionId}/${line}?${query}` : line))
    .join('\n');
}
