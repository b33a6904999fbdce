import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_DOWNLOAD_LIMIT, purchaseResultSchema } from '../../../common/downloads.ts';
import { createTestApp, days, minutes, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { sessions, users } from '../accounts/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { videoRequests } from './schema.ts';
import { madeRendition, videoOf } from './test-support.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const download = (browser: Browser, projectId: number, body: Record<string, unknown> = {}) =>
  browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    ...body,
  });

const requestsOf = (userIds: number[]) =>
  t.database.db.select({ userId: videoRequests.userId }).from(videoRequests).where(inArray(videoRequests.userId, userIds));

/** A free video whose clean HD MP4 is stored: its download is claimed in the statement that reads the caller's session. */
async function storedFreeVideo() {
  const video = await videoOf(t, 'free');
  await madeRendition(t, video);
  return video;
}

describe('the download call reads its caller’s session with the video, in one statement', () => {
  it('callers at once each download as themselves: the daily limit holds per user, every request is its caller’s', async () => {
    const video = await storedFreeVideo();
    const callers = await Promise.all([1, 2, 3].map(() => a.signedIn()));
    // Interleaved: 40, 20 and 35 calls, so every statement holds several users' sessions and claims.
    const asked = [40, 20, 35];
    const wanted = callers.flatMap((caller, i) => Array.from({ length: asked[i] ?? 0 }, () => caller));
    const order = wanted.flatMap((_, i) => wanted[(i * 7) % wanted.length] ?? []);
    const answers = await Promise.all(order.map((caller) => download(caller.browser, video)));

    for (const [i, caller] of callers.entries()) {
      const own = answers.filter((_, j) => order[j] === caller);
      const granted = own.filter((answer) => answer.statusCode === 200);
      expect(granted).toHaveLength(Math.min(asked[i] ?? 0, DAILY_DOWNLOAD_LIMIT));
      expect(own.filter((answer) => answer.statusCode !== 200).map((answer) => codes(answer)[0])).toEqual(
        Array.from({ length: Math.max(0, (asked[i] ?? 0) - DAILY_DOWNLOAD_LIMIT) }, () => 'daily_quota'),
      );
      for (const answer of granted) expect(purchaseResultSchema.parse(answer.json()).exist).toBe(true);
      const recorded = await requestsOf([caller.user.id]);
      expect(recorded).toHaveLength(Math.min(asked[i] ?? 0, DAILY_DOWNLOAD_LIMIT));
    }
  }, 60_000);

  it('a session over (idle 14 days, or of a deactivated user) claims nothing: the caller is told to sign in again', async () => {
    const video = await storedFreeVideo();
    const idle = await a.signedIn();
    const deactivated = await a.signedIn();
    const active = await a.signedIn();
    t.services.clock.advance(days(13));
    // Seen on day 13, the active caller's session lasts; the idle one's does not on day 14.
    expect((await active.browser.get('/api/current_user')).statusCode).toBe(200);
    t.services.clock.advance(days(1) + minutes(1));
    await t.database.db.update(users).set({ deactivatedAt: t.services.clock.now() }).where(eq(users.id, deactivated.user.id));

    // Sent at once, they share a statement: only the active caller's claim is made.
    const [idleAnswer, deactivatedAnswer, activeAnswer] = await Promise.all(
      [idle, deactivated, active].map((caller) => download(caller.browser, video)),
    );
    expect(idleAnswer && codes(idleAnswer)).toEqual(['timeout']);
    expect(deactivatedAnswer && codes(deactivatedAnswer)).toEqual(['timeout']);
    expect(activeAnswer?.statusCode).toBe(200);
    expect((await requestsOf([idle.user.id, deactivated.user.id, active.user.id])).map((row) => row.userId)).toEqual([active.user.id]);
    // The sessions that were over are gone: the next call is a stranger's.
    const left = await t.database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(inArray(sessions.userId, [idle.user.id, deactivated.user.id]));
    expect(left).toEqual([]);
    expect(codes(await download(idle.browser, video))).toEqual(['unauthenticated']);
  });

  it('a session is kept alive by downloads as by any call (its last use written at most every 5 minutes)', async () => {
    const video = await storedFreeVideo();
    const caller = await a.signedIn();
    const lastSeen = async () =>
      (await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, caller.user.id)))[0]?.at.getTime();
    const signedInAt = await lastSeen();
    t.services.clock.advance(minutes(4));
    expect((await download(caller.browser, video)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    t.services.clock.advance(minutes(2));
    expect((await download(caller.browser, video)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.services.clock.now().getTime());
  });

  it('a caller not signed in is told so before anything about the body', async () => {
    const video = await storedFreeVideo();
    const stranger = new Browser(t.app);
    stranger.setCookie('session', 'not-a-session-of-anyone-0123456789abcdef');
    const { browser } = await a.signedIn();
    for (const body of [{ quality: '4k' }, { restrictions_accepted: false }, {}]) {
      expect((await download(new Browser(t.app), video, body)).statusCode).toBe(401);
      expect((await download(stranger, video, body)).statusCode).toBe(401);
    }
    expect(codes(await download(browser, video, { quality: '4k' }))).toEqual(['invalid']);
    expect(codes(await download(browser, video, { restrictions_accepted: false }))).toEqual(['restrictions_required']);
  });
});
