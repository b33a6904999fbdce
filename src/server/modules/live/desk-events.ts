import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import {
  canMoveTo,
  DESK_EVENTS_PAGE_SIZE,
  LIVE_STATUS_TRANSITIONS,
  type DeskEvent,
  type DeskEventChanges,
  type DeskEventInput,
  type DeskEventPeople,
  type DeskEventsPage,
} from '../../../common/live-desk.ts';
import type { LiveEventStatus } from '../../../common/live.ts';
import { Conflict } from '../../http/errors.ts';
import { randomToken } from '../security/crypto.ts';
import { companies, users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { consoleView, createEvent, updateEvent, type ChangeHooks, type ConsoleContext } from './admin.ts';
import { announce, eventNotFound, type EventRow } from './events.ts';
import { liveEvents, liveTargets } from './schema.ts';

/**
 * The live producer's desk over the live services (admin.ts): every change goes through the
 * console's createEvent and updateEvent, with the desk's titles, the status table of
 * common/live-desk.ts judged under the row's lock, and the audit entry in the same transaction.
 */
export type DeskLiveContext = ConsoleContext & {
  /** Where publishers push: the host name and the ingest's RTMP port (null: no ingest). */
  ingest: { host: string; rtmpPort: number | null };
};

/** What the audit log keeps of an event: the fields the desk writes (never the stream key itself). */
function audited(row: EventRow) {
  return {
    title: row.title,
    titles: row.titles,
    status: row.status,
    start_at: row.startAt,
    access: row.access,
    visible: row.visible,
    front_page_ban: row.frontPageBan,
    location: row.location,
    languages: row.languages,
    quality: row.quality,
    image: row.imageKey ?? row.imageUrl,
  };
}

const recorder =
  (actor: Actor, action: string, now: Date): ChangeHooks['record'] =>
  (tx, before, after) =>
    recordAudit(
      tx,
      actor,
      { action, subject: 'live_event', subjectId: after.id, before: before ? audited(before) : null, after: audited(after) },
      now,
    );

export async function deskEventView(ctx: DeskLiveContext, row: EventRow): Promise<DeskEvent> {
  const view = await consoleView(ctx, row);
  const { host, rtmpPort } = ctx.ingest;
  return {
    ...view,
    title: row.title,
    titles: { en: row.title, es: row.titles.es ?? '', ru: row.titles.ru ?? '', ar: row.titles.ar ?? '' },
    rtmp_url: rtmpPort === null || !row.streamKey ? null : `rtmp://${host}:${rtmpPort}/live/${row.streamKey}`,
    srt_url: row.srtPort === null || !row.streamKey ? null : `srt://${host}:${row.srtPort}?passphrase=${row.streamKey}`,
    next_statuses: [...LIVE_STATUS_TRANSITIONS[row.status]],
    updated_at: row.updatedAt.toISOString(),
  };
}

async function rowOf(ctx: Pick<DeskLiveContext, 'db'>, id: number): Promise<EventRow> {
  const [row] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.id, id));
  if (!row) throw eventNotFound();
  return row;
}

export async function deskEvent(ctx: DeskLiveContext, id: number): Promise<DeskEvent> {
  return deskEventView(ctx, await rowOf(ctx, id));
}

/** GET /api/desk/live/events: every event, hidden and gone ones too, by status and start date. */
export async function listDeskEvents(
  ctx: Pick<DeskLiveContext, 'db'>,
  query: { status?: LiveEventStatus[]; from?: string; to?: string; q?: string; page: number },
): Promise<DeskEventsPage> {
  const filters: SQL[] = [];
  if (query.status?.length) filters.push(inArray(liveEvents.status, query.status));
  if (query.from) filters.push(gte(liveEvents.startAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(liveEvents.startAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.q) filters.push(ilike(liveEvents.title, `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`));
  const where = and(...filters);
  const [total] = await ctx.db.select({ n: count() }).from(liveEvents).where(where);
  const rows = await ctx.db
    .select()
    .from(liveEvents)
    .where(where)
    .orderBy(desc(liveEvents.startAt), desc(liveEvents.id))
    .limit(DESK_EVENTS_PAGE_SIZE)
    .offset((query.page - 1) * DESK_EVENTS_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    events: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      status: row.status,
      start_at: row.startAt.toISOString(),
      access: row.access,
      visible: row.visible,
    })),
    count: n,
    page: query.page,
    pages: Math.max(1, Math.ceil(n / DESK_EVENTS_PAGE_SIZE)),
  };
}

const otherTitles = (titles: Partial<DeskEventInput['titles']>) => ({
  ...(titles.es ? { es: titles.es } : {}),
  ...(titles.ru ? { ru: titles.ru } : {}),
  ...(titles.ar ? { ar: titles.ar } : {}),
});

