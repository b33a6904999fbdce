import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  STUDIO_BOOKING_MOVES,
  STUDIO_BOOKING_TOLD,
  type DeskStudioBooking,
  type InboxChange,
  type StudioBookingState,
} from '../../../common/desk-inbox.ts';
import { NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { broadcastBookings as b, broadcastTowns as town } from '../broadcast/schema.ts';
import type { Actor } from '../desk/audit.ts';
import { renderMail } from '../mail/templates.ts';
import { jobTitles } from '../reference/schema.ts';
import { assigneeView, changeItem, inboxFilters, openFirst } from './inbox.ts';
import type { InboxContext } from './world-exclusive-desk.ts';

/**
 * The studio bookings inbox (issue 29): the broadcast services form's bookings, the open ones
 * first; the desk confirms or declines a new one and may cancel a confirmed one, and whoever booked
 * is mailed each of those moves with the desk's message, in the language they booked in.
 */
const SHOWN = 300;
const FINAL: StudioBookingState[] = ['declined', 'canceled'];
const holder = alias(users, 'holder');
const notFound = () => new NotFound({ code: 'booking_not_found', message: 'Studio booking not found' });

async function views(ctx: Pick<InboxContext, 'db'>, where: ReturnType<typeof and>, limit: number): Promise<DeskStudioBooking[]> {
  const rows = await ctx.db
    .select({ booking: b, town: { id: town.id, slug: town.slug, names: town.names }, title: jobTitles.names, holder })
    .from(b)
    .innerJoin(town, eq(town.id, b.townId))
    .leftJoin(jobTitles, eq(jobTitles.id, b.jobTitleId))
    .leftJoin(holder, eq(holder.id, b.assigneeId))
    .where(where)
    .orderBy(asc(openFirst(b.state, FINAL)), asc(b.date), desc(b.id))
    .limit(limit);
  return rows.map(({ booking, town: studio, title, holder: assignee }) => ({
    id: booking.id,
    state: booking.state,
    studio: { id: studio.id, slug: studio.slug, name: studio.names.en },
    name: `${booking.firstName} ${booking.lastName}`.trim(),
    email: booking.email,
    phone: booking.phone,
    company: booking.company,
    job_title: title?.en ?? '',
    date: booking.date,
    details: booking.details,
    locale: booking.locale,
    assignee: assignee ? assigneeView(assignee) : null,
    desk_note: booking.deskNote,
    state_changed_at: booking.stateChangedAt?.toISOString() ?? null,
    created_at: booking.createdAt.toISOString(),
  }));
}

/** GET /api/desk/studio_bookings[?state&assignee]: open ones first, by the day asked for. */
export function listStudioBookings(
  ctx: Pick<InboxContext, 'db'>,
  actor: Actor,
  query: { state?: StudioBookingState; assignee?: 'me' | 'none' | number },
): Promise<DeskStudioBooking[]> {
  return views(ctx, and(...inboxFilters({ state: b.state, assigneeId: b.assigneeId }, query, actor)), SHOWN);
}

/** PATCH /api/desk/studio_bookings/{id}: a move, an assignee or a note, once, under the row lock. */
export async function changeStudioBooking(
  ctx: InboxContext,
  actor: Actor,
  id: number,
  change: InboxChange<StudioBookingState>,
): Promise<DeskStudioBooking> {
  const item = { table: b, subject: 'studio_booking' as const, id, moves: STUDIO_BOOKING_MOVES };
  const found = await changeItem(ctx, actor, item, change, async (tx, before: typeof b.$inferSelect, next) => {
    if (!STUDIO_BOOKING_TOLD.includes(next)) return;
    const [studio] = await tx.select({ names: town.names }).from(town).where(eq(town.id, before.townId));
    const what = `${studio?.names[before.locale] ?? studio?.names.en ?? ''} — ${before.date}`;
    await ctx.mailer.enqueue(
      tx,
      renderMail(`studio_booking_${next as 'confirmed' | 'declined' | 'canceled'}`, before.locale, before.email, {
        item: what,
        reason: change.message ?? '',
      }),
    );
  });
  if (!found) throw notFound();
  ctx.mailer.kick();
  const [view] = await views(ctx, eq(b.id, id), 1);
  if (!view) throw notFound();
  return view;
}
