import { and, eq } from 'drizzle-orm';
import type { LiveEventDetail } from '../../../common/live.ts';
import type { Locale } from '../../../common/locales.ts';
import { parseId } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, Invalid } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { agreements } from '../agreements/schema.ts';
import { billingCountry } from '../payments/billing.ts';
import { billingCountryMissing } from '../payments/orders.ts';
import { assertLiveAccess } from './access.ts';
import { bookedOf } from './booked.ts';
import { detailOf, eventNotFound, type EventRow } from './events.ts';
import { liveEvents } from './schema.ts';

/**
 * Booking a live event (spec: content §1, §4, §5; accounts §8): a signed-in customer with a billing
 * country accepts the privacy policy and gets a one-off licence for the event, for their company
 * when they have one, invoiced by the sales desk. It gives live access (common/access.ts) and puts
 * the event among my events' booked ones. Booking again answers the same licence.
 */
export type BookingsContext = Pick<ServiceContext, 'db' | 'clock'>;

const OVER = ['finished', 'terminated', 'canceled'];

async function bookableEvent(ctx: BookingsContext, idOrSlug: string): Promise<EventRow> {
  const id = parseId(idOrSlug);
  const [row] = await ctx.db
    .select()
    .from(liveEvents)
    .where(and(id === null ? eq(liveEvents.slug, idOrSlug) : eq(liveEvents.id, id), eq(liveEvents.visible, true)));
  if (!row) throw eventNotFound();
  if (OVER.includes(row.status)) throw new Conflict({ code: 'event_over', message: 'This event can no longer be booked' });
  return row;
}

export async function bookEvent(
  ctx: BookingsContext,
  user: UserRow,
  idOrSlug: string,
  booking: { privacy_accepted?: boolean; comment?: string },
  locale: Locale,
): Promise<{ event: LiveEventDetail; created: boolean }> {
  const event = await bookableEvent(ctx, idOrSlug);
  await assertLiveAccess(ctx, user, event, 'book');
  if (!booking.privacy_accepted)
    throw new Invalid({ code: 'privacy_required', field: 'booking.privacy_accepted', message: 'Please accept the Privacy Policy' });
  if (!(await billingCountry(ctx, user.id))) throw billingCountryMissing();
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    // One booking per customer and event, however many arrive at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (user.companyId) await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, user.companyId)).for('update');
    if ((await bookedOf({ db: tx }, [event.id], user.id)).has(event.id)) return false;
    await tx.insert(agreements).values({
      agreementType: 'one_off',
      status: 'active',
      liveAccess: true,
      vodAccess: false,
      liveEventId: event.id,
      ...(user.companyId ? { companyId: user.companyId } : { userId: user.id }),
      createdAt: now,
      updatedAt: now,
    });
    return true;
  });
  return { event: await detailOf(ctx, event, user.id, locale), created };
}
