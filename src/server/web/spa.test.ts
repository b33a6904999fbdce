import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { videoProjects } from '../modules/catalogue/schema.ts';
import { vacancies } from '../modules/careers/schema.ts';
import { liveEvents } from '../modules/live/schema.ts';
import { createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { BIG_SCRIPT, shellTestApp } from './test-web-root.ts';

let t: TestApp;
let projectIds: number[] = [];
let webRoot = '';
beforeAll(async () => {
  ({ t, projectIds, webRoot } = await shellTestApp());
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('locale redirect from a path without a locale (spec: accounts §5)', () => {
  it('sends / to /en by default', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en');
  });

  it('prefers the stored language_code cookie over the browser language', async () => {
    expect((await get('/', { cookie: 'language_code=es', 'accept-language': 'ar' })).headers.location).toBe('/es');
  });

  it('uses the browser language when nothing is stored', async () => {
    expect((await get('/', { 'accept-language': 'de-DE, ar;q=0.8, en;q=0.5' })).headers.location).toBe('/ar');
  });

  it('keeps the rest of the path and the query', async () => {
    expect((await get('/videos/category/politics?page=2', { 'accept-language': 'ru' })).headers.location).toBe(
      '/ru/videos/category/politics?page=2',
    );
  });
});

describe('app shell', () => {
  it('serves the shell with lang and dir for the locale', async () => {
    const arabic = await get('/ar');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    const english = await get('/en/old-browsers');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
  });

  it("names the page's locale catalogue, and only that one, in a modulepreload hint", async () => {
    const arabic = (await get('/ar/videos')).body;
    expect(arabic).toContain('<link rel="modulepreload" crossorigin href="/assets/ar-a1b2.js">');
    expect(arabic).not.toContain('en-c3d4.js');
    expect((await get('/es/about')).body).not.toContain('modulepreload');
  });

  it("preloads the chunks and styles of the screen's page that the shell does not load already, the page's after the app's first", async () => {
    const { body } = await get('/en');
    // At low priority: on a slow line they come after what the first paint needs (the locale's catalogue).
    expect(body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dashboard-page-d1.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/cards-c1.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/en-c3d4.js">');
    // In the credentials mode Vite's loader asks for them in (crossorigin), so the preloaded file is the one used.
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/dashboard-d1.css">');
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/cards-c1.css">');
    expect(body).not.toMatch(/<link rel="preload" as="style" href=/);
    expect(body).not.toContain('framework-f1.js');
    expect((await get('/en/about')).body).not.toContain('dashboard-page-d1.js');
  });

  it("preloads the typeface of a locale written beyond Latin (Russian's Cyrillic), so the page's first view is set in it", async () => {
    const preload = '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-cyrillic-wght-normal-k1.woff2">';
    expect((await get('/ru/videos')).body).toContain(preload);
    expect((await get('/en/videos')).body).not.toContain('as="font"');
  });

  it("preloads a video page's catalogue sections in its language, with the map of where they are, beside the page's code", async () => {
    const { body } = await get(`/ar/videos/${projectIds[0]}`);
    const preloaded = [...body.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloaded).toEqual(
      expect.arrayContaining(['video-page-v1.js', 'i18n-sections-s1.js', 'download-ar.js', 'video-ar.js', 'planDetails-ar.js']),
    );
    // Not another language's, nor a section the page does not say, nor sections for a screen that says none.
    expect(body).not.toMatch(/-en\.js|plans-ar\.js/);
    expect((await get('/en')).body).not.toContain('i18n-sections-s1.js');
  });

  it('answers 404 (with the shell, which shows the not-found page) for an unknown screen', async () => {
    const response = await get('/en/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves a file the build writes after the start; a path that names no file, or a directory, is left to the screens', async () => {
    await writeFile(path.join(webRoot, 'assets', 'later-9z9.js'), 'console.log(2)');
    const later = await get('/assets/later-9z9.js');
    expect([later.statusCode, later.body]).toEqual([200, 'console.log(2)']);
    // A missing chunk is not served: it goes the way of any path without a locale (to the locale's path).
    const missing = await get('/assets/none-0a0.js');
    expect([missing.statusCode, missing.headers.location]).toEqual([302, '/en/assets/none-0a0.js']);
    for (const screen of ['/en/', '/en/videos/'])
      expect([screen, (await get(screen)).body]).toEqual([screen, expect.stringContaining('<div id="root">')]);
    // A directory is no file either: not listed.
    expect((await get('/assets/')).headers.location).toBe('/en/assets/');
  });

  it('serves hashed assets with an immutable cache', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});

describe('the landing site’s small page set (spec: accounts §1)', () => {
  it('serves its screens, and answers 404 for the others, which the standard site serves', async () => {
    const landing = { host: 'landing.localhost' };
    for (const path of [
      '/en',
      '/en/videos',
      '/en/plans',
      '/en/signin',
      '/en/account-transfer',
      '/en/user/my-content',
      '/en/landing/elections',
      '/en/about',
    ])
      expect([path, (await get(path, landing)).statusCode]).toEqual([path, 200]);
    for (const path of ['/en/events', '/en/user/my-lists', '/en/user/planning', '/en/career', '/en/user/billing-settings']) {
      expect([path, (await get(path, landing)).statusCode]).toEqual([path, 404]);
      expect([path, (await get(path)).statusCode]).toEqual([path, 200]);
    }
  });
});

describe('screens whose content is missing (a missing video, tag or content page is a 404)', () => {
  it('answers 404 for a video, tag or page that does not exist, 200 for one that does', async () => {
    expect((await get('/en/videos/does-not-exist')).statusCode).toBe(404);
    expect((await get('/en/videos/2147483648')).statusCode).toBe(404);
    expect((await get(`/en/videos/${projectIds[0]}`)).statusCode).toBe(200);
    expect((await get('/ar/videos/NR-T-0001')).statusCode).toBe(200);
    expect((await get('/en/landing/no-such-tag')).statusCode).toBe(404);
    expect((await get('/es/landing/elections')).statusCode).toBe(200);
    expect((await get('/en/impressum')).statusCode).toBe(200);
    expect((await get('/ru/about')).statusCode).toBe(200);
  });

  it('answers 404 for a live event that does not exist or is hidden, 200 for a visible one and for my events', async () => {
    const now = t.services.clock.now();
    const event = { status: 'confirmed' as const, startAt: now, createdAt: now, updatedAt: now };
    await t.database.db.insert(liveEvents).values([
      { ...event, slug: 'shell-press-briefing', title: 'Press briefing' },
      { ...event, slug: 'shell-hidden-briefing', title: 'Hidden briefing', visible: false },
    ]);
    const shown = await get('/en/events/shell-press-briefing');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<title>Press briefing · Newsreel</title>');
    expect((await get('/ar/events/shell-hidden-briefing')).statusCode).toBe(404);
    expect((await get('/en/events/no-such-event')).statusCode).toBe(404);
    expect((await get('/en/events/my-events')).statusCode).toBe(200);
    expect((await get('/es/events')).statusCode).toBe(200);
  });

  it('answers 404 for a vacancy that does not exist or is withdrawn, 200 titled in the language for a published one', async () => {
    const now = t.services.clock.now();
    const texts = (title: string) => ({ title, department: '', location: 'London', summary: '', description: '' });
    const [open, closed] = await t.database.db
      .insert(vacancies)
      .values([
        { translations: { en: texts('Video editor'), ar: texts('محرر فيديو') }, publishedAt: now, createdAt: now, updatedAt: now },
        { translations: { en: texts('Night producer') }, published: false, createdAt: now, updatedAt: now },
      ])
      .returning({ id: vacancies.id });
    const shown = await get(`/ar/career/${open?.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('محرر فيديو');
    expect((await get(`/en/career/${closed?.id}`)).statusCode).toBe(404);
    expect((await get('/en/career/999999')).statusCode).toBe(404);
    expect((await get('/en/career/not-a-number')).statusCode).toBe(404);
  });
});

describe('the head of the shell', () => {
  const meta = (body: string, attribute: string) => new RegExp(`<meta ${attribute} content="([^"]*)"`).exec(body)?.[1];

  it('a video page is titled by its story, described by its text, with Open Graph tags', async () => {
    const response = await get(`/en/videos/${projectIds[0]}`, { host: 'news.localhost:3000' });
    expect(response.body).toContain('<title>Floods hit northern Italy · Newsreel</title>');
    expect(meta(response.body, 'name="description"')).toBe('Rivers burst their banks after days of rain.');
    expect(meta(response.body, 'property="og:type"')).toBe('video.other');
    expect(meta(response.body, 'property="og:title"')).toBe('Floods hit northern Italy');
    expect(meta(response.body, 'property="og:image"')).toBe(`http://news.localhost:3000/media/previews/${projectIds[0]}.svg`);
    expect(meta(response.body, 'property="og:url"')).toBe(`http://news.localhost:3000/en/videos/${projectIds[0]}`);
  });

  it('escapes what the catalogue says', async () => {
    const id = projectIds[1] ?? 0;
    await t.database.db
      .update(videoProjects)
      .set({ title: "Quotes \" and <script>alert(1)</script> & 'more'", story: '"><img src=x onerror=alert(1)>' })
      .where(eq(videoProjects.id, id));
    const { body } = await get(`/es/videos/${id}`);
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('<title>Quotes &#34; and &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#39;more&#39; · Newsreel</title>');
    expect(meta(body, 'property="og:description"')).toBe('&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
  });

  it('other screens: their title from the catalogue where it has one, the site description in the locale', async () => {
    const tag = await get('/ru/landing/elections');
    expect(tag.body).toContain('<title>Выборы · Newsreel</title>');
    expect(tag.body).not.toContain('og:title');
    expect(meta((await get('/ar/impressum')).body, 'name="description"')).toBe(
      'ترخيص فيديو الأخبار: مقاطع عند الطلب وأحداث مباشرة لغرف الأخبار.',
    );
    expect((await get('/ar/impressum')).body).toContain('<title>بيانات الناشر · Newsreel</title>');
    expect(meta((await get('/es/no-such-page')).body, 'name="description"')).toContain('redacciones');
  });
});

describe('compressed assets', () => {
  it('sends the brotli file to a browser that takes brotli, with the same cache and type', async () => {
    const response = await get('/assets/chunk-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(Number(response.headers['content-length'])).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  it('sends gzip to a browser that takes only gzip', async () => {
    const response = await get('/assets/chunk-def456.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    const response = await get('/assets/chunk-def456.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.body).toBe(BIG_SCRIPT);
  });
});

describe('desk screens', () => {
  it('open to staff holding their role; to anyone else the desk does not exist (404, as a screen that is not there)', async () => {
    const session = async (overrides: Parameters<typeof createUser>[1]) =>
      `session=${await createSessionToken(t.database.db, await createUser(t.database.db, overrides), t.services.clock.now())}`;
    const callers = {
      guest: '',
      customer: await session({}),
      bareAdmin: await session({ isAdmin: true, deskRoles: [] }),
      editor: await session({ isAdmin: true, deskRoles: ['editor'] }),
      sales: await session({ isAdmin: true, deskRoles: ['sales'] }),
      admin: await session({ isAdmin: true, deskRoles: ['admin'] }),
    };
    const statuses: Record<string, Record<string, number>> = {};
    for (const path of ['/en/desk', '/ar/desk/staff', '/en/desk/audit', '/en/desk/chats', '/ar/desk/chats/12', '/en/desk/no-such-screen']) {
      statuses[path] = {};
      for (const [who, cookie] of Object.entries(callers)) statuses[path][who] = (await get(path, cookie ? { cookie } : {})).statusCode;
    }
    expect(statuses).toEqual({
      '/en/desk': { guest: 404, customer: 404, bareAdmin: 404, editor: 200, sales: 200, admin: 200 },
      '/ar/desk/staff': { guest: 404, customer: 404, bareAdmin: 404, editor: 404, sales: 404, admin: 200 },
      '/en/desk/audit': { guest: 404, customer: 404, bareAdmin: 404, editor: 404, sales: 404, admin: 200 },
      '/en/desk/chats': { guest: 404, customer: 404, bareAdmin: 404, editor: 404, sales: 200, admin: 200 },
      '/ar/desk/chats/12': { guest: 404, customer: 404, bareAdmin: 404, editor: 404, sales: 200, admin: 200 },
      '/en/desk/no-such-screen': { guest: 404, customer: 404, bareAdmin: 404, editor: 404, sales: 404, admin: 404 },
    });
  });
});

describe('a first start: the API answers while the browser app is built (scripts/start.mjs)', () => {
  it('screens say the app is being built and readiness waits, until the shell appears; then both are served', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-web-building-'));
    const building = await createTestApp({ config: { webRoot } });
    try {
      const inject = (url: string) => building.app.inject({ method: 'GET', url });
      const page = await inject('/en/videos');
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('10');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('the browser app is being built');
      expect(page.body).toContain('http-equiv="refresh"');
      const ready = await inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ errors: [{ code: 'web_app_building', message: 'The browser app is being built' }] });
      // The API itself answers meanwhile.
      expect((await inject('/api/site')).statusCode).toBe(200);

      await writeFile(
        path.join(webRoot, 'index.html'),
        '<!doctype html><html lang="en" dir="ltr"><head><title>Newsreel</title></head><body><div id="root"></div></body></html>',
      );
      await mkdir(path.join(webRoot, 'assets'));
      await writeFile(path.join(webRoot, 'assets', 'app-new.js'), 'console.log(2)');
      const built = await inject('/ar/videos');
      expect(built.statusCode).toBe(200);
      // Files that arrived after the start are served, and a path that is none still gets the app.
      expect((await inject('/assets/app-new.js')).body).toBe('console.log(2)');
      expect((await inject('/en/no-such-page')).statusCode).toBe(404);
      expect((await inject('/')).headers.location).toBe('/en');
      expect((await inject('/en/')).statusCode).toBe(200);
      expect(built.body).toContain('<html lang="ar" dir="rtl">');
      expect((await inject('/readyz')).statusCode).toBe(200);
      // A new build is read again: the shell follows index.html.
      await writeFile(
        path.join(webRoot, 'index.html'),
        '<!doctype html><html lang="en" dir="ltr"><head><title>Newsreel</title></head><body><div id="root" data-build="2"></div></body></html>',
      );
      await utimes(path.join(webRoot, 'index.html'), new Date(), new Date(Date.now() + 5_000));
      expect((await inject('/en/videos')).body).toContain('data-build="2"');
    } finally {
      await building.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
