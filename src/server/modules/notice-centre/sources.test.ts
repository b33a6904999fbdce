import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/downloads.ts';
import { noticesPageSchema, type Notice } from '../../../common/notice-centre.ts';
import { CHANNELS, type UserNotificationMessage } from '../../../common/realtime.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { deliverRequested } from '../downloads/ftp-delivery.ts';
import { failRequests, renderRequested } from '../downloads/render.ts';
import { renditions, videoRequests } from '../downloads/schema.ts';
import { buildStatsReport } from '../downloads/stats-report.ts';
import { videoOf } from '../downloads/test-support.ts';
import { liveEvents } from '../live/schema.ts';
import { LIVE_STARTING_QUEUE, tellLiveStarting } from '../live/starting-notices.ts';
import { wentLive } from '../live/stream.ts';
import { createLiveEvent } from '../live/test-support.ts';
import { notifyDownloaders } from '../newsroom/notices.ts';
import { contentItems } from '../newsroom/schema.ts';
import { storyWithMaster } from '../newsroom/test-support.ts';
import type { Broadcast } from '../realtime/broadcaster.ts';

/**
 * Where notices come from (issue 28): each place the server already tells a user something keeps
 * a notice in their notice centre and pushes it on their notifications channel.
 */
let t: TestApp;
const queued: { queue: string; data: object | undefined }[] = [];
const heard: { stream: string; message: UserNotificationMessage }[] = [];
const broadcast: Broadcast = (channel, stream, message) => {
  if (channel === CHANNELS.notifications) heard.push({ stream, message: message as UserNotificationMessage });
};

beforeAll(async () => {
  // Jobs are kept here and run by the test, as a worker would.
  t = await createTestApp({
    services: {
      jobs: {
        send: async (queue, data) => {
          queued.push({ queue, data });
          return String(queued.length);
        },
        stop: async () => undefined,
      },
    },
  });
});
afterAll(() => t.close());

const noticesOf = async (browser: Browser): Promise<Notice[]> =>
  noticesPageSchema.parse((await browser.get('/api/current_user/notices')).json()).notices;
const heardBy = (userId: number) =>
  heard.filter((entry) => entry.stream === `user:${userId}` && entry.message.type === 'notice').map((entry) => entry.message);
const jobDeps = (): JobDeps => ({
  db: t.database.db,
  clock: t.services.clock,
  mailer: t.services.mailer,
  broadcast,
  cards: t.services.cards,
  publicOrigin: 'http://newsreel.test',
  files: t.services.files,
  outbound: t.services.outbound,
  push: t.services.push,
  jobs: t.services.jobs,
});

/** A download of a free video whose file must be rendered: the request waits for its rendition. */
async function waitingDownload(browser: Browser) {
  const projectId = await videoOf(t, 'free');
  const answer = await browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const { request_id: requestId, exist } = purchaseResultSchema.parse(answer.json());
  expect(exist).toBe(false);
  const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.id, requestId));
  if (!request) throw new Error('no request');
  return request;
}

