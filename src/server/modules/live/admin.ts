import { eq, inArray } from 'drizzle-orm';
import type { LiveEventChanges, LiveEventConsole, LiveEventInput } from '../../../common/live.ts';
import { slugify } from '../../../common/slug.ts';
import { Conflict, Invalid } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { randomToken } from '../security/crypto.ts';
import { queuePush } from '../push/notify.ts';
import { queueStartingNotices } from './starting-notices.ts';
import { RECORD_QUEUE } from './recordings.ts';
import { tags } from '../catalogue/schema.ts';
import { announce, detailOf, eventNotFound, type EventRow, type LiveContext } from './events.ts';
import { liveEvents, liveEventTags } from './schema.ts';
import { raiseLiveStatus } from '../integration/webhook-events.ts';

/**
 * The newsroom console's calls (admins): create an event, change it; every change, a status change
 * above all, is broadcast on the live-events channel at once (spec §4).
 */
type Tx = Parameters<Parameters<LiveContext['db']['transaction']>[0]>[0];

const columns = (input: LiveEventChanges) => ({
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.status !== undefined ? { status: input.status } : {}),
  ...(input.start_at !== undefined ? { startAt: new Date(input.start_at) } : {}),
  ...(input.front_page_ban !== undefined ? { frontPageBan: input.front_page_ban } : {}),
  ...(input.visible !== undefined ? { visible: input.visible } : {}),
  ...(input.access !== undefined ? { access: input.access } : {}),
  ...(input.location !== undefined ? { location: input.location } : {}),
  ...(input.languages !== undefined ? { languages: input.languages } : {}),
  ...(input.quality !== undefined ? { quality: input.quality } : {}),
  ...(input.audiotrack !== undefined ? { audiotrack: input.audiotrack } : {}),
  ...(input.format !== undefined ? { format: input.format } : {}),
  ...(input.stream_to !== undefined ? { streamTo: input.stream_to } : {}),
  ...(input.booking_price_cents !== undefined ? { bookingPriceCents: input.booking_price_cents } : {}),
  // A picture's address given replaces an uploaded one.
  ...(input.image_url !== undefined ? { imageUrl: input.image_url, imageKey: null } : {}),
});

/** Files the event under the tags named; an unknown tag is a field error. */
async function fileUnder(tx: Tx, eventId: number, slugs: string[]) {
  const found = slugs.length === 0 ? [] : await tx.select({ id: tags.id, slug: tags.slug }).from(tags).where(inArray(tags.slug, slugs));
  const unknown = slugs.filter((slug) => !found.some((tag) => tag.slug === slug));
  if (unknown.length > 0) throw new Invalid({ code: 'tag_not_found', field: 'tag_slugs', message: `Unknown tags: ${unknown.join(', ')}` });
  await tx.delete(liveEventTags).where(eq(liveEventTags.eventId, eventId));
  if (found.length > 0) await tx.insert(liveEventTags).values(found.map((tag) => ({ eventId, tagId: tag.id })));
}

const slugTaken = () => new Conflict({ code: 'slug_taken', field: 'slug', message: 'Another live event has this slug' });

async function slugFree(tx: Tx, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.slug, slug));
  return !row || row.id === exceptId;
}

/** The title's slug, numbered when taken (`…-2`, `…-3`). */
async function freeSlugFor(tx: Tx, title: string): Promise<string> {
  const base = slugify(title) || 'live-event';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (await slugFree(tx, candidate)) return candidate;
  }
}

/**
 * What a caller adds to a change, inside its transaction: columns of its own (the desk's titles), a
 * check of the row as it was (under its lock), and a record of the change (the desk's audit log).
 */
export type ChangeHooks = {
  set?: Partial<typeof liveEvents.$inferInsert>;
  check?(before: EventRow): void;
  record?(tx: Tx, before: EventRow | null, after: EventRow): Promise<void>;
};

export async function createEvent(ctx: LiveContext, input: LiveEventInput, hooks: ChangeHooks = {}): Promise<LiveEventConsole> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const slug = input.slug ?? (await freeSlugFor(tx, input.title));
    if (input.slug && !(await slugFree(tx, input.slug))) throw slugTaken();
    const [made] = await tx
      .insert(liveEvents)
      .values({
        ...columns(input),
        title: input.title,
        status: input.status,
        startAt: new Date(input.start_at),
        slug,
        streamKey: randomToken(18),
        ...hooks.set,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!made) throw new Error('the live event was not recorded');
    await fileUnder(tx, made.id, input.tag_slugs);
    await hooks.record?.(tx, null, made);
    return made;
  });
  await announce(ctx, row);
  return consoleView(ctx, row);
}

/** The console's context: a finished event's recording is queued as a job. */
export type ConsoleContext = LiveContext & { jobs?: JobSender };

export async function updateEvent(
  ctx: ConsoleContext,
  id: number,
  changes: LiveEventChanges,
  hooks: ChangeHooks = {},
): Promise<LiveEventConsole> {
  let previous = null as EventRow['status'] | null;
  const row: EventRow = await ctx.db.transaction(async (tx) => {
    // Under the row's lock: a status change is judged against the status it replaces.
    const [before] = await tx.select().from(liveEvents).where(eq(liveEvents.id, id)).for('update');
    if (!before) throw eventNotFound();
    previous = before.status;
    hooks.check?.(before);
    if (changes.slug !== undefined && !(await slugFree(tx, changes.slug, id))) throw slugTaken();
    const [changed] = await tx
      .update(liveEvents)
      .set({
        ...columns(changes),
        ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
        ...hooks.set,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(liveEvents.id, id))
      .returning();
    if (!changed) throw eventNotFound();
    if (changes.tag_slugs !== undefined) await fileUnder(tx, id, changes.tag_slugs);
    await hooks.record?.(tx, before, changed);
    return changed;
  });
  await announce(ctx, row);
  if (previous !== row.status) await raiseLiveStatus(ctx, row, previous);
  if (changes.status === 'finished') await ctx.jobs?.send(RECORD_QUEUE, { eventId: row.id });
  if (changes.status === 'live') {
    await queuePush(ctx, { kind: 'live', id: row.id });
    await queueStartingNotices(ctx, row.id);
  }
  return consoleView(ctx, row);
}

/** What the console sees: the event page's data, and the key its publisher pushes with. */
export async function consoleView(ctx: LiveContext, row: EventRow): Promise<LiveEventConsole> {
  return {
    ...(await detailOf(ctx, row, null, 'en')),
    booking_price_cents: row.bookingPriceCents,
    stream_key: row.streamKey,
    srt_port: row.srtPort,
  };
}

export async function consoleEvent(ctx: LiveContext, id: number): Promise<LiveEventConsole> {
  const [row] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.id, id));
  if (!row) throw eventNotFound();
  return consoleView(ctx, row);
}
