import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { UPCOMING_STATUSES, type LiveBooking, type LiveBookingQuote, type LiveEventDetail } from '../../../common/live.ts';
import type { Locale } from '../../../common/locales.ts';
import { parseId } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { agreements } from '../agreements/schema.ts';
import { renderMail } from '../mail/templates.ts';
import type { LiveBookingMailKind } from '../mail/texts.ts';
import { billingCountry } from '../payments/billing.ts';
import { billingCountryMissing } from '../payments/orders.ts';
import { assertLiveAccess, liveRefusal } from './access.ts';
import { bookedOf } from './booked.ts';
import { detailOf, eventNotFound, type EventRow } from './events.ts';
import { liveBookings, liveEvents } from './schema.ts';

/**
 * Booking a live event (spec: content §1, §4, §5; issue 28): a signed-in customer with a billing
 * country sees the price first (or that their agreements cover the event), accepts the privacy
 * policy and asks, with a note for the desk. The booking waits for the sales desk (booking-desk.ts),
 * which confirms it (a one-off licence for the event, for the customer's company when they have
 * one: live access) or declines it; the customer may cancel it until the event starts. The customer
 * and the sales desk are mailed at each step. Asking again while a booking is open answers it.
 */
export type BookingsContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer'> & { salesEmail: string; publicOrigin: string };
export type BookingRow = typeof liveBookings.$inferSelect;

const OVER = ['finished', 'terminated', 'canceled'];
const OPEN = ['pending', 'confirmed'] as const;

async function bookableEvent(ctx: Pick<BookingsContext, 'db'>, idOrSlug: string): Promise<EventRow> {
  const id = parseId(idOrSlug);
  const [row] = await ctx.db
    .select()
    .from(liveEvents)
    .where(and(id === null ? eq(liveEvents.slug, idOrSlug) : eq(liveEvents.id, id), eq(liveEvents.visible, true)));
  if (!row) throw eventNotFound();
  if (OVER.includes(row.status)) throw new Conflict({ code: 'event_over', message: 'This event can no longer be booked' });
  return row;
}

/** What booking costs this customer: nothing when their agreements already let them watch it, else the event's price. */
export async function bookingQuote(ctx: Pick<BookingsContext, 'db' | 'clock'>, user: UserRow, event: EventRow): Promise<LiveBookingQuote> {
  const covered = (await liveRefusal(ctx, user, event, 'watch')) === null;
  return { price_cents: covered ? null : event.bookingPriceCents, currency: 'EUR' };
}

/** The booker's own bookings and their company's, newest first. */
function bookingsOf(ctx: Pick<BookingsContext, 'db'>, user: UserRow, eventIds: number[]) {
  return ctx.db
    .select()
    .from(liveBookings)
    .where(
      and(
        inArray(liveBookings.eventId, eventIds),
        user.companyId
          ? or(eq(liveBookings.userId, user.id), eq(liveBookings.companyId, user.companyId))
          : eq(liveBookings.userId, user.id),
      ),
    )
    .orderBy(desc(liveBookings.createdAt), desc(liveBookings.id));
}

const started = (event: EventRow, now: Date) =>
  !UPCOMING_STATUSES.includes(event.status as never) || event.status === 'live' || event.startAt <= now;

export function bookingView(row: BookingRow, event: EventRow, now: Date): LiveBooking {
  return {
    id: row.id,
    state: row.state,
    comment: row.comment,
    price_cents: row.priceCents,
    created_at: row.createdAt.toISOString(),
    reason: row.reason,
    can_cancel: (row.state === 'pending' || row.state === 'confirmed') && !started(event, now),
  };
}

/** The event page's booking part for a signed-in caller: their latest booking and what a booking would cost. */
export async function bookingPart(
  ctx: Pick<BookingsContext, 'db' | 'clock'>,
  user: UserRow,
  event: EventRow,
): Promise<Pick<LiveEventDetail, 'booking' | 'booking_quote'>> {
  const [latest] = await bookingsOf(ctx, user, [event.id]);
  const bookable = !OVER.includes(event.status) && (await liveRefusal(ctx, user, event, 'book')) === null;
  return {
    booking: latest ? bookingView(latest, event, ctx.clock.now()) : null,
    booking_quote: bookable ? await bookingQuote(ctx, user, event) : null,
  };
}

/** "€250.00" in the reader's language, or that their agreements cover it. */
export function priceText(priceCents: number | null, locale: Locale): string {
  if (priceCents === null)
    return { en: 'covered by your agreements', es: 'incluido en tus acuerdos', ru: 'входит в ваши соглашения', ar: 'مشمول باتفاقياتك' }[
      locale
    ];
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(priceCents / 100);
}

type Mailing = { kind: LiveBookingMailKind; to: string; locale: Locale; facts?: { label: string; value: string }[]; name?: string };