describe('downloads', () => {
  it('a rendered file tells its user "file ready" with a link to my content; a failed render and a failed delivery tell a failure', async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const rendered = await waitingDownload(browser);
    // The render's file is in the cache: the job marks the request ready (what a finished render does).
    await t.database.db.insert(renditions).values({
      renditionKey: rendered.renditionKey,
      projectId: rendered.projectId,
      storageKey: `renditions/${rendered.renditionKey}.mp4`,
      sizeBytes: 10,
      createdAt: t.services.clock.now(),
    });
    const deps = { db: t.database.db, clock: t.services.clock, files: t.services.files, broadcast };
    expect(await renderRequested(deps, { renditionKey: rendered.renditionKey })).toEqual({ rendered: 0, ready: 1 });
    const [ready] = await noticesOf(browser);
    expect(ready).toMatchObject({
      kind: 'file_ready',
      text_key: 'fileReady',
      values: { title: expect.stringContaining('Download test free') as unknown, file: '720p MP4' },
      link: '/user/my-content',
      read_at: null,
    });
    expect(heardBy(user.id)).toEqual([{ type: 'notice', notice: ready }]);

    const failing = await waitingDownload(browser);
    expect(await failRequests(deps, failing.renditionKey, 'render_failed')).toBe(1);
    expect(await failRequests(deps, failing.renditionKey, 'render_failed')).toBe(0);

    // The ready file's upload to an FTP server the profile does not name fails, and says so.
    await t.database.db.update(videoRequests).set({ delivery: 'waiting' }).where(eq(videoRequests.id, rendered.id));
    const delivery = { ...deps, outbound: t.services.outbound };
    expect(await deliverRequested(delivery, { requestId: rendered.id })).toEqual({ delivered: 0, failed: 1 });

    const notices = await noticesOf(browser);
    expect(notices.map((notice) => [notice.kind, notice.text_key, notice.link])).toEqual([
      ['failure', 'deliveryFailed', '/user/my-content'],
      ['failure', 'renderFailed', '/user/my-content'],
      ['file_ready', 'fileReady', '/user/my-content'],
    ]);
    expect(heardBy(user.id)).toHaveLength(3);
  });

  it('the CSV of downloads tells "report ready" with the file’s own signed link', async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    await buildStatsReport(jobDeps(), { userId: user.id });
    const [report] = await noticesOf(browser);
    expect(report).toMatchObject({ kind: 'file_ready', text_key: 'reportReady', values: {} });
    expect(report?.link).toMatch(/^\/files\/reports\//);
    expect((await new Browser(t.app).get(report?.link ?? '')).headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});

describe('kills and corrections', () => {
  it('each customer who downloaded a story is told of its kill and its correction, once each', async () => {
    const a = agreementFixtures(t);
    const customer = await a.signedIn();
    const bystander = await a.signedIn();
    const projectId = await videoOf(t, 'free');
    const story = await storyWithMaster(t, null, { headline: 'Dam breach', state: 'killed', revision: 1 });
    await t.database.db
      .update(contentItems)
      .set({ videoProjectId: projectId, killedReason: 'The footage was staged', correctionNote: 'The date was wrong' })
      .where(eq(contentItems.id, story.id));
    const now = t.services.clock.now();
    await t.database.db.insert(videoRequests).values({
      userId: customer.user.id,
      projectId,
      quality: 'hd',
      container: 'mp4',
      format: 'clean',
      renditionKey: `notice-${projectId}`,
      state: 'ready',
      progress: 100,
      createdAt: now,
      updatedAt: now,
    });
    const deps = { ...jobDeps(), push: { publicKey: 'test', send: async () => 'sent' as const } };
    await notifyDownloaders(deps, { itemId: story.id, kind: 'killed', revision: 1 });
    await notifyDownloaders(deps, { itemId: story.id, kind: 'killed', revision: 1 });
    await notifyDownloaders(deps, { itemId: story.id, kind: 'corrected', revision: 2 });
    expect((await noticesOf(customer.browser)).map((notice) => [notice.kind, notice.text_key, notice.values, notice.link])).toEqual([
      ['content_notice', 'contentCorrected', { title: 'Dam breach', note: 'The date was wrong' }, '/user/my-content'],
      ['content_notice', 'contentKilled', { title: 'Dam breach', reason: 'The footage was staged' }, '/user/my-content'],
    ]);
    expect(heardBy(customer.user.id)).toHaveLength(2);
    expect(await noticesOf(bystander.browser)).toEqual([]);
  });
});

describe('live events', () => {
  it('going live queues the notices; its followers and those whose booking was confirmed are told once, in their language’s title', async () => {
    const a = agreementFixtures(t);
    const admin = await a.signedIn({ isAdmin: true });
    const { master, member, otherMaster } = await a.team();
    const follower = await a.signedIn();
    const bystander = await a.signedIn();
    const event = await createLiveEvent(t, admin.browser, { title: 'Summit opens' });
    await t.database.db
      .update(liveEvents)
      .set({ titles: { ar: 'افتتاح القمة' } })
      .where(eq(liveEvents.id, event.id));
    expect((await follower.browser.post(`/api/content/live/events/${event.slug}/subscription`)).statusCode).toBe(200);
    // A confirmed booking is an active one-off licence of the company: its members are told too.
    await createAgreement(t.database.db, { companyId: master.user.companyId, agreementType: 'one_off', liveEventId: event.id });

    const went = await admin.browser.patch(`/api/admin/content/live/events/${event.id}`, { live_event: { status: 'live' } });
    expect(went.statusCode, went.body).toBe(200);
    expect(queued).toContainEqual({ queue: LIVE_STARTING_QUEUE, data: { eventId: event.id } });
    expect(await tellLiveStarting(jobDeps(), event.id)).toEqual({ noticed: 3 });
    expect(await tellLiveStarting(jobDeps(), event.id)).toEqual({ noticed: 0 });

    for (const who of [follower, master, member]) {
      expect(await noticesOf(who.browser)).toEqual([
        expect.objectContaining({
          kind: 'live_starting',
          text_key: 'liveStarting',
          values: { title: 'Summit opens', title_ar: 'افتتاح القمة' },
          link: `/events/${event.slug}`,
        }),
      ]);
      expect(heardBy(who.user.id)).toHaveLength(1);
    }
    for (const who of [otherMaster, bystander, admin]) expect(await noticesOf(who.browser)).toEqual([]);
  });

  it('the picture arriving takes an event live and queues its notices too; an event not live tells no one', async () => {
    const admin = await agreementFixtures(t).signedIn({ isAdmin: true });
    const follower = await agreementFixtures(t).signedIn();
    const event = await createLiveEvent(t, admin.browser);
    await follower.browser.post(`/api/content/live/events/${event.slug}/subscription`);
    expect(await tellLiveStarting(jobDeps(), event.id)).toEqual({ noticed: 0 });
    await wentLive(
      { db: t.database.db, clock: t.services.clock, broadcast, jobs: t.services.jobs, outbound: t.services.outbound },
      event.id,
    );
    expect(queued).toContainEqual({ queue: LIVE_STARTING_QUEUE, data: { eventId: event.id } });
    expect(await tellLiveStarting(jobDeps(), event.id)).toEqual({ noticed: 1 });
    expect((await noticesOf(follower.browser)).map((notice) => notice.kind)).toEqual(['live_starting']);
  });
});
