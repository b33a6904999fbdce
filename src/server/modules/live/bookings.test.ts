import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventDetailSchema, myEventsSchema, type LiveEventInput } from '../../../common/live.ts';
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
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
  const [country] = await t.database.db.select().from(countries).where(eq(countries.code, 'DE'));
  germany = country?.id ?? 0;
});
afterAll(async () => t.close());

const event = (fields: Partial<LiveEventInput> = {}) => createLiveEvent(t, admin, { start_at: hoursFrom(t, 3), access: 'pool', ...fields });
const book = (browser: Browser, idOrSlug: string | number, booking: Record<string, unknown> = { privacy_accepted: true }) =>
  browser.post(`/api/content/live/events/${idOrSlug}/bookings`, { booking });

describe('booking a live event (spec content §1, §4, §5; accounts §8)', () => {
  it('needs the privacy policy and a billing country; then the event is booked, in my events, and gives live access', async () => {
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

    const { browser, user } = await a.signedIn({ userGroup: 'customer', countryId: germany });
    const target = { target: { kind: 'youtube', url: 'rtmp://a.rtmp.youtube.com/live2', stream_key: 'k-1' } };
    expect(codes(await browser.post(`/api/content/live/events/${client.slug}/targets`, target))).toEqual(['live_access_required']);
    const booked = await book(browser, client.id);
    expect(booked.statusCode).toBe(201);
    expect(liveEventDetailSchema.parse(booked.json()).booked).toBe(true);
    // Booking again, by id or slug, or ten times at once, is the same one booking.
    const again = await Promise.all([book(browser, client.slug), ...Array.from({ length: 9 }, () => book(browser, client.id))]);
    expect(again.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const licences = await t.database.db
      .select()
      .from(agreements)
      .where(and(eq(agreements.liveEventId, client.id), eq(agreements.userId, user.id)));
    expect(licences).toMatchObject([{ agreementType: 'one_off', status: 'active', liveAccess: true }]);

    const mine = myEventsSchema.parse((await browser.get('/api/content/live/current_user/my_events')).json());
    expect(mine.booked_events.map((item) => item.id)).toEqual([client.id]);
    expect(mine.count).toBe(1);
    expect((await browser.post(`/api/content/live/events/${client.slug}/targets`, target)).statusCode).toBe(201);
  });

  it('a member books for the team: the master finds it booked too; a finished event or an unknown one cannot be booked', async () => {
    const { home, master, member } = await a.team();
    await t.database.db.update(users).set({ countryId: germany }).where(eq(users.companyId, home.id));
    const client = await event();
    expect((await book(member.browser, client.id)).statusCode).toBe(201);
    const seen = liveEventDetailSchema.parse((await master.browser.get(`/api/content/live/events/${client.slug}`)).json());
    expect(seen.booked).toBe(true);
    expect((await book(master.browser, client.id)).statusCode).toBe(200);

    const finished = await event({ status: 'finished' });
    expect(codes(await book(master.browser, finished.id))).toEqual(['event_over']);
    expect(codes(await book(master.browser, 'no-such-event'))).toEqual(['live_event_not_found']);
    expect((await book(new Browser(t.app), client.id)).statusCode).toBe(401);
  });

  it("a client-only event is booked and followed by the agency's clients alone", async () => {
    const clientOnly = await event({ access: 'client' });
    const customer = await a.signedIn({ userGroup: 'customer', countryId: germany });
    expect(codes(await book(customer.browser, clientOnly.id))).toEqual(['clients_only']);
    expect(codes(await customer.browser.post(`/api/content/live/events/${clientOnly.slug}/subscription`, {}))).toEqual(['clients_only']);
    const client = await a.signedIn({ userGroup: 'client', countryId: germany });
    expect((await book(client.browser, clientOnly.id)).statusCode).toBe(201);
    expect((await client.browser.post(`/api/content/live/events/${clientOnly.slug}/subscription`, {})).statusCode).toBe(200);
  });
});
