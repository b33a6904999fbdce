import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableFormatsResponseSchema,
  contentPageSchema,
  dashboardResponseSchema,
  frontPageSchema,
  tagDetailSchema,
  tagLandingResponseSchema,
  tagsResponseSchema,
  videoProjectSchema,
} from '../../../common/catalogue.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createAgreement, createUser } from '../../test/factories.ts';
import { recordOperation } from '../agreements/operations.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { CLEAR_OF_CONTROLS_Y } from '../media/posters.ts';
import { saveContentPage } from './content-pages.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { banners, contentPages, frontPages, videoDownloads, videoProjects } from './schema.ts';
import { STORY_EXCERPT_CHARS } from './views.ts';

let t: TestApp;
let projectIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  projectIds = await seedTestCatalogue(t.database.db, t.services.clock.now());
});
afterAll(() => t.close());

const get = (url: string) => new Browser(t.app).get(url);
const idOf = (n: number) => projectIds[n - 1] ?? 0;

describe('GET /api/content/video_projects/{id}', () => {
  it('answers by id or slug with every field an editor needs, cached', async () => {
    const byId = await get(`/api/content/video_projects/${idOf(1)}?locale=ru`);
    expect(byId.statusCode).toBe(200);
    // Kept briefly by HTTP caches, so a kill reaches them (docs/caches.md).
    expect(byId.headers['cache-control']).toBe('public, max-age=10');
    const video = videoProjectSchema.parse(byId.json());
    expect(video).toMatchObject({
      project_id: 'NR-T-0001',
      title: 'Floods hit northern Italy',
      language: 'en',
      dateline: { place: 'Milan', date: '2026-11-20' },
      shotlist: [{ number: 1, text: 'Wide of flooded street' }],
      country: { code: 'IT', name: 'Италия' },
      region: { slug: 'europe', name: 'Европа' },
      category: { slug: 'society', name: 'Общество' },
      free_access: true,
    });
    // Every quality of every format, in MP4 and MXF.
    expect(video.videos).toHaveLength(24);
    expect(new Set(video.videos.map((v) => v.quality_label))).toEqual(new Set(['1080p', '720p', '360p', '240p']));
    const bySlug = videoProjectSchema.parse((await get(`/api/content/video_projects/${video.project_slug}`)).json());
    expect(bySlug.id).toBe(video.id);
  });

  it('names restrictions in the caller language and shows an embargo while it lasts', async () => {
    const video = videoProjectSchema.parse((await get(`/api/content/video_projects/${idOf(5)}?locale=es`)).json());
    expect(video.restrictions).toEqual([
      { code: 'no_access_countries', name: 'Sin acceso en los países indicados', countries: ['GB'] },
      { code: 'embargo', name: 'Embargado hasta una hora fijada', until: '2026-11-22T10:00:00Z' },
    ]);
    expect(video.embargo_until).toBe('2026-11-22T10:00:00.000Z');
  });

  it('gives a visitor an excerpt of the script and a signed-in user all of it (content §2)', async () => {
    const story = Array.from({ length: 60 }, (_, n) => `Sentence ${n} of the story.`).join(' ');
    const shotlist = Array.from({ length: 6 }, (_, n) => ({ number: n + 1, text: `Shot ${n + 1}` }));
    await t.database.db
      .update(videoProjects)
      .set({ story, shotlist })
      .where(eq(videoProjects.id, idOf(2)));
    const url = `/api/content/video_projects/${idOf(2)}`;
    // Twice: the second visitor answer may come from the in-process cache, and must be the same.
    for (const visitor of [await get(url), await get(url)]) {
      const video = videoProjectSchema.parse(visitor.json());
      expect(video.script_complete).toBe(false);
      expect(video.story.length).toBeLessThanOrEqual(STORY_EXCERPT_CHARS + 1);
      expect(story.startsWith(video.story.slice(0, -1))).toBe(true);
      expect(video.story.endsWith('…')).toBe(true);
      expect(visitor.body).not.toContain('Sentence 59');
      expect(video.shotlist.map((shot) => shot.text)).toEqual(['Shot 1', 'Shot 2', 'Shot 3']);
      expect(visitor.headers['cache-control']).toMatch(/^public/);
      expect(visitor.headers.vary).toMatch(/cookie/i);
    }
    const { browser } = await agreementFixtures(t).signedIn();
    const signedIn = await browser.get(url);
    const whole = videoProjectSchema.parse(signedIn.json());
    expect(whole).toMatchObject({ story, shotlist, script_complete: true });
    expect(signedIn.headers['cache-control']).toMatch(/^private/);
    // A short script is whole for a visitor too.
    const short = videoProjectSchema.parse((await get(`/api/content/video_projects/${idOf(1)}`)).json());
    expect(short.script_complete).toBe(true);
  });

  it('answers 404 video_not_found for an unknown id or slug', async () => {
    expect(codes(await get('/api/content/video_projects/999999'))).toEqual(['video_not_found']);
    expect(codes(await get('/api/content/video_projects/no-such-slug'))).toEqual(['video_not_found']);
  });
});