/** The e-mails of a step, written with the step's change (the outbox sends them once it is committed). */
export async function mailBooking(
  ctx: Pick<BookingsContext, 'mailer' | 'publicOrigin'>,
  tx: Parameters<BookingsContext['mailer']['enqueue']>[0],
  input: { event: EventRow; priceCents: number | null; mailings: Mailing[] },
) {
  for (const mailing of input.mailings) {
    const when = new Intl.DateTimeFormat(mailing.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      input.event.startAt,
    );
    await ctx.mailer.enqueue(
      tx,
      renderMail(mailing.kind, mailing.locale, mailing.to, {
        item: `${input.event.title} (${when} UTC)`,
        amount: priceText(input.priceCents, mailing.locale),
        link: `${ctx.publicOrigin}/${mailing.locale}/events/${input.event.slug}`,
        ...(mailing.name ? { name: mailing.name } : {}),
        ...(mailing.facts ? { facts: mailing.facts } : {}),
      }),
    );
  }
}

/** The facts of a booking for the sales desk's notice. */
export function deskFacts(input: { user: UserRow; company: string | null; event: EventRow; booking: BookingRow }) {
  return [
    { label: 'Event', value: `${input.event.title} (#${input.event.id})` },
    { label: 'Starts', value: input.event.startAt.toISOString() },
    { label: 'Customer', value: `${`${input.user.firstName} ${input.user.lastName}`.trim() || input.user.email} <${input.user.email}>` },
    { label: 'Company', value: input.company ?? '—' },
    { label: 'Price', value: priceText(input.booking.priceCents, 'en') },
    { label: 'Comment', value: input.booking.comment || '—' },
    { label: 'Booking', value: `#${input.booking.id}` },
  ];
}

/** A step the customer takes: their e-mail, and the sales desk's notice with the booking's facts. */
async function mailBothSides(
  ctx: BookingsContext,
  tx: Parameters<BookingsContext['mailer']['enqueue']>[0],
  step: { kind: LiveBookingMailKind; step: string; user: UserRow; company: string | null; event: EventRow; booking: BookingRow },
) {
  const { user, event, booking } = step;
  await mailBooking(ctx, tx, {
    event,
    priceCents: booking.priceCents,
    mailings: [
      { kind: step.kind, to: user.email, locale: user.profileLocale },
      { kind: 'live_booking_notice', to: ctx.salesEmail, locale: 'en', name: step.step, facts: deskFacts({ ...step }) },
    ],
  });
}

async function companyName(ctx: Pick<BookingsContext, 'db'>, companyId: number | null): Promise<string | null> {
  if (!companyId) return null;
  const [row] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
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
  const quote = await bookingQuote(ctx, user, event);
  const company = await companyName(ctx, user.companyId);
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    // One open booking per customer (or company) and event, however many arrive at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (user.companyId) await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, user.companyId)).for('update');
    const open = (await bookingsOf({ db: tx }, user, [event.id])).some((row) => (OPEN as readonly string[]).includes(row.state));
    // A licence made before bookings waited for the desk counts as a confirmed booking.
    if (open || (await bookedOf({ db: tx }, [event.id], user.id)).has(event.id)) return false;
    const [row] = await tx
      .insert(liveBookings)
      .values({
        eventId: event.id,
        userId: user.id,
        companyId: user.companyId,
        state: 'pending',
        comment: booking.comment?.trim() ?? '',
        priceCents: quote.price_cents,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('the booking was not recorded');
    await mailBothSides(ctx, tx, { kind: 'live_booking_received', step: 'requested', user, company, event, booking: row });
    return true;
  });
  if (created) ctx.mailer.kick();
  return { event: { ...(await detailOf(ctx, event, user.id, locale)), ...(await bookingPart(ctx, user, event)) }, created };
}

/**
 * DELETE …/events/{id}/bookings: the customer's open booking canceled before the event starts; a
 * confirmed one's licence ends with it. The customer and the sales desk are told.
 */
export async function cancelBooking(ctx: BookingsContext, user: UserRow, idOrSlug: string, locale: Locale): Promise<LiveEventDetail> {
  const event = await bookableEvent(ctx, idOrSlug);
  const now = ctx.clock.now();
  const company = await companyName(ctx, user.companyId);
  await ctx.db.transaction(async (tx) => {
    const [open] = (await bookingsOf({ db: tx }, user, [event.id])).filter((row) => (OPEN as readonly string[]).includes(row.state));
    if (!open) throw new NotFound({ code: 'booking_not_found', message: 'You have no booking of this event to cancel' });
    const [locked] = await tx.select().from(liveBookings).where(eq(liveBookings.id, open.id)).for('update');
    if (!locked || !(OPEN as readonly string[]).includes(locked.state))
      throw new NotFound({ code: 'booking_not_found', message: 'You have no booking of this event to cancel' });
    if (started(event, now))
      throw new Conflict({ code: 'event_started', message: 'The event has started: its booking can no longer be canceled' });
    await tx.update(liveBookings).set({ state: 'canceled', decidedAt: now }).where(eq(liveBookings.id, locked.id));
    if (locked.agreementId)
      await tx.update(agreements).set({ status: 'deactivated', updatedAt: now }).where(eq(agreements.id, locked.agreementId));
    await mailBothSides(ctx, tx, { kind: 'live_booking_canceled', step: 'canceled', user, company, event, booking: locked });
  });
  ctx.mailer.kick();
  return { ...(await detailOf(ctx, event, user.id, locale)), ...(await bookingPart(ctx, user, event)) };
}
