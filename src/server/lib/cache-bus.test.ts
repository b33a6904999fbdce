import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerSchema } from '../../common/catalogue.ts';
import { contentItemSchema } from '../../common/newsroom-desk.ts';
import { buildApp } from '../app.ts';
import { categories } from '../modules/catalogue/schema.ts';
import { deskCallers } from '../modules/desk/test-support.ts';
import { publishableFields, storyWithMaster, uniqueWord } from '../modules/newsroom/test-support.ts';
import { createTestApp, testConfig, testServices, type TestApp } from '../test/harness.ts';
import { Browser } from '../test/http.ts';
import { inProcessCacheBus, type CacheBus } from './cache-bus.ts';
import { redisCacheBus } from './redis-cache-bus.ts';

/**
 * Two API processes on one database, each with its own in-process caches (the micro-cache of
 * visitors' answers, the memos of search plans and reference tables): a change made through one
 * shows on the other at once. The test clock never moves, so an answer the other process cached
 * would be served for ever without the invalidation: nothing here waits for a cache's lifetime.
 */
function twoProcesses(makeBuses: () => Promise<[CacheBus, CacheBus]>) {
  let t: TestApp;
  let other: FastifyInstance;
  let otherBus: CacheBus;
  let callers: Awaited<ReturnType<typeof deskCallers>>;
  beforeAll(async () => {
    const [here, there] = await makeBuses();
    otherBus = there;
    t = await createTestApp({ services: { caches: here } });
    other = await buildApp(testConfig(), testServices(t.database, { caches: there }));
    await other.ready();
    callers = await deskCallers(t);
  });
  afterAll(async () => {
    await other?.close();
    await otherBus?.close();
    await t?.close();
  });

  const visitor = () => new Browser(other);
  /** Polls the other process until `check` holds; answers how long it took (it fails past 2 s). */
  async function onOther(check: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > 2000) throw new Error('the other process still answers from its cache');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - start;
  }

  async function publishedStory(headline: string, category: string) {
    const editor = { userId: callers.ids.editor ?? 0, ip: null };
    const story = await storyWithMaster(t, editor, { headline, fields: { category_slug: category } });
    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    return { id: story.id, slug: published.video_project_slug ?? '' };
  }

  async function category(names: string) {
    const slug = `cache-${uniqueWord()}`;
    await t.database.db.insert(categories).values({ slug, names: { en: names, es: names, ru: names, ar: names }, position: 99 });
    return slug;
  }

  it('a title corrected at the desk of one process shows at once on the list and page the other had cached; a kill takes it off at once', async () => {
    const word = uniqueWord();
    const slug = await category('Weather');
    const list = `/api/content/video_projects?category=${slug}`;
    const story = await publishedStory(`Storm ${word} reaches the coast`, slug);
    const page = `/api/content/video_projects/${story.slug}`;
    for (const url of [list, page]) {
      expect((await visitor().get(url)).body).toContain(`Storm ${word} reaches the coast`);
      const again = await visitor().get(url);
      expect(again.headers['x-cache']).toBe('hit');
    }

    const item = contentItemSchema.parse((await callers.editor.get(`/api/desk/content/${story.id}`)).json());
    const texts = publishableFields(`Storm ${word} floods the coast`).texts;
    expect((await callers.editor.patch(`/api/desk/content/${story.id}`, { version: item.version, fields: { texts } })).statusCode).toBe(
      200,
    );
    expect((await callers.editor.post(`/api/desk/content/${story.id}/correct`, { note: 'The storm flooded it' })).statusCode).toBe(200);
    for (const url of [list, page]) {
      expect(await onOther(async () => (await visitor().get(url)).body.includes(`Storm ${word} floods the coast`))).toBeLessThan(1000);
    }

    expect((await callers.editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'Staged footage' })).statusCode).toBe(200);
    expect(await onOther(async () => !(await visitor().get(list)).body.includes(word))).toBeLessThan(1000);
    expect((await visitor().get(page)).statusCode).toBe(404);
  });

  it('a banner made at the desk of one process shows at once on the dashboard the other had cached', async () => {
    const dashboard = '/api/content/video_projects/dashboard?locale=ru';
    const title = `Summit ${uniqueWord()} live`;
    await visitor().get(dashboard);
    expect((await visitor().get(dashboard)).headers['x-cache']).toBe('hit');
    const made = await callers.editor.post('/api/desk/banners', {
      title,
      locale: 'ru',
      position: 3,
      target_link_to: 'custom',
      custom_url: 'https://newsreel.example/summit',
    });
    expect(bannerSchema.parse(made.json()).title).toBe(title);
    expect(await onOther(async () => (await visitor().get(dashboard)).body.includes(title))).toBeLessThan(1000);
  });

  it('a live event renamed at the desk of one process shows at once on the dashboard the other had cached', async () => {
    const dashboard = '/api/content/video_projects/dashboard?locale=en';
    const word = uniqueWord();
    const titles = { en: `Summit ${word} opens`, es: `Cumbre ${word}`, ru: `Саммит ${word}`, ar: `قمة ${word}` };
    const startAt = new Date(t.services.clock.now().getTime() + 2 * 3600_000).toISOString();
    const made = await callers.live.post('/api/desk/live/events', { titles, start_at: startAt });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json<{ id: number }>();
    expect((await visitor().get(dashboard)).body).toContain(titles.en);
    expect((await visitor().get(dashboard)).headers['x-cache']).toBe('hit');
    const renamed = await callers.live.patch(`/api/desk/live/events/${id}`, { titles: { en: `Summit ${word} postponed` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await onOther(async () => (await visitor().get(dashboard)).body.includes(`Summit ${word} postponed`))).toBeLessThan(1000);
  });

  it('reference data a seed renamed shows at once in the other process, which kept it in memory (scope reference)', async () => {
    const slug = await category('Weather');
    const story = await publishedStory(`Frost ${uniqueWord()} grips the north`, slug);
    const list = `/api/content/video_projects?category=${slug}&locale=es`;
    expect((await visitor().get(list)).body).toContain(story.slug);
    expect((await visitor().get(list)).headers['x-cache']).toBe('hit');

    const names = { en: 'Climate', es: 'Clima', ru: 'Климат', ar: 'مناخ' };
    await t.database.db.update(categories).set({ names }).where(eq(categories.slug, slug));
    // What `npm run seed` says once it has written (seed/cli.ts).
    t.services.caches.invalidate('reference');
    expect(await onOther(async () => (await visitor().get(list)).body.includes('"name":"Clima"'))).toBeLessThan(1000);
  });
}

describe('caches across processes: the in-process bus (the embedded default; two apps in one process share it)', () => {
  twoProcesses(async () => {
    const bus = inProcessCacheBus();
    return [bus, bus];
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('caches across processes: through Redis (REDIS_URL), each process with its own connections', () => {
  twoProcesses(async () => {
    const options = { url: redisUrl ?? '', channel: `newsreel:test:caches:${randomUUID()}`, log: console };
    return [await redisCacheBus(options), await redisCacheBus(options)];
  });
});

describe.skipIf(!redisUrl)('the Redis cache bus after a lost connection', () => {
  it('drops everything it holds once subscribed again, since what was published meanwhile is lost', async () => {
    const channel = `newsreel:test:caches:${randomUUID()}`;
    const bus = await redisCacheBus({ url: redisUrl ?? '', channel, log: { warn: () => undefined } });
    const admin = new Redis(redisUrl ?? '');
    try {
      const cleared: string[] = [];
      bus.onInvalidate('catalogue', () => cleared.push('catalogue'));
      bus.onInvalidate('reference', () => cleared.push('reference'));
      // Only this bus's subscribed connection (the test's own channel names it), nobody else's.
      const clients = String(await admin.call('CLIENT', 'LIST')).split('\n');
      const subscriber = clients.find((line) => line.includes(` name=cache-bus:${channel} `) && / sub=1 /.test(line));
      const id = /(?:^| )id=(\d+)/.exec(subscriber ?? '')?.[1];
      expect(id).toBeDefined();
      await admin.call('CLIENT', 'KILL', 'ID', id ?? '');
      const start = Date.now();
      while (cleared.length < 2 && Date.now() - start < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(cleared.sort()).toEqual(['catalogue', 'reference']);
      // And it hears again: a change published now reaches it.
      await admin.publish(channel, 'catalogue');
      const heard = Date.now();
      while (cleared.length < 3 && Date.now() - heard < 2000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(cleared).toHaveLength(3);
    } finally {
      admin.disconnect();
      await bus.close();
    }
  });
});
