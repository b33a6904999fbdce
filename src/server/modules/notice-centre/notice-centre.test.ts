import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../common/errors.ts';
import { NOTICE_LIMITS, noticeReadSchema, noticesPageSchema, readAllSchema, unreadCountSchema } from '../../../common/notice-centre.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import { listen, RawCable, sessionCookie } from '../../test/cable.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { userNotices } from './schema.ts';
import { tellNotices, type NewNotice } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOTICES = '/api/current_user/notices';
const deps = () => ({
  db: t.database.db,
  clock: t.services.clock,
  broadcast: t.services.broadcaster.broadcast,
});
let subjects = 0;
/** Notices through the service the app's modules use: `count` of them for the user, the last the newest. */
async function noticesFor(userId: number, count = 1, fields: Partial<NewNotice> = {}): Promise<number[]> {
  const made: NewNotice[] = Array.from({ length: count }, () => ({
    userId,
    kind: 'file_ready',
    textKey: 'fileReady',
    values: { title: 'Harbour fire', file: '720p MP4' },
    link: '/user/my-content',
    subject: `test:${(subjects += 1)}`,
    ...fields,
  }));
  await tellNotices(deps(), made);
  const rows = await t.database.db.select({ id: userNotices.id }).from(userNotices).where(eq(userNotices.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
const page = async (browser: Browser, query = '') => noticesPageSchema.parse((await browser.get(`${NOTICES}${query}`)).json());
const unread = async (browser: Browser) => unreadCountSchema.parse((await browser.get(`${NOTICES}/unread_count`)).json()).unread_count;

describe('reading notices (issue 28, the notice centre)', () => {
  it('lists the user’s notices newest first, a page at a time by the last id seen, with the unread count', async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const ids = await noticesFor(user.id, 25);
    const first = await page(browser, '?limit=10');
    expect(first.notices.map((notice) => notice.id)).toEqual(ids.slice(-10).reverse());
    expect(first.unread_count).toBe(25);
    expect(first.next_before).toBe(ids[15]);
    expect(first.notices[0]).toEqual({
      id: ids[24],
      kind: 'file_ready',
      text_key: 'fileReady',
      values: { title: 'Harbour fire', file: '720p MP4' },
      link: '/user/my-content',
      created_at: t.services.clock.now().toISOString(),
      read_at: null,
    });
    const second = await page(browser, `?limit=10&before=${first.next_before}`);
    expect(second.notices.map((notice) => notice.id)).toEqual(ids.slice(5, 15).reverse());
    const last = await page(browser, `?limit=10&before=${second.next_before}`);
    expect(last.notices.map((notice) => notice.id)).toEqual(ids.slice(0, 5).reverse());
    expect(last.next_before).toBeNull();
    // Without a limit, a page of 20.
    expect((await page(browser)).notices).toHaveLength(NOTICE_LIMITS.pageDefault);
    expect(await unread(browser)).toBe(25);
  });

  it('marks one notice read once (read again, it keeps its first time) and every notice up to the newest seen', async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const [a = 0, b = 0, c = 0] = await noticesFor(user.id, 3);
    const read = noticeReadSchema.parse((await browser.post(`${NOTICES}/${a}/read`)).json());
    expect(read).toMatchObject({ notice: { id: a, read_at: t.services.clock.now().toISOString() }, unread_count: 2 });
    const firstRead = read.notice.read_at;
    t.services.clock.advance(60_000);
    const again = noticeReadSchema.parse((await browser.post(`${NOTICES}/${a}/read`)).json());
    expect(again).toMatchObject({ notice: { id: a, read_at: firstRead }, unread_count: 2 });

    // "Mark all read" up to b: c, which came after what the reader saw, stays unread.
    const upTo = readAllSchema.parse((await browser.post(`${NOTICES}/read_all`, { up_to: b })).json());
    expect(upTo).toEqual({ marked: 1, unread_count: 1 });
    expect((await page(browser)).notices.map((notice) => [notice.id, notice.read_at !== null])).toEqual([
      [c, false],
      [b, true],
      [a, true],
    ]);
    expect(readAllSchema.parse((await browser.post(`${NOTICES}/read_all`)).json())).toEqual({ marked: 1, unread_count: 0 });
    expect(readAllSchema.parse((await browser.post(`${NOTICES}/read_all`, {})).json())).toEqual({ marked: 0, unread_count: 0 });
    expect(await unread(browser)).toBe(0);
  });

  it('keeps the newest 200 of each user: a new notice prunes the oldest in its own transaction, and no one else’s', async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const other = await agreementFixtures(t).signedIn();
    const [otherNotice] = await noticesFor(other.user.id, 1);
    const ids = await noticesFor(user.id, NOTICE_LIMITS.keptPerUser + 5);
    expect(ids).toHaveLength(NOTICE_LIMITS.keptPerUser);
    const [oldest] = ids;
    const more = await noticesFor(user.id, 1);
    expect(more).toHaveLength(NOTICE_LIMITS.keptPerUser);
    expect(more).not.toContain(oldest);
    expect(await unread(browser)).toBe(NOTICE_LIMITS.keptPerUser);
    expect(await noticesFor(other.user.id, 0)).toEqual([otherNotice]);
  });

  it('keeps a subject once per user: a job run twice tells no one twice; each value is clipped to 300 characters', async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const notice: NewNotice = {
      userId: user.id,
      kind: 'live_starting',
      textKey: 'liveStarting',
      values: { title: 'x'.repeat(400) },
      link: '/events/summit',
      subject: 'live:twice',
    };
    expect(await tellNotices(deps(), [notice])).toBe(1);
    expect(await tellNotices(deps(), [notice])).toBe(0);
    const { notices } = await page(browser);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.values.title).toHaveLength(NOTICE_LIMITS.valueMax);
  });
});

