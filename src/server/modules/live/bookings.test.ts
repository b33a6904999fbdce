import { and, eq } from 'drizzle-orm';
import { DESK_CALLERS, deskCallers, deskExpectation, type DeskCaller } from '../desk/test-support.ts';
import { mailOutbox } from '../mail/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventDetailSchema, myEventsSchema, type LiveEventInput } from '../../../common/live.ts';
import { deskLiveBookingSchema, deskLiveBookingsSchema } from '../../../common/desk-live-bookings.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { countries } from '../reference/schema.ts';
import { createLiveEvent, hoursFrom } from './test-support.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let admin: Browser;
let germany: number;
let desk: Awaited<ReturnType<typeof deskCallers>>;
const SALES = 'sales@newsreel.example';
beforeAll(async () => {
  t = await createTestApp();
  desk = await deskCallers(t);
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
  const [country] = await t.database.db.select().from(countries).where(eq(countries.code, 'DE'));
  germany = country?.id ?? 0;
});
afterAll(async () => t.close());

const event = (fields: Partial<LiveEventInput> = {}) => createLiveEvent(t, admin, { start_at: hoursFrom(t, 3), access: 'pool', ...fields });
const mailTo = async (email: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))
    .map((message) => `${message.subject}\n${message.text}`)
    .join('\n');
const detail = async (browser: Browser, slug: string) =>
  liveEventDetailSchema.parse((await browser.get(`/api/content/live/events/${slug}`)).json());
const book = (browser: Browser, idOrSlug: string | number, booking: Record<string, unknown> = { privacy_accepted: true }) =>
  browser.post(`/api/content/live/events/${idOrSlug}/bookings`, { booking });

