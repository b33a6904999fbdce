import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoRequestListSchema, worldExclusiveRequestSchema, worldExclusiveRequestsSchema } from '../../../common/downloads.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, type Browser } from '../../test/http.ts';
import { agreementBalances } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { worldExclusiveRequests } from './schema.ts';
import { videoOf as videoOfKind } from './test-support.ts';

/** The video page's other download calls (spec: content §7): repeats, the video's requested files, world exclusives. */
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const videoOf = (kind: 'free' | 'pool') => videoOfKind(t, kind);

const call = (browser: Browser, projectId: number | string, name: string, body: Record<string, unknown> = {}) =>
  browser.post(`/api/content/video_projects/${projectId}/videos/${name}`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    ...body,
  });

describe('repeated downloads', () => {
  it('only of a video downloaded before; a repeat under a pass takes nothing more from the pool', async () => {
    const { browser, user } = await a.signedIn({ userGroup: 'customer' });
    const pass = await createAgreement(
      t.database.db,
      { userId: user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] },
      t.services.clock.now(),
    );
    const video = await videoOf('pool');
    const early = await call(browser, video, 'repeated_downloads');
    expect([early.statusCode, codes(early)]).toEqual([403, ['not_downloaded_before']]);
    expect(codes(await call(browser, video, 'download', { repeated: true }))).toEqual(['not_downloaded_before']);

    expect((await call(browser, video, 'download')).statusCode).toBe(200);
    expect((await call(browser, video, 'repeated_downloads', { quality: 'sd' })).statusCode).toBe(200);
    const [pool] = await t.database.db
      .select({ amount: agreementBalances.amount })
      .from(agreementBalances)
      .where(and(eq(agreementBalances.agreementId, pass.id), eq(agreementBalances.kind, 'pool')));
    expect(pool?.amount).toBe(9);
  });
});

describe('the requested files of one video', () => {
  it('are the caller’s requests of that video only, newest first; an unknown video is not found', async () => {
    const { browser } = await a.signedIn();
    const [one, other] = [await videoOf('free'), await videoOf('free')];
    await call(browser, one, 'download');
    await call(browser, other, 'download');
    await call(browser, one, 'download', { quality: 'sd' });
    const answer = await call(browser, one, 'requested_video_downloads');
    expect(answer.statusCode).toBe(200);
    const { video_requests } = videoRequestListSchema.parse(answer.json());
    expect(video_requests.map((request) => [request.project_id, request.quality])).toEqual([
      [one, 'sd'],
      [one, 'hd'],
    ]);
    expect(codes(await call(browser, 99_999_999, 'requested_video_downloads'))).toEqual(['video_not_found']);
  });
});

describe('world-exclusive requests', () => {
  it('one per customer and video, however often or at once it is asked; the sales desk sees who asked', async () => {
    const { home, master } = await a.team();
    const video = await videoOf('free');
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(master.browser, video, 'request_world_exclusive')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => worldExclusiveRequestSchema.parse(answer.json()).id));
    expect(ids.size).toBe(1);
    expect(await t.database.db.select().from(worldExclusiveRequests).where(eq(worldExclusiveRequests.projectId, video))).toHaveLength(1);
    expect(codes(await call(master.browser, 'no-such-video', 'request_world_exclusive'))).toEqual(['video_not_found']);

    const admin = await a.signedIn({ isAdmin: true });
    const list = worldExclusiveRequestsSchema.parse((await admin.browser.get('/api/admin/world_exclusive_requests')).json());
    const listed = list.world_exclusive_requests.find((request) => request.project_id === video);
    expect(listed?.title).toMatch(/^Download test free /);
    expect(listed?.user).toEqual({ id: master.user.id, email: master.user.email, company_name: home.name });
  });
});