describe('who reads which notice', () => {
  it('a guest gets 401, a user reads only their own (another’s notice is not found, to an admin too)', async () => {
    const a = agreementFixtures(t);
    const owner = await a.signedIn();
    const callers = {
      guest: new Browser(t.app),
      owner: owner.browser,
      otherUser: (await a.signedIn()).browser,
      admin: (await a.signedIn({ isAdmin: true })).browser,
    };
    const ownNotice = async () => (await noticesFor(owner.user.id, 1)).at(-1) ?? 0;
    const calls: Record<string, (who: Browser) => Promise<number>> = {
      'GET /notices': async (who) => (await who.get(NOTICES)).statusCode,
      'GET /notices/unread_count': async (who) => (await who.get(`${NOTICES}/unread_count`)).statusCode,
      "POST /notices/:id/read (the owner's)": async (who) => (await who.post(`${NOTICES}/${await ownNotice()}/read`)).statusCode,
      'POST /notices/read_all': async (who) => (await who.post(`${NOTICES}/read_all`, {})).statusCode,
    };
    const answers: Record<string, Record<string, number>> = {};
    for (const [name, call] of Object.entries(calls)) {
      answers[name] = {};
      for (const [caller, browser] of Object.entries(callers)) answers[name][caller] = await call(browser);
    }
    expect(answers).toEqual({
      'GET /notices': { guest: 401, owner: 200, otherUser: 200, admin: 200 },
      'GET /notices/unread_count': { guest: 401, owner: 200, otherUser: 200, admin: 200 },
      "POST /notices/:id/read (the owner's)": { guest: 401, owner: 200, otherUser: 404, admin: 404 },
      'POST /notices/read_all': { guest: 401, owner: 200, otherUser: 200, admin: 200 },
    });

    // Nobody else's list holds the owner's notices, and nobody else's "mark all read" touched them.
    const mine = await noticesFor(owner.user.id, 1);
    await callers.otherUser.post(`${NOTICES}/read_all`, {});
    await callers.admin.post(`${NOTICES}/read_all`, {});
    for (const who of [callers.otherUser, callers.admin]) expect((await page(who)).notices).toEqual([]);
    expect((await page(owner.browser)).notices.find((notice) => notice.id === mine.at(-1))?.read_at).toBeNull();
    const notFound = await callers.otherUser.post(`${NOTICES}/${mine.at(-1) ?? 0}/read`);
    expect(errorBodySchema.parse(notFound.json()).errors.map((error) => error.code)).toEqual(['notice_not_found']);
    // A guest learns only that they must sign in, whatever they send.
    expect((await callers.guest.get(`${NOTICES}?limit=nope`)).statusCode).toBe(401);
  });

  it.each([
    ['a limit of 0', 'GET', `${NOTICES}?limit=0`, undefined],
    ['a limit over 50', 'GET', `${NOTICES}?limit=51`, undefined],
    ['a limit that is not a number', 'GET', `${NOTICES}?limit=ten`, undefined],
    ['a cursor of 0', 'GET', `${NOTICES}?before=0`, undefined],
    ['a cursor that is not a number', 'GET', `${NOTICES}?before=abc`, undefined],
    ['an id that is not a number', 'POST', `${NOTICES}/abc/read`, undefined],
    ['an id of 0', 'POST', `${NOTICES}/0/read`, undefined],
    ['up_to that is not a number', 'POST', `${NOTICES}/read_all`, { up_to: 'all' }],
    ['a negative up_to', 'POST', `${NOTICES}/read_all`, { up_to: -3 }],
  ])('refuses %s with a 422 and the error envelope', async (_name, method, url, body) => {
    const { browser } = await agreementFixtures(t).signedIn();
    const answer = method === 'GET' ? await browser.get(url) : await browser.post(url, body);
    expect(answer.statusCode).toBe(422);
    expect(errorBodySchema.parse(answer.json()).errors[0]).toEqual(
      expect.objectContaining({ code: expect.any(String) as unknown, message: expect.any(String) as unknown }),
    );
  });

  it('answers 404 for a notice that does not exist, and 400 for a body that is not JSON', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    expect((await browser.post(`${NOTICES}/999999999/read`)).statusCode).toBe(404);
    const broken = await browser.request({
      method: 'POST',
      url: `${NOTICES}/read_all`,
      payload: '{"up_to":',
      headers: { 'content-type': 'application/json' },
    });
    expect([broken.statusCode, errorBodySchema.parse(broken.json()).errors[0]?.code]).toEqual([400, 'malformed_json']);
  });
});