describe('booking a live event (spec content §1, §4, §5; accounts §8; issue 28)', () => {
  it('shows the price first; needs the privacy policy and a billing country; waits for the desk, which confirms it: then live access', async () => {
    const client = await event();
    const nowhere = await a.signedIn({ userGroup: 'customer', countryId: null });
    const noPrivacy = await book(nowhere.browser, client.id, { privacy_accepted: false });
    expect([noPrivacy.statusCode, codes(noPrivacy)]).toEqual([422, ['privacy_required']]);
    const noCountry = await book(nowhere.browser, client.id);
    expect(noCountry.json<{ errors: { code: string; message: string }[] }>().errors[0]).toEqual(
      expect.objectContaining({
        code: 'billing_country_missing',
        message: 'The Country field in billing information must be filled in billing settings',
      }),
    );

    const { browser, user } = await a.signedIn({ userGroup: 'customer', countryId: germany, email: `booker-${Date.now()}@example.com` });
    // Before booking: the price (a pool event, and no agreement of theirs covers it); a visitor sees none.
    expect(await detail(browser, client.slug)).toMatchObject({ booking: null, booking_quote: { price_cents: 25_000, currency: 'EUR' } });
    expect(await detail(new Browser(t.app), client.slug)).toMatchObject({ booking: null, booking_quote: null });
    const target = { target: { kind: 'youtube', url: 'rtmp://a.rtmp.youtube.com/live2', stream_key: 'k-1' } };
    expect(codes(await browser.post(`/api/content/live/events/${client.slug}/targets`, target))).toEqual(['live_access_required']);
    const booked = await book(browser, client.id, { privacy_accepted: true, comment: 'Two feeds, Arabic commentary please' });
    expect(booked.statusCode).toBe(201);
    const asked = liveEventDetailSchema.parse(booked.json());
    expect(asked).toMatchObject({ booked: false, booking_state: 'pending' });
    expect(asked.booking).toMatchObject({
      state: 'pending',
      comment: 'Two feeds, Arabic commentary please',
      price_cents: 25_000,
      can_cancel: true,
    });
    // Booking again, by id or slug, or ten times at once, is the same one booking.
    const again = await Promise.all([book(browser, client.slug), ...Array.from({ length: 9 }, () => book(browser, client.id))]);
    expect(again.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    // Pending: no licence, no live access yet; the customer and the sales desk are told, the note with it.
    expect(await t.database.db.select().from(agreements).where(eq(agreements.liveEventId, client.id))).toEqual([]);
    expect(codes(await browser.post(`/api/content/live/events/${client.slug}/targets`, target))).toEqual(['live_access_required']);
    expect(await mailTo(user.email)).toContain('Your booking waits for the desk');
    expect(await mailTo(user.email)).toContain('€250.00');
    const notice = await mailTo(SALES);
    expect(notice).toContain(`Live booking requested: ${client.title}`);
    expect(notice).toContain('Comment: Two feeds, Arabic commentary please');
    const mine = myEventsSchema.parse((await browser.get('/api/content/live/current_user/my_events')).json());
    expect(mine.booked_events.map((item) => [item.id, item.booking_state])).toEqual([[client.id, 'pending']]);

    // The desk's list shows it; confirmed twice at once: one licence.
    const listed = deskLiveBookingsSchema.parse((await desk.sales.get('/api/desk/live_bookings?state=pending')).json()).bookings;
    const mineListed = listed.find((item) => item.event.id === client.id);
    expect(mineListed).toMatchObject({ state: 'pending', customer: { email: user.email }, comment: 'Two feeds, Arabic commentary please' });
    const confirmations = await Promise.all(
      [1, 2, 3].map(() => desk.sales.post(`/api/desk/live_bookings/${mineListed?.id}/confirmation`, {})),
    );
    expect(confirmations.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(confirmations.filter((answer) => answer.statusCode === 409).map((answer) => codes(answer))).toEqual([
      ['booking_decided'],
      ['booking_decided'],
    ]);
    const licences = await t.database.db
      .select()
      .from(agreements)
      .where(and(eq(agreements.liveEventId, client.id), eq(agreements.userId, user.id)));
    expect(licences).toMatchObject([{ agreementType: 'one_off', status: 'active', liveAccess: true }]);
    expect(await detail(browser, client.slug)).toMatchObject({ booked: true, booking_state: 'confirmed', booking: { state: 'confirmed' } });
    expect(await mailTo(user.email)).toContain('Your booking is confirmed');
    expect((await browser.post(`/api/content/live/events/${client.slug}/targets`, target)).statusCode).toBe(201);
  });

  it('the live desk sets the booking price the customer is shown; a price that is no whole number of cents is refused', async () => {
    const client = await event();
    const { browser } = await a.signedIn({ userGroup: 'customer', countryId: germany });
    const changed = await desk.live.patch(`/api/desk/live/events/${client.id}`, { booking_price_cents: 9_900 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ booking_price_cents: number }>().booking_price_cents).toBe(9_900);
    expect((await detail(browser, client.slug)).booking_quote).toEqual({ price_cents: 9_900, currency: 'EUR' });
    for (const bad of [-1, 12.5, 'ten'])
      expect(codes(await desk.live.patch(`/api/desk/live/events/${client.id}`, { booking_price_cents: bad }))).toEqual(['number']);
    expect((await book(browser, client.id)).statusCode).toBe(201);
    expect((await detail(browser, client.slug)).booking?.price_cents).toBe(9_900);
  });

  it('the desk declines with a reason the customer is told; they may ask again', async () => {
    const client = await event();
    const { browser, user } = await a.signedIn({ userGroup: 'customer', countryId: germany, email: `declined-${Date.now()}@example.com` });
    expect((await book(browser, client.id)).statusCode).toBe(201);
    const [booking] = deskLiveBookingsSchema
      .parse((await desk.sales.get('/api/desk/live_bookings')).json())
      .bookings.filter((item) => item.event.id === client.id);
    expect(codes(await desk.sales.post(`/api/desk/live_bookings/${booking?.id}/rejection`, { reason: '' }))).toEqual(['required']);
    const declined = await desk.sales.post(`/api/desk/live_bookings/${booking?.id}/rejection`, {
      reason: 'The feed is sold out for your region',
    });
    expect(deskLiveBookingSchema.parse(declined.json())).toMatchObject({
      state: 'declined',
      reason: 'The feed is sold out for your region',
    });
    expect(await detail(browser, client.slug)).toMatchObject({ booked: false, booking: { state: 'declined', can_cancel: false } });
    const mail = await mailTo(user.email);
    expect(mail).toContain('Your booking was declined');
    expect(mail).toContain('Reason: The feed is sold out for your region');
    expect(codes(await desk.sales.post(`/api/desk/live_bookings/${booking?.id}/confirmation`, {}))).toEqual(['booking_decided']);
    expect((await book(browser, client.id)).statusCode).toBe(201);
  });

  it('the customer cancels before the start (a confirmed licence ends with it), not after; both sides are told', async () => {
    const client = await event();
    const { browser, user } = await a.signedIn({ userGroup: 'customer', countryId: germany, email: `canceler-${Date.now()}@example.com` });
    expect(codes(await browser.delete(`/api/content/live/events/${client.slug}/bookings`))).toEqual(['booking_not_found']);
    expect((await book(browser, client.id)).statusCode).toBe(201);
    const [booking] = deskLiveBookingsSchema
      .parse((await desk.sales.get('/api/desk/live_bookings?state=pending')).json())
      .bookings.filter((item) => item.event.id === client.id);
    expect((await desk.sales.post(`/api/desk/live_bookings/${booking?.id}/confirmation`, {})).statusCode).toBe(200);
    const canceled = await browser.delete(`/api/content/live/events/${client.slug}/bookings`);
    expect(canceled.statusCode).toBe(200);
    expect(liveEventDetailSchema.parse(canceled.json())).toMatchObject({
      booked: false,
      booking_state: null,
      booking: { state: 'canceled' },
    });
    const [licence] = await t.database.db.select().from(agreements).where(eq(agreements.liveEventId, client.id));
    expect(licence?.status).toBe('deactivated');
    expect(await mailTo(user.email)).toContain('Your booking is canceled');
    expect(await mailTo(SALES)).toContain(`Live booking canceled: ${client.title}`);
    expect(myEventsSchema.parse((await browser.get('/api/content/live/current_user/my_events')).json()).booked_events).toEqual([]);

    // Once the event has started there is no cancelling.
    expect((await book(browser, client.id)).statusCode).toBe(201);
    t.services.clock.advance(4 * 3600_000);
    try {
      expect(codes(await browser.delete(`/api/content/live/events/${client.slug}/bookings`))).toEqual(['event_started']);
    } finally {
      t.services.clock.advance(-4 * 3600_000);
    }
  });

  it('a member books for the team: the master finds it booked too; a finished event or an unknown one cannot be booked', async () => {
    const { home, master, member } = await a.team();
    await t.database.db.update(users).set({ countryId: germany }).where(eq(users.companyId, home.id));
    const client = await event();
    expect((await book(member.browser, client.id)).statusCode).toBe(201);
    expect((await detail(master.browser, client.slug)).booking_state).toBe('pending');
    expect((await book(master.browser, client.id)).statusCode).toBe(200);

    const finished = await event({ status: 'finished' });
    expect(codes(await book(master.browser, finished.id))).toEqual(['event_over']);
    expect(codes(await book(master.browser, 'no-such-event'))).toEqual(['live_event_not_found']);
    expect((await book(new Browser(t.app), client.id)).statusCode).toBe(401);
  });

  it("a client-only event is booked and followed by the agency's clients alone; a free event is covered, at no price", async () => {
    const clientOnly = await event({ access: 'client' });
    const customer = await a.signedIn({ userGroup: 'customer', countryId: germany });
    expect(codes(await book(customer.browser, clientOnly.id))).toEqual(['clients_only']);
    expect(codes(await customer.browser.post(`/api/content/live/events/${clientOnly.slug}/subscription`, {}))).toEqual(['clients_only']);
    const client = await a.signedIn({ userGroup: 'client', countryId: germany });
    expect((await book(client.browser, clientOnly.id)).statusCode).toBe(201);
    expect((await client.browser.post(`/api/content/live/events/${clientOnly.slug}/subscription`, {})).statusCode).toBe(200);
    const free = await event({ access: 'free' });
    expect((await detail(customer.browser, free.slug)).booking_quote).toEqual({ price_cents: null, currency: 'EUR' });
  });

  it('the desk calls, by caller: guests and customers find nothing, staff without the sales role are refused, sales and admin may', async () => {
    const client = await event();
    const { browser } = await a.signedIn({ userGroup: 'customer', countryId: germany });
    expect((await book(browser, client.id)).statusCode).toBe(201);
    const [booking] = deskLiveBookingsSchema
      .parse((await desk.admin.get('/api/desk/live_bookings?state=pending')).json())
      .bookings.filter((item) => item.event.id === client.id);
    const calls = {
      list: (caller: DeskCaller) => desk[caller].get('/api/desk/live_bookings'),
      // Sales declines it first; admin's turn then finds it decided (409), which still proves the right to call.
      decline: (caller: DeskCaller) => desk[caller].post(`/api/desk/live_bookings/${booking?.id}/rejection`, { reason: 'No feed left' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const seen: Record<string, number> = {};
      for (const caller of DESK_CALLERS) seen[caller] = (await call(caller)).statusCode;
      expect({ call: name, seen }).toEqual({
        call: name,
        seen: { ...deskExpectation('sales', 200), ...(name === 'decline' ? { admin: 409 } : {}) },
      });
    }
  });
});
