import { videoRequestListSchema } from '../../../common/downloads.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myContentEntitiesSchema } from '../../../common/downloads.ts';
import { contentItemSchema } from '../../../common/newsroom-desk.ts';
import type { PushPayload } from '../../../common/push.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, testConfig, testServices, type TestApp } from '../../test/harness.ts';
import { Browser, codes, lastMailTo } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { tags, videoProjects } from '../catalogue/schema.ts';
import { deskCallers } from '../desk/test-support.ts';
import { signedFileUrl } from '../downloads/files.ts';
import { renditions, videoRequests } from '../downloads/schema.ts';
import { pushClients } from '../push/schema.ts';
import type { PushSender } from '../push/sender.ts';
import { newsroomProjectId } from './catalogue-sync.ts';
import { notifyDownloaders } from './notices.ts';
import { contentItemMedia } from './ingest/schema.ts';
import { contentNotices } from './schema.ts';
import { storyWithMaster, uniqueWord } from './test-support.ts';

let t: TestApp;
let other: FastifyInstance;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  // A second API process on the same database: its micro-cache is its own; it hears of changes as
  // every process does, through the cache bus they share (Redis in production).
  other = await buildApp(testConfig(), testServices(t.database, { caches: t.services.caches }));
  await other.ready();
  callers = await deskCallers(t);
  await t.database.db
    .insert(tags)
    .values({ slug: 'desk-storms', names: { en: 'Storms', es: 'Tormentas', ru: 'Штормы', ar: 'عواصف' } })
    .onConflictDoNothing();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const editorActor = () => ({ userId: callers.ids.editor ?? 0, ip: null });
const anonymous = (app: FastifyInstance) => new Browser(app);
const found = async (app: FastifyInstance, url: string, needle: string) =>
  JSON.stringify((await anonymous(app).get(url)).json()).includes(needle);