export async function createDeskEvent(ctx: DeskLiveContext, actor: Actor, input: DeskEventInput): Promise<DeskEvent> {
  const { titles, ...fields } = input;
  const made = await createEvent(
    ctx,
    {
      ...fields,
      title: titles.en,
      status: 'confirmed',
      audiotrack: '',
      format: '',
      stream_to: [],
      image_url: null,
    },
    { set: { titles: otherTitles(titles) }, record: recorder(actor, 'live_event.create', ctx.clock.now()) },
  );
  return deskEvent(ctx, made.id);
}

export async function updateDeskEvent(ctx: DeskLiveContext, actor: Actor, id: number, changes: DeskEventChanges): Promise<DeskEvent> {
  const { titles, ...fields } = changes;
  let set: ChangeHooks['set'];
  if (titles) {
    const current = await rowOf(ctx, id);
    set = { titles: otherTitles({ ...current.titles, ...titles }) };
  }
  const changed = await updateEvent(
    ctx,
    id,
    { ...fields, ...(titles?.en ? { title: titles.en } : {}) },
    { set, record: recorder(actor, 'live_event.update', ctx.clock.now()) },
  );
  return deskEvent(ctx, changed.id);
}

/**
 * POST …/events/{id}/status: a move the status table allows from the status the event has now
 * (judged under the row's lock, so two producers pressing at once cannot both move it); going live
 * pushes the followers and finishing queues the recording, as the console's change does.
 */
export async function changeDeskStatus(ctx: DeskLiveContext, actor: Actor, id: number, status: LiveEventStatus): Promise<DeskEvent> {
  const changed = await updateEvent(
    ctx,
    id,
    { status },
    {
      check: (before) => {
        if (!canMoveTo(before.status, status))
          throw new Conflict({
            code: 'status_transition_refused',
            field: 'status',
            message: `A ${before.status} event cannot become ${status}`,
          });
      },
      record: recorder(actor, 'live_event.status', ctx.clock.now()),
    },
  );
  return deskEvent(ctx, changed.id);
}

/** POST …/events/{id}/stream_key: a new key; the old one is refused from the next connection on. */
export async function regenerateStreamKey(ctx: DeskLiveContext, actor: Actor, id: number): Promise<DeskEvent> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(liveEvents)
      .set({ streamKey: randomToken(18), updatedAt: now })
      .where(eq(liveEvents.id, id))
      .returning();
    if (!changed) throw eventNotFound();
    // The key is a secret: the log says it changed, not what it is.
    await recordAudit(tx, actor, { action: 'live_event.stream_key', subject: 'live_event', subjectId: id }, now);
    return changed;
  });
  return deskEventView(ctx, row);
}

/** The picture changed through the console's event-images code; the desk records it and tells open pages. */
export async function recordPictureChange(ctx: DeskLiveContext, actor: Actor, before: EventRow, after: EventRow): Promise<DeskEvent> {
  await recordAudit(
    ctx.db,
    actor,
    { action: 'live_event.picture', subject: 'live_event', subjectId: after.id, before: audited(before), after: audited(after) },
    ctx.clock.now(),
  );
  await announce(ctx, after);
  return deskEventView(ctx, after);
}

export { rowOf as deskEventRow };

/** GET …/events/{id}/people: the event's bookings (one-off licences) and the customers' restream targets. */
export async function eventPeople(ctx: Pick<DeskLiveContext, 'db'>, id: number): Promise<DeskEventPeople> {
  await rowOf(ctx, id);
  const bookings = await ctx.db
    .select({
      id: agreements.id,
      status: agreements.status,
      createdAt: agreements.createdAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: companies.name,
    })
    .from(agreements)
    .leftJoin(users, eq(users.id, agreements.userId))
    .leftJoin(companies, eq(companies.id, agreements.companyId))
    .where(and(eq(agreements.liveEventId, id), eq(agreements.agreementType, 'one_off')))
    .orderBy(asc(agreements.id));
  const targets = await ctx.db
    .select({ target: liveTargets, email: users.email })
    .from(liveTargets)
    .innerJoin(users, eq(users.id, liveTargets.userId))
    .where(eq(liveTargets.eventId, id))
    .orderBy(asc(liveTargets.id));
  return {
    bookings: bookings.map((row) => ({
      id: row.id,
      customer: {
        id: row.userId,
        email: row.email,
        name: row.userId === null ? '' : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
      },
      company: row.company,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    targets: targets.map(({ target, email }) => ({
      id: target.id,
      kind: target.kind,
      url: target.url,
      state: target.state,
      customer: { id: target.userId, email },
      created_at: target.createdAt.toISOString(),
    })),
  };
}
