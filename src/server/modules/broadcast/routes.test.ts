import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingResponseSchema,
  broadcastEventsResponseSchema,
  broadcastTownSchema,
  broadcastTownsResponseSchema,
} from '../../../common/broadcast.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors, mailbox } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects, projectSlug } from '../catalogue/writer.ts';
import { BOOKINGS_PER_ADDRESS, earliestToday } from './bookings.ts';
import { broadcastBookings, broadcastEvents, broadcastTowns } from './schema.ts';
import { broadcastFixtures } from './test-support.ts';

const SALES = 'desk@sales.example';
const BASE = '/api/content/broadcast';
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let b: ReturnType<typeof broadcastFixtures>;
beforeAll(async () => {
  t = await createTestApp({ env: { SALES_EMAIL: SALES } });
  a = agreementFixtures(t);
  b = broadcastFixtures(t);
});
afterAll(async () => t.close());

let nextIp = 1;
/** Each booking comes from an address of its own, so the hourly limit is only met where a test means it. */
const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
const book = (browser: Browser, slug: string, booking: Record<string, unknown>, ip = freshIp(), locale = 'en') =>
  browser.post(`${BASE}/towns/${slug}/bookings?locale=${locale}`, { booking }, { ip });

describe('the towns', () => {
  it('lists the towns in their order, in the reader’s language, each with its first picture', async () => {
    await t.database.db.delete(broadcastTowns);
    await b.createTown({ slug: 'london', position: 2, names: { en: 'London', es: 'Londres', ru: 'Лондон', ar: 'لندن' } });
    await b.createTown({ slug: 'moscow', position: 1, names: { en: 'Moscow', es: 'Moscú', ru: 'Москва', ar: 'موسكو' } });
    const english = broadcastTownsResponseSchema.parse((await new Browser(t.app).get(`${BASE}/towns`)).json());
    expect(english.towns.map((town) => town.title)).toEqual(['Moscow', 'London']);
    expect(english.towns[0]?.photo).toBe('/media/broadcast/moscow-studio.svg');
    const arabic = broadcastTownsResponseSchema.parse((await new Browser(t.app).get(`${BASE}/towns?locale=ar`)).json());
    expect(arabic.towns.map((town) => town.title)).toEqual(['موسكو', 'لندن']);
  });

  it('shows one town’s features, text, pictures and catalogue videos; a missing translation falls back to English', async () => {
    const [projectId] = await insertProjects(
      t.database.db,
      [
        {
          projectId: 'BC-1',
          language: 'en',
          title: 'Studio tour',
          datelineDate: '2026-11-20',
          duration: 30,
          publishedAt: new Date('2026-11-20T12:00:00Z'),
          previewVideo: 'BC-1.mp4',
        },
      ],
      t.services.clock.now(),
    );
    const slug = projectSlug('Studio tour', 'BC-1');
    await b.createTown({
      slug: 'paris',
      names: { en: 'Paris', es: 'París', ru: 'Париж', ar: 'باريس' },
      features: { en: ['Roof position', 'Control room'], es: ['Azotea'], ru: [], ar: ['موقع على السطح'] },
      texts: { en: 'By the river' },
      videos: [slug, 'no-longer-there'],
    });
    const town = broadcastTownSchema.parse((await new Browser(t.app).get(`${BASE}/towns/paris?locale=ru`)).json());
    expect(town).toMatchObject({ slug: 'paris', title: 'Париж', text: 'By the river', features: ['Roof position', 'Control room'] });
    expect(town.photos.map((photo) => photo.url)).toEqual(['/media/broadcast/paris-studio.svg', '/media/broadcast/paris-skyline.svg']);
    expect(town.videos).toEqual([
      { title: 'Studio tour', src: '/media/clips/BC-1.mp4', poster: `/media/previews/${projectId}.svg`, link: `/videos/${slug}` },
    ]);
    const arabic = broadcastTownSchema.parse((await new Browser(t.app).get(`${BASE}/towns/paris?locale=ar`)).json());
    expect(arabic.features).toEqual(['موقع على السطح']);
  });

  it('answers 404 for a town that does not exist', async () => {
    const answer = await new Browser(t.app).get(`${BASE}/towns/atlantis`);
    expect(answer.statusCode).toBe(404);
    expect(codes(answer)).toEqual(['broadcast_town_not_found']);
  });

  it('draws each town’s pictures as SVG, different per town; an unknown town or scene is not found', async () => {
    await b.createTown({
      slug: 'new-york',
      names: { en: 'New York', es: 'Nueva York', ru: 'Нью-Йорк', ar: 'نيويورك' },
      photos: ['control_room'],
    });
    const picture = await new Browser(t.app).get('/media/broadcast/new-york-control_room.svg');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain('NEW YORK');
    const other = await new Browser(t.app).get('/media/broadcast/paris-studio.svg');
    expect(other.body).toContain('PARIS');
    expect(other.body).not.toEqual(picture.body);
    for (const file of ['new-york-studio.svg', 'atlantis-studio.svg', 'paris-kitchen.svg', 'paris.svg'])
      expect((await new Browser(t.app).get(`/media/broadcast/${file}`)).statusCode).toBe(404);
  });
});