/** Polls until `check` holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - start;
}

describe('publishing reaches the catalogue; withholding and killing take the story out', () => {
  it('in search, suggestions, the tag landing, the dashboard and the video page of every process within 2 s, and out again', async () => {
    const word = uniqueWord();
    const story = await storyWithMaster(t, editorActor(), {
      headline: `Storm ${word} floods the coast`,
      fields: { tag_slugs: ['desk-storms'] },
    });
    const searchUrl = `/api/content/video_projects/search?search=${word}`;
    // Visitors of both processes asked before: their answers are micro-cached, without the story.
    for (const app of [t.app, other]) expect(await found(app, searchUrl, word)).toBe(false);

    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    const slug = published.video_project_slug ?? '';
    expect(slug).toMatch(/^storm-zebra/);
    for (const app of [t.app, other]) {
      expect(await within(2000, () => found(app, searchUrl, slug))).toBeLessThanOrEqual(2000);
      expect(await found(app, `/api/content/video_projects/suggests?search=${word}`, slug)).toBe(true);
      expect(await found(app, '/api/content/tags/landings/desk-storms', slug)).toBe(true);
      // The newest story leads the dashboard as a banner (by its agency id) or sits in its feed.
      expect(await found(app, '/api/content/video_projects/dashboard', newsroomProjectId(story.id))).toBe(true);
    }
    const page = await anonymous(t.app).get(`/api/content/video_projects/${slug}`);
    expect(page.json()).toMatchObject({ title: `Storm ${word} floods the coast`, language: 'en', free_access: true });

    await callers.editor.post(`/api/desk/content/${story.id}/withhold`, {});
    for (const app of [t.app, other]) await within(2000, async () => !(await found(app, searchUrl, slug)));
    expect((await anonymous(t.app).get(`/api/content/video_projects/${slug}`)).statusCode).toBe(404);
    expect(await found(t.app, '/api/content/tags/landings/desk-storms', slug)).toBe(false);

    await callers.editor.post(`/api/desk/content/${story.id}/reinstate`, {});
    await within(2000, () => found(other, searchUrl, slug));
    await callers.editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'Staged footage' });
    await within(2000, async () => !(await found(other, searchUrl, slug)));
    expect(await found(t.app, '/api/content/video_projects/dashboard', newsroomProjectId(story.id))).toBe(false);
  });

  it("an ingested master's preview clip, poster and animated preview are the published video's", async () => {
    const story = await storyWithMaster(t, editorActor());
    await t.database.db.insert(contentItemMedia).values({
      itemId: story.id,
      previewKey: `previews/ingest-${story.id}.mp4`,
      posterKey: `previews/ingest-${story.id}-960.jpg`,
      animatedKeys: [`previews/ingest-${story.id}-a1.jpg`, `previews/ingest-${story.id}-a2.jpg`],
      updatedAt: t.services.clock.now(),
    });
    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    const video = (await anonymous(t.app).get(`/api/content/video_projects/${published.video_project_slug ?? ''}`)).json<unknown>();
    expect(video).toMatchObject({
      preview_video_url: `/media/clips/ingest-${story.id}.mp4`,
      selected_preview_image: `/media/clips/ingest-${story.id}-960.jpg`,
      animated_preview_thumbnails: [`/media/clips/ingest-${story.id}-a1.jpg`, `/media/clips/ingest-${story.id}-a2.jpg`],
      has_preview_video: true,
    });
  });

  it('killing refuses new downloads, stops waiting renders, answers 410 on every link of it, and tells each customer who downloaded it', async () => {
    const a = agreementFixtures(t);
    const customer = await a.signedIn({ notificationLocale: 'en' });
    const waiting = await a.signedIn();
    const story = await storyWithMaster(t, editorActor(), { headline: `Flood ${uniqueWord()}` });
    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    const [project] = await t.database.db
      .select()
      .from(videoProjects)
      .where(eq(videoProjects.projectSlug, published.video_project_slug ?? ''));
    if (!project) throw new Error('not in the catalogue');

    // A file the customer downloaded, and a render another customer waits for.
    const now = t.services.clock.now();
    const renditionKey = `ab${String(project.id).padStart(30, '0')}`;
    const storageKey = `renditions/ab/${renditionKey}.mp4`;
    await t.database.db.insert(renditions).values({ renditionKey, projectId: project.id, storageKey, sizeBytes: 10, createdAt: now });
    const base = {
      projectId: project.id,
      quality: 'hd' as const,
      container: 'mp4' as const,
      format: 'clean' as const,
      renditionKey,
      createdAt: now,
      updatedAt: now,
    };
    const [done] = await t.database.db
      .insert(videoRequests)
      .values({ ...base, userId: customer.user.id, state: 'ready', progress: 100 })
      .returning();
    const [rendering] = await t.database.db
      .insert(videoRequests)
      .values({ ...base, userId: waiting.user.id, state: 'transcoding' })
      .returning();
    await t.database.db.insert(pushClients).values({
      externalId: `desk-${project.id}`,
      userId: customer.user.id,
      notificationLocales: ['en'],
      endpoint: 'https://push.example/customer',
      p256dh: 'key',
      auth: 'auth',
      createdAt: now,
      updatedAt: now,
    });
    const link = signedFileUrl(t.services.files.secret, {
      key: storageKey,
      name: 'flood.mp4',
      now,
      request: done?.id,
      owner: customer.user.id,
    });
    const bare = signedFileUrl(t.services.files.secret, { key: storageKey, name: 'flood.mp4', now });
    // Before: the link is good (no bytes stored in this test, hence 404, not 410).
    expect((await customer.browser.get(link)).statusCode).toBe(404);
    const requested = async () =>
      videoRequestListSchema
        .parse((await customer.browser.get('/api/current_user/my_content/video_requests')).json())
        .video_requests.find((request) => request.id === done?.id);
    const before = await requested();
    expect([before?.stage, before?.withdrawn, before?.url?.startsWith('/files/')]).toEqual(['download_now', false, true]);

    const killed = await callers.editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'The footage was staged' });
    expect(contentItemSchema.parse(killed.json())).toMatchObject({ state: 'killed', killed_reason: 'The footage was staged', actions: [] });
    for (const url of [link, bare]) {
      const gone = await customer.browser.get(url);
      expect([gone.statusCode, codes(gone)]).toEqual([410, ['content_withdrawn']]);
    }
    // The requested files no longer offer the file: no link, and the reason.
    expect(await requested()).toMatchObject({ stage: 'download_now', withdrawn: true, url: null });
    const download = await customer.browser.post(`/api/content/video_projects/${project.id}/videos/download`, {
      quality: 'hd',
      file_type: 'mp4',
      video_format: 'clean',
      restrictions_accepted: true,
    });
    expect(download.statusCode).toBe(404);
    const [stopped] = await t.database.db
      .select()
      .from(videoRequests)
      .where(eq(videoRequests.id, rendering?.id ?? 0));
    expect(stopped).toMatchObject({ state: 'cancelled', error: 'content_withdrawn' });

    // The notice job (run here as a worker would): in-app, e-mail and push, once.
    const pushed: PushPayload[] = [];
    const push: PushSender = {
      publicKey: 'test',
      send: async (_target, payload) => {
        pushed.push(payload);
        return 'sent';
      },
    };
    const broadcasts: unknown[] = [];
    const deps = {
      db: t.database.db,
      clock: t.services.clock,
      mailer: t.services.mailer,
      push,
      publicOrigin: 'http://newsreel.test',
      broadcast: ((_channel: string, stream: string, message: unknown) => broadcasts.push({ stream, message })) as never,
    };
    const news = { itemId: story.id, kind: 'killed' as const, revision: 1 };
    expect(await notifyDownloaders(deps, news)).toEqual({ noticed: 1, mailed: 1, pushed: 1 });
    expect(await notifyDownloaders(deps, news)).toEqual({ noticed: 0, mailed: 0, pushed: 0 });
    const notices = await t.database.db.select().from(contentNotices).where(eq(contentNotices.contentItemId, story.id));
    expect(notices).toMatchObject([{ userId: customer.user.id, kind: 'killed', note: 'The footage was staged' }]);
    const mail = await lastMailTo(t.app, customer.user.email);
    expect(mail.subject).toContain('do not use');
    expect(mail.text).toContain('The footage was staged');
    expect(mail.text).toContain('http://newsreel.test/en/user/my-content');
    expect(pushed).toEqual([expect.objectContaining({ title: 'KILL – do not use', url: '/en/user/my-content' })]);
    expect(broadcasts).toEqual([
      // Kept in the notice centre (notice-centre/sources.test.ts), and shown at once as a pop-up.
      {
        stream: `user:${customer.user.id}`,
        message: expect.objectContaining({ type: 'notice' }) as unknown,
      },
      {
        stream: `user:${customer.user.id}`,
        message: expect.objectContaining({ type: 'error', key: 'downloads.contentKilled' }) as unknown,
      },
    ]);

    // My content marks it Killed.
    const mine = myContentEntitiesSchema.parse((await customer.browser.get('/api/current_user/my_content/entities')).json());
    expect(mine.entities.find((entity) => entity.video.id === project.id)?.content_state).toBe('killed');
  });
});
