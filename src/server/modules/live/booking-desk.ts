import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AssignmentChange } from '../../../common/desk-inbox.ts';
import type { LiveBookingState } from '../../../common/live.ts';
import type { DeskLiveBooking } from '../../../common/desk-live-bookings.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { assignItem, assigneeView, inboxFilters } from '../business/inbox.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { mailBooking, type BookingRow, type BookingsContext } from './bookings.ts';
import { liveBookings, liveEvents } from './schema.ts';

/**
 * The sales desk's side of live bookings (issue 28; the business desk's inbox will show them):
 * the list, and each pending booking confirmed (a one-off licence for the event, for the booker's
 * company when they had one) or declined with a reason told to the customer. Each decision is
 * taken once under the booking's row lock, written to the audit log, and mailed.
 */
const notFound = () => new NotFound({ code: 'booking_not_found', message: 'Booking not found' });
const decided = () => new Conflict({ code: 'booking_decided', message: 'This booking has been decided or canceled' });

/** How many bookings the list shows. */
const SHOWN = 300;
const holder = alias(users, 'holder');

/** The bookings `where` picks, with their events and customers, as the desk shows them. */
async function deskViews(ctx: Pick<BookingsContext, 'db'>, where: SQL | undefined, limit: number): Promise<DeskLiveBooking[]> {
  const rows = await ctx.db
    .select({ booking: liveBookings, event: liveEvents, user: users, company: companies.name, holder })
    .from(liveBookings)
    .innerJoin(liveEvents, eq(liveEvents.id, liveBookings.eventId))
    .innerJoin(users, eq(users.id, liveBookings.userId))
    .leftJoin(companies, eq(companies.id, liveBookings.companyId))
    .leftJoin(holder, eq(holder.id, liveBookings.assigneeId))
    .where(where)
    .orderBy(desc(sql`${liveBookings.state} = 'pending'`), desc(liveBookings.createdAt))
    .limit(limit);
  return rows.map(({ booking, event, user, company, holder: assignee }) => ({
    id: booking.id,
    state: booking.state,
    comment: booking.comment,
    price_cents: booking.priceCents,
    created_at: booking.createdAt.toISOString(),
    reason: booking.reason,
    decided_at: booking.decidedAt?.toISOString() ?? null,
    event: { id: event.id, slug: event.slug, title: event.title, start_at: event.startAt.toISOString(), status: event.status },
    customer: { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), company },
    assignee: assignee ? assigneeView(assignee) : null,
    desk_note: booking.deskNote,
  }));
}

/** GET /api/desk/live_bookings[?state&assignee]: the pending ones first, then the rest, newest first. */
export function listBookings(
  ctx: Pick<BookingsContext, 'db'>,
  actor: Actor,
  query: { state?: LiveBookingState; assignee?: 'me' | 'none' | number },
): Promise<DeskLiveBooking[]> {
  return deskViews(ctx, and(...inboxFilters({ state: liveBookings.state, assigneeId: liveBookings.assigneeId }, query, actor)), SHOWN);
}

/** PATCH /api/desk/live_bookings/{id}: who at the desk has the booking, and the desk's note. */
export async function assignBooking(ctx: BookingsContext, actor: Actor, id: number, change: AssignmentChange): Promise<DeskLiveBooking> {
  if (!(await assignItem(ctx, actor, { table: liveBookings, subject: 'live_booking', id }, change))) throw notFound();
  return one(ctx, id);
}

async function one(ctx: Pick<BookingsContext, 'db'>, id: number): Promise<DeskLiveBooking> {
  const [found] = await deskViews(ctx, eq(liveBookings.id, id), 1);
  if (!found) throw notFound();
  return found;
}

/** Decides a pending booking under its row lock, once: the licence when confirmed, the audit entry, the customer's e-mail. */
async function decide(
  ctx: BookingsContext,
  actor: Actor,
  id: number,
  verdict: { state: 'confirmed' | 'declined'; reason?: string },
): Promise<DeskLiveBooking> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(liveBookings).where(eq(liveBookings.id, id)).for('update');
    if (!booking) throw notFound();
    if (booking.state !== 'pending') throw decided();
    const [event] = await tx.select().from(liveEvents).where(eq(liveEvents.id, booking.eventId));
    const [user] = await tx.select().from(users).where(eq(users.id, booking.userId));
    if (!event || !user) throw notFound();
    let agreementId: number | null = null;
    if (verdict.state === 'confirmed') {
      const [licence] = await tx
        .insert(agreements)
        .values({
          agreementType: 'one_off',
          status: 'active',
          liveAccess: true,
          vodAccess: false,
          liveEventId: event.id,
          ...(booking.companyId ? { companyId: booking.companyId } : { userId: booking.userId }),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: agreements.id });
      agreementId = licence?.id ?? null;
    }
    const changes: Partial<BookingRow> = {
      state: verdict.state,
      decidedAt: now,
      decidedBy: actor.userId,
      agreementId,
      reason: verdict.reason ?? null,
    };
    await tx.update(liveBookings).set(changes).where(eq(liveBookings.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: `live_booking.${verdict.state === 'confirmed' ? 'confirm' : 'decline'}`,
        subject: 'live_event',
        subjectId: event.id,
        before: booking,
        after: { ...booking, ...changes },
      },
      now,
    );
    await mailBooking(ctx, tx, {
      event,
      priceCents: booking.priceCents,
      mailings: [
        {
          kind: verdict.state === 'confirmed' ? 'live_booking_confirmed' : 'live_booking_declined',
          to: user.email,
          locale: user.profileLocale,
          ...(verdict.reason
            ? { facts: [{ label: { en: 'Reason', es: 'Motivo', ru: 'Причина', ar: 'السبب' }[user.profileLocale], value: verdict.reason }] }
            : {}),
        },
      ],
    });
  });
  ctx.mailer.kick();
  return one(ctx, id);
}

/** POST /api/desk/live_bookings/{id}/confirmation */
export const confirmBooking = (ctx: BookingsContext, actor: Actor, id: number) => decide(ctx, actor, id, { state: 'confirmed' });

/** POST /api/desk/live_bookings/{id}/rejection `{reason}` */
export const declineBooking = (ctx: BookingsContext, actor: Actor, id: number, reason: string) =>
  decide(ctx, actor, id, { state: 'declined', reason });
