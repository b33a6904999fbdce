import { and, eq, inArray, or } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';

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