describe('the future events', () => {
  it('lists the events not yet over, the soonest first, with the country and city in the reader’s language', async () => {
    await t.database.db.delete(broadcastEvents);
    const now = t.services.clock.now();
    const later = await b.createEvent(new Date(now.getTime() + days(10)), 3, 'Later');
    const sooner = await b.createEvent(new Date(now.getTime() + days(2)), 3, 'Sooner');
    await b.createEvent(new Date(now.getTime() - days(2)), 3, 'Over');
    const answer = broadcastEventsResponseSchema.parse((await new Browser(t.app).get(`${BASE}/events?locale=es`)).json());
    expect(answer.events.map((event) => event.id)).toEqual([sooner.id, later.id]);
    expect(answer.events[0]).toMatchObject({
      start_at: sooner.startsAt.toISOString(),
      finish_at: sooner.endsAt.toISOString(),
      country: { code: 'DE', name: 'Alemania' },
      city: 'Berlin (es)',
      title: 'Sooner (es)',
    });
  });
});

describe('booking a studio', () => {
  it('stores the booking and e-mails the sales address its details', async () => {
    const town = await b.createTown({ slug: 'madrid', names: { en: 'Madrid', es: 'Madrid', ru: 'Мадрид', ar: 'مدريد' } });
    const form = await b.bookingForm({ email: 'Bea@Sender.example', details: 'Two cameras <b>and</b> a make-up room' });
    const answer = await book(new Browser(t.app), 'madrid', form, freshIp(), 'ar');
    expect(answer.statusCode, answer.body).toBe(201);
    const { booking } = bookingResponseSchema.parse(answer.json());
    expect(booking).toMatchObject({ town: 'madrid', date: '2026-12-01' });
    const [row] = await t.database.db.select().from(broadcastBookings).where(eq(broadcastBookings.id, booking.id));
    expect(row).toMatchObject({ townId: town.id, firstName: 'Bea', email: 'bea@sender.example', company: 'Sender Süd', locale: 'ar' });

    const mail = (await mailbox(t.app)).find((message) => message.to === SALES);
    expect(mail?.subject).toBe('Studio booking: Madrid');
    for (const fact of [
      'Date: 2026-12-01',
      'First name: Bea',
      'Last name: Booker',
      'Phone: +49 30 7654321',
      'Business e-mail: bea@sender.example',
      'Company: Sender Süd',
      'Details: Two cameras <b>and</b> a make-up room',
      `Booking: #${booking.id}`,
    ])
      expect(mail?.text).toContain(fact);
    expect(mail?.text).toMatch(/Job title: \S+/);
    expect(mail?.html).toContain('Two cameras &#60;b&#62;and&#60;/b&#62; a make-up room');
  });

  it('mails the customer a confirmation of the request, in the language the form was sent in (issue 28)', async () => {
    await b.createTown({ slug: 'cairo', names: { en: 'Cairo', es: 'El Cairo', ru: 'Каир', ar: 'القاهرة' } });
    const arabic = await book(
      new Browser(t.app),
      'cairo',
      await b.bookingForm({ email: 'Nour@Sender.example', first_name: 'Nour' }),
      freshIp(),
      'ar',
    );
    expect(arabic.statusCode, arabic.body).toBe(201);
    const toNour = (await mailbox(t.app)).filter((message) => message.to === 'nour@sender.example');
    expect(toNour).toHaveLength(1);
    expect(toNour[0]?.subject).toBe('وصلنا طلب حجز الاستوديو: القاهرة');
    for (const fact of ['شكرًا لك يا Nour', 'الاستوديو: القاهرة', 'الاسم: Nour Booker', 'الهاتف: +49 30 7654321', 'الشركة: Sender Süd'])
      expect(toNour[0]?.text).toContain(fact);
    expect(toNour[0]?.html).toContain('dir="rtl"');

    const english = await book(new Browser(t.app), 'cairo', await b.bookingForm({ email: 'sam@sender.example', first_name: 'Sam' }));
    expect(english.statusCode, english.body).toBe(201);
    const toSam = (await mailbox(t.app)).find((message) => message.to === 'sam@sender.example');
    expect(toSam?.subject).toBe('We have your studio booking request: Cairo');
    for (const fact of [
      'Thank you, Sam.',
      'this is a request, not yet a booking',
      'Studio: Cairo',
      'Date: December 1, 2026',
      'Details: Two-camera interview, 30 minutes',
    ])
      expect(toSam?.text).toContain(fact);
    // The sales desk still has its own notice, in English, with the booking's number.
    const { booking } = bookingResponseSchema.parse(english.json());
    const notices = (await mailbox(t.app)).filter((message) => message.to === SALES && message.text.includes(`Booking: #${booking.id}`));
    expect(notices).toHaveLength(1);
  });

  it('answers every field’s error at once, on its field, and stores nothing', async () => {
    await b.createTown({ slug: 'berlin' });
    const before = (await t.database.db.select().from(broadcastBookings)).length;
    const answer = await book(new Browser(t.app), 'berlin', {
      first_name: ' ',
      last_name: '',
      phone: 'call me',
      email: 'not-an-address',
      company: '',
      date: '2026-02-30',
      privacy_accepted: true,
    });
    expect(answer.statusCode).toBe(422);
    const fields = errors(answer).map((error) => error.field);
    for (const name of ['first_name', 'last_name', 'phone', 'email', 'job_title_id', 'company', 'date'])
      expect(fields).toContain(`booking.${name}`);
    expect((await t.database.db.select().from(broadcastBookings)).length).toBe(before);
  });

  it('refuses a booking without the privacy policy accepted (spec §5)', async () => {
    for (const privacy of [false, undefined]) {
      const answer = await book(new Browser(t.app), 'berlin', await b.bookingForm({ privacy_accepted: privacy }));
      expect(answer.statusCode).toBe(422);
      expect(errors(answer)).toEqual([expect.objectContaining({ code: 'privacy_required', field: 'booking.privacy_accepted' })]);
    }
  });

  it('refuses a date in the past or beyond two years; today anywhere on Earth is fine', async () => {
    const today = earliestToday(t.services.clock.now());
    expect(today).toBe('2026-11-21');
    const past = await book(new Browser(t.app), 'berlin', await b.bookingForm({ date: '2026-11-20' }));
    expect(past.statusCode).toBe(422);
    expect(errors(past)).toEqual([{ code: 'date_past', message: 'Please choose a date from today on', field: 'booking.date' }]);
    const far = await book(new Browser(t.app), 'berlin', await b.bookingForm({ date: '2029-01-01' }));
    expect(codes(far)).toEqual(['date_far']);
    expect((await book(new Browser(t.app), 'berlin', await b.bookingForm({ date: today }))).statusCode).toBe(201);
  });

  it('refuses a job title that does not exist, and unknown fields', async () => {
    const unknownTitle = await book(new Browser(t.app), 'berlin', await b.bookingForm({ job_title_id: 999_999 }));
    expect(errors(unknownTitle)).toEqual([expect.objectContaining({ code: 'required', field: 'booking.job_title_id' })]);
    const extra = await book(new Browser(t.app), 'berlin', await b.bookingForm({ is_admin: true }));
    expect(extra.statusCode).toBeGreaterThanOrEqual(400);
    expect(extra.statusCode).toBeLessThan(500);
  });

  it('answers 404 for a town that does not exist', async () => {
    const answer = await book(new Browser(t.app), 'atlantis', await b.bookingForm());
    expect(answer.statusCode).toBe(404);
    expect(codes(answer)).toEqual(['broadcast_town_not_found']);
  });

  it(`takes at most ${BOOKINGS_PER_ADDRESS.limit} bookings an hour from one address; a refused form does not count`, async () => {
    const ip = freshIp();
    await book(new Browser(t.app), 'berlin', await b.bookingForm({ privacy_accepted: false }), ip);
    for (let i = 0; i < BOOKINGS_PER_ADDRESS.limit; i += 1)
      expect((await book(new Browser(t.app), 'berlin', await b.bookingForm(), ip)).statusCode).toBe(201);
    const refused = await book(new Browser(t.app), 'berlin', await b.bookingForm(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('who may read and book (authorisation table)', () => {
  it('guest, user, member, master, another company’s master and admin may all read the towns and events and book', async () => {
    const team = await a.team();
    const callers: [string, Browser][] = [
      ['guest', new Browser(t.app)],
      ['user', (await a.signedIn()).browser],
      ['member', team.member.browser],
      ['master', team.master.browser],
      ['other company’s master', team.otherMaster.browser],
      ['admin', (await a.signedIn({ isAdmin: true })).browser],
    ];
    const table: Record<string, [number, number, number, number]> = {};
    for (const [who, browser] of callers) {
      table[who] = [
        (await browser.get(`${BASE}/towns`)).statusCode,
        (await browser.get(`${BASE}/towns/berlin`)).statusCode,
        (await browser.get(`${BASE}/events`)).statusCode,
        (await book(browser, 'berlin', await b.bookingForm())).statusCode,
      ];
    }
    expect(table).toEqual({
      guest: [200, 200, 200, 201],
      user: [200, 200, 200, 201],
      member: [200, 200, 200, 201],
      master: [200, 200, 200, 201],
      'other company’s master': [200, 200, 200, 201],
      admin: [200, 200, 200, 201],
    });
  });
});