describe('related, durations, trending', () => {
  it('relates projects through shared tags, then the category', async () => {
    const related = (await get(`/api/content/video_projects/related_video_projects?id=${idOf(1)}`)).json<{ project_id: string }[]>();
    expect(related.map((r) => r.project_id)).toEqual(['NR-T-0002', 'NR-T-0006']);
  });

  it('gives the shortest and longest durations', async () => {
    expect((await get('/api/system/min_max_duration_video_projects')).json()).toEqual({ min_duration: 60, max_duration: 400 });
  });

  it('filters by a duration between 0 and 9999999 seconds, and refuses one outside (spec: content §3)', async () => {
    const listed = async (query: string) => (await get(`/api/content/video_projects?${query}`)).json<{ count: number }>().count;
    expect(await listed('min_duration=0&max_duration=9999999')).toBe(await listed(''));
    expect(await listed('min_duration=61&max_duration=400')).toBeLessThan(await listed(''));
    for (const query of ['min_duration=-1', 'max_duration=10000000', 'min_duration=abc']) {
      const refused = await get(`/api/content/video_projects?${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json<{ errors: { code: string }[] }>().errors.length).toBeGreaterThan(0);
    }
  });

  it('trending is the most downloaded of the last 24 hours; the dashboard carries it', async () => {
    const now = t.services.clock.now().getTime();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600 * 1000);
    await t.database.db.insert(videoDownloads).values([
      { projectId: idOf(3), createdAt: at(1) },
      { projectId: idOf(3), createdAt: at(2) },
      { projectId: idOf(2), createdAt: at(3) },
      { projectId: idOf(4), createdAt: at(30) },
      { projectId: idOf(4), createdAt: at(30) },
      { projectId: idOf(4), createdAt: at(30) },
    ]);
    const dashboard = dashboardResponseSchema.parse((await get('/api/content/video_projects/dashboard')).json());
    expect(dashboard.payload.trending.map((v) => [v.project_id, v.downloads_24h])).toEqual([
      ['NR-T-0003', 2],
      ['NR-T-0002', 1],
    ]);
  });
});

describe('dashboard', () => {
  it('has 4 placeholder banners, the feed, tags with projects only, and no live events yet', async () => {
    const { payload } = dashboardResponseSchema.parse((await get('/api/content/video_projects/dashboard?locale=ar')).json());
    expect(payload.banners).toHaveLength(4);
    expect(payload.banners[0]).toMatchObject({
      title: 'Parliament votes on budget',
      target_link_to: 'video_project',
      image_type: 'default',
    });
    // The newest story, NR-T-0005, leads the hero, so the feed starts with the next one.
    expect(payload.banners[0]?.video_project_extid).toBe('NR-T-0005');
    expect(payload.feed.map((v) => v.project_id)[0]).toBe('NR-T-0004');
    expect(payload.tags.map((tag) => tag.slug).sort()).toEqual(['elections', 'floods', 'protests']);
    expect(payload.tags.find((tag) => tag.slug === 'floods')?.name).toBe('فيضانات');
    expect(payload.live_events).toEqual([]);
  });

  it('follows the mixed-content choice', async () => {
    const { payload } = dashboardResponseSchema.parse(
      (await get('/api/content/video_projects/dashboard?with_international_mix=false')).json(),
    );
    expect(new Set(payload.feed.map((v) => v.language))).toEqual(new Set(['en']));
  });

  it('carries the editors hotbox from the main front page', async () => {
    await t.database.db
      .insert(frontPages)
      .values({ id: 'main', titles: { en: 'Hotbox', es: 'Destacados', ru: 'Главное', ar: 'الأبرز' }, projectIds: [idOf(4), idOf(2)] });
    const page = frontPageSchema.parse((await get('/api/system/front_pages/main?locale=es')).json());
    expect(page).toMatchObject({ id: 'main', title: 'Destacados' });
    expect(page.hotbox.map((v) => v.project_id)).toEqual(['NR-T-0004', 'NR-T-0002']);
    expect(codes(await get('/api/system/front_pages/nope'))).toEqual(['front_page_not_found']);
  });

  it('a placeholder banner does not repeat a story an editor put in the hero', async () => {
    const now = t.services.clock.now();
    const [banner] = await t.database.db
      .insert(banners)
      .values({
        title: 'Chosen',
        locale: 'ru',
        targetLinkTo: 'video_project',
        videoProjectExtid: 'NR-T-0005',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { payload } = dashboardResponseSchema.parse((await get('/api/content/video_projects/dashboard?locale=ru')).json());
    const stories = payload.banners.map((b) => b.video_project_extid);
    expect(stories[0]).toBe('NR-T-0005');
    expect(new Set(stories).size).toBe(stories.length);
    // Nor do the picks or the feed repeat a story of the hero.
    expect([...payload.hotbox, ...payload.feed].filter((v) => stories.includes(v.project_id))).toEqual([]);
    if (banner) await t.database.db.delete(banners).where(eq(banners.id, banner.id));
  });
});

describe('categories', () => {
  it('lists the categories in order, the three of the VOD menu first, named in the caller language', async () => {
    const list = (await get('/api/content/categories?locale=ru')).json<{ slug: string; name: string }[]>();
    expect(list.slice(0, 3).map((c) => c.slug)).toEqual(['politics', 'society', 'cultural-events-and-celebrations']);
    expect(list[0]?.name).toBe('Политика');
    expect(list.length).toBeGreaterThanOrEqual(12);
  });
});

describe('tags', () => {
  it('lists tags with projects (dropping the rest) and external landing tags', async () => {
    const tags = tagsResponseSchema.parse((await get('/api/content/tags')).json());
    expect(tags.map((tag) => tag.slug)).not.toContain('unused');
    expect(tags.find((tag) => tag.slug === 'floods')).toMatchObject({ projects_count: 2, view_type: 'landing', followed: false });
    expect(tagsResponseSchema.parse((await get('/api/content/external_landing_tags')).json()).map((tag) => tag.slug)).toEqual(['floods']);
  });

  it('a tag landing has videos, videos_count, lives, lives_count and the tag, in pages', async () => {
    const landing = tagLandingResponseSchema.parse((await get('/api/content/tags/landings/floods?per_page=1&page=2')).json());
    expect(landing).toMatchObject({ videos_count: 2, lives: [], lives_count: 0, page: 2, pages: 2, tag: { slug: 'floods' } });
    expect(landing.videos.map((v) => v.project_id)).toEqual(['NR-T-0002']);
    const detail = tagDetailSchema.parse((await get('/api/content/tags/elections')).json());
    expect(detail.projects.map((v) => v.project_id)).toEqual(['NR-T-0005', 'NR-T-0003']);
    expect(codes(await get('/api/content/tags/nope'))).toEqual(['tag_not_found']);
  });

  it('a landing list sorts: newest first by default, oldest, longest or shortest; relevance or another is refused', async () => {
    const order = async (query: string) =>
      tagLandingResponseSchema.parse((await get(`/api/content/tags/landings/elections${query}`)).json()).videos.map((v) => v.project_id);
    const newest = await order('');
    expect(newest.length).toBeGreaterThan(1);
    expect(await order('?sort=oldest')).toEqual([...newest].reverse());
    const longest = tagLandingResponseSchema.parse((await get('/api/content/tags/landings/elections?sort=longest')).json()).videos;
    expect(longest.map((v) => v.duration)).toEqual([...longest.map((v) => v.duration)].sort((a, b) => b - a));
    const shortest = tagLandingResponseSchema.parse((await get('/api/content/tags/landings/elections?sort=shortest')).json()).videos;
    expect(shortest.map((v) => v.duration)).toEqual([...shortest.map((v) => v.duration)].sort((a, b) => a - b));
    for (const bad of ['relevance', 'random']) expect((await get(`/api/content/tags/landings/elections?sort=${bad}`)).statusCode).toBe(422);
  });

  it('following a tag needs sign-in, and then shows as followed', async () => {
    expect((await new Browser(t.app).post('/api/content/tags/floods/subscriptions')).statusCode).toBe(401);
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    expect((await browser.post('/api/content/tags/floods/subscriptions')).json()).toEqual({ slug: 'floods', followed: true });
    const tags = tagsResponseSchema.parse((await browser.get('/api/content/tags')).json());
    expect(tags.find((tag) => tag.slug === 'floods')?.followed).toBe(true);
    // The answer holds the caller's own state: the browser must ask again rather than reuse it.
    expect((await browser.get('/api/content/tags')).headers['cache-control']).toBe('private, no-cache');
    expect(tagsResponseSchema.parse((await browser.get('/api/current_user/followed_tags')).json()).map((tag) => tag.slug)).toEqual([
      'floods',
    ]);
    expect((await browser.delete('/api/content/tags/floods/subscriptions')).json()).toEqual({ slug: 'floods', followed: false });
    expect(codes(await browser.post('/api/content/tags/nope/subscriptions'))).toEqual(['tag_not_found']);
  });
});

describe('available formats', () => {
  const formats = async (browser: Browser, id: number, guest = false) =>
    availableFormatsResponseSchema.parse(
      (
        await browser.get(
          `/api/content/video_projects/${id}/videos/${guest ? 'current_guest_available_formats' : 'current_available_formats'}`,
        )
      ).json(),
    );

  it('tells a visitor to log in, and the signed-in variant needs sign-in', async () => {
    const guest = await formats(new Browser(t.app), idOf(1), true);
    expect(guest.formats.every((f) => !f.available && f.reason === 'login_required')).toBe(true);
    expect(guest.logo_positions).toHaveLength(6);
    expect((await new Browser(t.app).get(`/api/content/video_projects/${idOf(1)}/videos/current_available_formats`)).statusCode).toBe(401);
  });

  it('free material is available to registered users; pool is for subscribers; the rest needs a licence', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    const free = (await formats(browser, idOf(1))).formats;
    expect(free.filter((f) => f.format !== 'branded').every((f) => f.available)).toBe(true);
    // A branded file needs the user's logo first (issue 28: said before the click).
    expect(free.filter((f) => f.format === 'branded').every((f) => f.reason === 'logo_required' && f.remedy === 'upload_logo')).toBe(true);
    expect((await formats(browser, idOf(3))).formats[0]?.reason).toBe('subscribers_only');
    expect((await formats(browser, idOf(2))).formats[0]?.reason).toBe('licence_required');
    expect((await formats(browser, idOf(5))).formats[0]?.reason).toBe('embargoed');
    const branded = availableFormatsResponseSchema.parse(
      (await browser.get(`/api/content/video_projects/${idOf(6)}/videos/current_available_formats?branded=true`)).json(),
    );
    expect(branded.formats).toEqual([]);
  });

  it('follow the access rules: a pass opens pool material until its pool balance is used up; branded files need a branded agreement', async () => {
    const user = await createUser(t.database.db, { userGroup: 'customer' });
    const browser = new Browser(t.app);
    await browser.signIn(user.email);
    const pass = await createAgreement(t.database.db, { userId: user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 1 }] });
    const unbranded = (files: { format: string; available: boolean }[]) => files.filter((f) => f.format !== 'branded');
    expect(unbranded((await formats(browser, idOf(3))).formats).every((f) => f.available)).toBe(true);
    // Paid (standard) material is not limited under a pass (spec §6).
    expect(unbranded((await formats(browser, idOf(2))).formats).every((f) => f.available)).toBe(true);
    await t.database.db.transaction((tx) =>
      recordOperation(tx, { agreementId: pass.id, kind: 'pool', type: 'download', amount: -1, at: new Date() }),
    );
    expect((await formats(browser, idOf(3))).formats[0]?.reason).toBe('balance_used_up');

    const enterprise = await createUser(t.database.db, { userGroup: 'customer' });
    const other = new Browser(t.app);
    await other.signIn(enterprise.email);
    await createAgreement(t.database.db, {
      userId: enterprise.id,
      agreementType: 'enterprise',
      balances: [{ kind: 'standard', amount: 5 }],
    });
    const files = (await formats(other, idOf(2))).formats;
    expect(files.filter((f) => f.format !== 'branded').every((f) => f.available)).toBe(true);
    expect(files.filter((f) => f.format === 'branded').map((f) => f.reason)).toContain('licence_required');
    expect(files.filter((f) => f.format === 'branded').every((f) => f.reason === 'licence_required')).toBe(true);
  });
});

describe('content pages', () => {
  it('are sanitised when stored and split into sections', async () => {
    await saveContentPage(
      t.database.db,
      {
        slug: 'about',
        locale: 'en',
        title: 'About us',
        html: '<p>intro dropped</p><h2>Who we are</h2><p onclick="x()">A <a href="javascript:alert(1)">wire</a><script>alert(1)</script></p><h2>Contact</h2><p><a href="mailto:desk@newsreel.example">Desk</a></p>',
      },
      t.services.clock.now(),
    );
    const page = contentPageSchema.parse((await get('/api/content/pages/about?locale=en')).json());
    expect(page.title).toBe('About us');
    expect(page.sections.map((s) => s.caption)).toEqual(['Who we are', 'Contact']);
    expect(page.sections[0]?.body).toBe('<p>A <a rel="noopener noreferrer">wire</a></p>');
    expect(page.sections[1]?.body).toContain('href="mailto:desk@newsreel.example"');
  });

  it('every install has the five pages in four languages; a missing language falls back to English', async () => {
    for (const slug of ['about', 'terms-of-service', 'privacy-policy', 'cookie-policy', 'impressum']) {
      const page = contentPageSchema.parse((await get(`/api/content/pages/${slug}?locale=ar`)).json());
      expect(page.sections.length, slug).toBeGreaterThanOrEqual(3);
    }
    expect(contentPageSchema.parse((await get('/api/content/pages/privacy-policy?locale=ar')).json()).title).toBe('سياسة الخصوصية');
    const impressum = { en: 'Impressum', es: 'Aviso legal', ru: 'Выходные данные', ar: 'بيانات الناشر' };
    for (const [locale, title] of Object.entries(impressum)) {
      expect(contentPageSchema.parse((await get(`/api/content/pages/impressum?locale=${locale}`)).json()).title).toBe(title);
    }
    await t.database.db.delete(contentPages).where(and(eq(contentPages.slug, 'cookie-policy'), eq(contentPages.locale, 'es')));
    expect(contentPageSchema.parse((await get('/api/content/pages/cookie-policy?locale=es')).json()).title).toBe('Cookie policy');
    expect((await get('/api/content/pages/secret')).statusCode).toBe(422);
  });
});

describe('media', () => {
  it('draws a poster for each project, right-to-left for Arabic', async () => {
    const poster = await get(`/media/previews/${idOf(4)}.svg`);
    expect(poster.headers['content-type']).toContain('image/svg+xml');
    expect(poster.body).toContain('direction="rtl"');
    expect(poster.body).toContain('احتجاجات في القاهرة');
    // The dateline is printed clear of a player's controls along the bottom fifth.
    const datelineY = Number(/<text[^>]*y="(\d+)"[^>]*opacity="0.75">/.exec(poster.body)?.[1]);
    expect(datelineY).toBeGreaterThan(300);
    expect(datelineY).toBeLessThan(CLEAR_OF_CONTROLS_Y);
    expect((await get('/media/previews/999999.svg')).statusCode).toBe(404);
    expect((await get('/media/tags/floods.svg?locale=ru')).body).toContain('Наводнения');
  });
});
