import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { liveBookings } from './schema.ts';

/** The events among `eventIds` the user, or their company, has booked: an active one-off licence for the event. */
export async function bookedOf(ctx: Pick<ServiceContext, 'db'>, eventIds: number[], userId: number | null): Promise<Set<number>> {
  if (userId === null || eventIds.length === 0) return new Set();
  const company = ctx.db.select({ id: users.companyId }).from(users).where(eq(users.id, userId));
  const rows = await ctx.db
    .select({ eventId: agreements.liveEventId })
    .from(agreements)
    .where(
      and(
        eq(agreements.agreementType, 'one_off'),
        eq(agreements.status, 'active'),
        inArray(agreements.liveEventId, eventIds),
        or(eq(agreements.userId, userId), inArray(agreements.companyId, company)),
      ),
    );
  return new Set(rows.flatMap((row) => (row.eventId === null ? [] : [row.eventId])));
}

/** The ids of the events the user, or their company, has booked, as a subquery. */
export function bookedEventIds(ctx: Pick<ServiceContext, 'db'>, userId: number) {
  const company = ctx.db.select({ id: users.companyId }).from(users).where(eq(users.id, userId));
  return ctx.db
    .select({ id: agreements.liveEventId })
    .from(agreements)
    .where(
      and(
        eq(agreements.agreementType, 'one_off'),
        eq(agreements.status, 'active'),
        or(eq(agreements.userId, userId), inArray(agreements.companyId, company)),
      ),
    );
}

/**
 * The state of the user's (or their company's) open booking of each of `eventIds` (issue 28):
 * waiting for the desk, or confirmed; a licence made before bookings waited counts as confirmed.
 */
export async function bookingStatesOf(
  ctx: Pick<ServiceContext, 'db'>,
  eventIds: number[],
  userId: number | null,
): Promise<Map<number, 'pending' | 'confirmed'>> {
  const states = new Map<number, 'pending' | 'confirmed'>();
  if (userId === null || eventIds.length === 0) return states;
  const company = ctx.db.select({ id: users.companyId }).from(users).where(eq(users.id, userId));
  const rows = await ctx.db
    .select({ eventId: liveBookings.eventId, state: liveBookings.state })
    .from(liveBookings)
    .where(
      and(
        inArray(liveBookings.eventId, eventIds),
        inArray(liveBookings.state, ['pending', 'confirmed']),
        or(eq(liveBookings.userId, userId), inArray(liveBookings.companyId, company)),
      ),
    )
    .orderBy(desc(liveBookings.createdAt));
  for (const row of rows)
    if (!states.has(row.eventId) && (row.state === 'pending' || row.state === 'confirmed')) states.set(row.eventId, row.state);
  for (const eventId of await bookedOf(ctx, eventIds, userId)) if (!states.has(eventId)) states.set(eventId, 'confirmed');
  return states;
}

/** The ids of the events the user, or their company, has asked to book and not canceled, as a subquery. */
export function openBookingEventIds(ctx: Pick<ServiceContext, 'db'>, userId: number) {
  const company = ctx.db.select({ id: users.companyId }).from(users).where(eq(users.id, userId));
  return ctx.db
    .select({ id: liveBookings.eventId })
    .from(liveBookings)
    .where(
      and(
        inArray(liveBookings.state, ['pending', 'confirmed']),
        or(eq(liveBookings.userId, userId), inArray(liveBookings.companyId, company)),
      ),
    );
}
