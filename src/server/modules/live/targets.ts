import { createHmac } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { LiveAction } from '../../../common/access.ts';
import { MAX_TARGETS_PER_EVENT, splitStreamUrl, type LiveTarget, type LiveTargetInput } from '../../../common/live.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid, NotFound, QuotaExceeded } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { assertLiveAccess, liveRefusal } from './access.ts';
import { encrypt } from '../security/crypto.ts';
import { visibleEvent, type EventRow } from './events.ts';
import { vetTargetUrl } from './restream-destination.ts';
import { pullUrl } from './stream.ts';
import { liveEvents, liveTargets } from './schema.ts';
import { checkReceiver, type TvuDirectory } from './tvu.ts';

/**
 * Restream targets and stream tokens (spec §7): a customer entitled to an event (free events for
 * registered users; others under a booking or an agreement with live access, common/access.ts)
 * sends it on to their own platforms, up to five targets per event, and pulls it by language.
 */
export type TargetsContext = Pick<ServiceContext, 'db' | 'clock' | 'secret' | 'outbound'>;
type TargetRow = typeof liveTargets.$inferSelect;

const TOKEN_TTL_MS = 6 * 3600_000;
const targetNotFound = () => new NotFound({ code: 'target_not_found', message: 'Stream target not found' });

/**
 * A target as its owner sees it. An HLS pull target has no address of the customer's: its `url` is
 * ours, the event's signed playlist (`pull`), given while the owner is entitled to the event.
 */
function targetView(row: TargetRow, pull: string | null): LiveTarget {
  return {
    id: row.id,
    event_id: row.eventId,
    kind: row.kind,
    url: row.kind === 'hls_full_hd' ? pull : row.url,
    stream_key_set: row.streamKeyEncrypted !== null,
    tvu_receiver: row.tvuReceiver,
    state: row.state,
    created_at: row.createdAt.toISOString(),
  };
}

/** The visible event, if the user may watch (or restream) it: else 403 (live_access_required, clients_only). */
export async function entitledEvent(ctx: TargetsContext, user: UserRow, slug: string, action: LiveAction = 'watch'): Promise<EventRow> {
  const event = await visibleEvent(ctx, slug);
  await assertLiveAccess(ctx, user, event, action);
  return event;
}

export async function listTargets(ctx: TargetsContext, user: UserRow, slug: string): Promise<LiveTarget[]> {
  const event = await entitledEvent(ctx, user, slug, 'restream');
  const rows = await ctx.db
    .select()
    .from(liveTargets)
    .where(and(eq(liveTargets.userId, user.id), eq(liveTargets.eventId, event.id)))
    .orderBy(asc(liveTargets.id));
  const pull = pullUrl(ctx.secret, event.id, event.startAt, ctx.clock.now());
  return rows.map((row) => targetView(row, pull));
}

/** Adds a target; the count and the insert decide under the user's row lock, so five at once stay five. */
export async function addTarget(
  ctx: TargetsContext & { tvu: TvuDirectory },
  user: UserRow,
  slug: string,
  input: LiveTargetInput,
): Promise<LiveTarget> {
  const event = await entitledEvent(ctx, user, slug, 'restream');
  if (input.kind === 'tvu') await checkReceiver(ctx.tvu, user, input.tvu_receiver ?? '');
  // The platform will connect there: a listener, or an address the outbound policy refuses, is refused now.
  else if (input.kind !== 'hls_full_hd' && input.url) await vetTargetUrl(ctx, input.kind, input.url);
  // Facebook's Live API stream URL carries the stream key: kept apart, encrypted, as any key is.
  const address = input.kind === 'facebook_api' && input.url ? splitStreamUrl(input.url) : { url: input.url, stream_key: input.stream_key };
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(liveTargets)
      .where(and(eq(liveTargets.userId, user.id), eq(liveTargets.eventId, event.id)));
    if ((held?.n ?? 0) >= MAX_TARGETS_PER_EVENT)
      throw new QuotaExceeded({ code: 'targets_limit', message: `You can stream an event to at most ${MAX_TARGETS_PER_EVENT} targets` });
    const [made] = await tx
      .insert(liveTargets)
      .values({
        eventId: event.id,
        userId: user.id,
        kind: input.kind,
        url: input.kind === 'hls_full_hd' || input.kind === 'tvu' ? null : (address.url ?? null),
        streamKeyEncrypted: address.stream_key ? encrypt(address.stream_key, ctx.secret) : null,
        tvuReceiver: input.kind === 'tvu' ? (input.tvu_receiver ?? null) : null,
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!made) throw new Error('the target was not recorded');
    return made;
  });
  return targetView(row, pullUrl(ctx.secret, event.id, event.startAt, ctx.clock.now()));
}

async function ownTarget(ctx: TargetsContext, userId: number, id: number): Promise<TargetRow> {
  const [row] = await ctx.db
    .select()
    .from(liveTargets)
    .where(and(eq(liveTargets.id, id), eq(liveTargets.userId, userId)));
  if (!row) throw targetNotFound();
  return row;
}

/** One of the user's targets; an HLS pull target's link only while the user may still restream the event. */
export async function getTarget(ctx: TargetsContext, user: UserRow, id: number): Promise<LiveTarget> {
  const row = await ownTarget(ctx, user.id, id);
  if (row.kind !== 'hls_full_hd') return targetView(row, null);
  const [event] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.id, row.eventId));
  const entitled = event?.visible && (await liveRefusal(ctx, user, event, 'restream')) === null;
  return targetView(row, entitled && event ? pullUrl(ctx.secret, event.id, event.startAt, ctx.clock.now()) : null);
}

export async function deleteTarget(ctx: TargetsContext, userId: number, id: number): Promise<void> {
  const removed = await ctx.db
    .delete(liveTargets)
    .where(and(eq(liveTargets.id, id), eq(liveTargets.userId, userId)))
    .returning({ id: liveTargets.id });
  if (removed.length === 0) throw targetNotFound();
}

/** A signed token to pull the event in one of its languages, valid six hours. */
export async function streamToken(ctx: TargetsContext, user: UserRow, slug: string, language: string) {
  const event = await entitledEvent(ctx, user, slug, 'restream');
  if (!event.languages.includes(language))
    throw new Invalid({ code: 'language_not_offered', field: 'language_id', message: 'The event is not broadcast in this language' });
  const expires = ctx.clock.now().getTime() + TOKEN_TTL_MS;
  const claim = `${event.id}.${user.id}.${language}.${expires}`;
  const signature = createHmac('sha256', ctx.secret).update(`live-token:${claim}`).digest('base64url');
  return {
    token: `${Buffer.from(claim).toString('base64url')}.${signature}`,
    language_id: language,
    expires_at: new Date(expires).toISOString(),
  };
}