describe('in real time', () => {
  it('a new notice reaches its user’s open pages on the notifications channel, and so does reading them; no one else hears', async () => {
    const url = await listen(t);
    const a = agreementFixtures(t);
    const me = await a.signedIn();
    const someone = await a.signedIn();
    const mine = await RawCable.open(url, { cookie: sessionCookie(me.browser.cookie('session')) });
    const theirs = await RawCable.open(url, { cookie: sessionCookie(someone.browser.cookie('session')) });
    try {
      const id = JSON.stringify({ channel: CHANNELS.notifications, user_id: me.user.id, part: 'notice-centre' });
      expect((await mine.subscribe(id)).type).toBe('confirm_subscription');
      expect((await theirs.subscribe({ channel: CHANNELS.notifications })).type).toBe('confirm_subscription');

      const [noticeId] = await noticesFor(me.user.id, 1, { kind: 'failure', textKey: 'renderFailed' });
      const told = await mine.next((message) => message.identifier === id && message.message !== undefined);
      expect(told.message).toEqual({
        type: 'notice',
        notice: expect.objectContaining({ id: noticeId, kind: 'failure', text_key: 'renderFailed', read_at: null }) as unknown,
      });

      await me.browser.post(`${NOTICES}/read_all`, {});
      const read = await mine.next(
        (message) => message.identifier === id && (message.message as { type?: string } | undefined)?.type === 'notices_read',
      );
      expect(read.message).toEqual({ type: 'notices_read', unread_count: 0 });
      await theirs.pings(1);
      expect(theirs.received.filter((message) => message.type === undefined)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
