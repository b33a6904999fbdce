import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema, suggestionsResponseSchema, videoListResponseSchema } from '../../../common/catalogue.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { createLiveEvent } from '../live/test-support.ts';
import { searches, searchStatistics, tags, videoProjects, videoProjectTags } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalogue(t.database.db, t.services.clock.now());
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await new Browser(t.app).get(`/api/content/video_projects?${query}`);
  expect(response.statusCode).toBe(200);
  return videoListResponseSchema.parse(response.json());
};
const ids = (result: { videos: { project_id: string }[] }) => result.videos.map((video) => video.project_id);
const search = async (query: string) => {
  const response = await new Browser(t.app).get(`/api/content/video_projects/search?${query}`);
  expect(response.statusCode).toBe(200);
  return searchResponseSchema.parse(response.json());
};

describe('GET /api/content/video_projects (list)', () => {
  it('lists newest first in pages of 12 with the count', async () => {
    const result = await list('');
    expect(ids(result)).toEqual(['NR-T-0005', 'NR-T-0001', 'NR-T-0002', 'NR-T-0003', 'NR-T-0004', 'NR-T-0006']);
    expect(result).toMatchObject({ count: 6, count_capped: false, page: 1, per_page: 12, pages: 1 });
  });

  it('names categories, countries and tags in the caller language', async () => {
    const [first] = (await list('locale=es&per_page=1')).videos;
    expect(first).toMatchObject({ category: { slug: 'politics', name: 'Política' }, country: { code: 'GB', name: 'Reino Unido' } });
    expect(first?.tags.map(({ slug, name }) => ({ slug, name }))).toEqual([{ slug: 'elections', name: 'Elecciones' }]);
    expect(first?.selected_preview_image).toMatch(/^\/media\/previews\/\d+\.svg$/);
  });

  it.each([
    ['category=politics', ['NR-T-0005', 'NR-T-0003', 'NR-T-0004']],
    ['tags=floods', ['NR-T-0001', 'NR-T-0002']],
    ['tags=floods,elections', ['NR-T-0005', 'NR-T-0001', 'NR-T-0002', 'NR-T-0003']],
    ['country=GB', ['NR-T-0005', 'NR-T-0006']],
    ['country=gb', ['NR-T-0005', 'NR-T-0006']],
    ['region=middle-east', ['NR-T-0004']],
    ['language=ru', ['NR-T-0003']],
    ['with_international_mix=false', ['NR-T-0005', 'NR-T-0001', 'NR-T-0006']],
    ['with_international_mix=true', ['NR-T-0005', 'NR-T-0001', 'NR-T-0002', 'NR-T-0003', 'NR-T-0004', 'NR-T-0006']],
    ['free_access=true', ['NR-T-0001']],
    ['pool=true', ['NR-T-0003']],
    ['min_duration=200', ['NR-T-0005', 'NR-T-0002', 'NR-T-0003']],
    ['max_duration=100', ['NR-T-0004', 'NR-T-0006']],
    ['date_from=2026-11-18&date_to=2026-11-20', ['NR-T-0001', 'NR-T-0002']],
    ['category=society&country=IT', ['NR-T-0001']],
    ['category=politics&language=en&min_duration=300', ['NR-T-0005']],
    ['sort=oldest&category=society', ['NR-T-0006', 'NR-T-0002', 'NR-T-0001']],
    ['sort=longest&per_page=2', ['NR-T-0005', 'NR-T-0002']],
    ['sort=oldest&per_page=3', ['NR-T-0006', 'NR-T-0004', 'NR-T-0003']],
    ['sort=shortest&per_page=2&page=2', ['NR-T-0001', 'NR-T-0003']],
    ['sort=relevance&per_page=2', ['NR-T-0005', 'NR-T-0001']],
    ['category=no-such-category', []],
  ])('filters by %s', async (query, expected) => {
    expect(ids(await list(query))).toEqual(expected);
  });

  it('pages: page 2 of 2 per page', async () => {
    const result = await list('per_page=2&page=2');
    expect(ids(result)).toEqual(['NR-T-0002', 'NR-T-0003']);
    expect(result).toMatchObject({ count: 6, pages: 3, page: 2 });
  });

  it('a page past the last is empty and still says how many there are', async () => {
    expect(await list('per_page=2&page=9')).toMatchObject({ videos: [], count: 6, pages: 3, page: 9 });
    expect(await list('tags=floods&per_page=1&page=5')).toMatchObject({ videos: [], count: 2, pages: 2 });
  });

  it('names a tag made after the tags were first read', async () => {
    await list('per_page=1&locale=es');
    const [project] = await t.database.db
      .select({ id: videoProjects.id })
      .from(videoProjects)
      .where(eq(videoProjects.projectId, 'NR-T-0005'));
    const [tag] = await t.database.db
      .insert(tags)
      .values({ slug: 'wildfires', names: { en: 'Wildfires', ar: 'حرائق', es: 'Incendios', ru: 'Пожары' } })
      .returning();
    if (!project || !tag) throw new Error('no project or tag');
    await t.database.db.insert(videoProjectTags).values({ projectId: project.id, tagId: tag.id });
    try {
      const [first] = (await list('per_page=1&locale=es&sort=newest')).videos;
      expect(first?.tags.map(({ slug, name }) => ({ slug, name }))).toEqual([
        { slug: 'elections', name: 'Elecciones' },
        { slug: 'wildfires', name: 'Incendios' },
      ]);
    } finally {
      await t.database.db.delete(videoProjectTags).where(eq(videoProjectTags.tagId, tag.id));
      await t.database.db.delete(tags).where(eq(tags.id, tag.id));
    }
  });

  it('counts what the filters match, and each card carries its own tags', async () => {
    const result = await list('tags=floods,elections&per_page=2');
    expect(result).toMatchObject({ count: 4, pages: 2 });
    expect(result.videos.map((video) => [video.project_id, video.tags.map((tag) => tag.slug)])).toEqual([
      ['NR-T-0005', ['elections']],
      ['NR-T-0001', ['floods']],
    ]);
  });

  it.each([
    ['min_duration=300&max_duration=100', 'max_duration'],
    ['date_from=2026-12-01&date_to=2026-11-01', 'date_to'],
    ['date_from=yesterday', 'date_from'],
    ['date_from=2026-02-30', 'date_from'],
    ['per_page=500', 'per_page'],
    ['page=0', 'page'],
    ['language=de', 'language'],
  ])('refuses %s with a field error', async (query, field) => {
    const response = await new Browser(t.app).get(`/api/content/video_projects?${query}`);
    expect(response.statusCode).toBe(422);
    expect(errors(response).map((error) => error.field)).toContain(field);
  });
});

describe('search', () => {
  it('finds English stems in title, keywords (tags in every language) and story, title matches first', async () => {
    const result = await search('search=floods');
    // Titles (weight A) first; the Valencia story through its "floods" tag (B); the budget vote through its story (C).
    expect(ids(result).slice(0, 2).sort()).toEqual(['NR-T-0001', 'NR-T-0006']);
    expect(ids(result).slice(2)).toEqual(['NR-T-0002', 'NR-T-0005']);
    expect(result).toMatchObject({ videos_count: 4, lives_count: 0, count: 4 });
    expect(result.entities.map((entity) => entity.entity_type)).toEqual(['video', 'video', 'video', 'video']);
    // A signed token that carries the search, so answering a search writes nothing.
    expect(result.search_key).toMatch(/^[\w-]+\.[\w-]{32}$/);
  });

  it('lists the live events whose title holds every word, with their count and slug (content §2)', async () => {
    const { browser: producer } = await agreementFixtures(t).signedIn({ isAdmin: true, deskRoles: ['live'] });
    const event = await createLiveEvent(t, producer, { title: 'Glacier summit press briefing' });
    await createLiveEvent(t, producer, { title: 'Glacier melt documentary' });
    const result = await search('search=glacier%20summit');
    expect(result.lives_count).toBe(1);
    expect(result.lives.map((live) => live.slug)).toEqual([event.slug]);
    expect((await search('search=glacier')).lives_count).toBe(2);
    // Without a text, no event is a match.
    expect(await search('')).toMatchObject({ lives: [], lives_count: 0 });
  });

  it('understands Russian and Spanish word forms and Arabic words', async () => {
    expect(ids(await search('search=выборов'))).toEqual(['NR-T-0003']);
    expect(ids(await search('search=inundación'))).toEqual(['NR-T-0002']);
    expect(ids(await search(`search=${encodeURIComponent('القاهرة')}`))).toEqual(['NR-T-0004']);
  });

  it('matches the beginning of words, so an Arabic singular finds the plural', async () => {
    expect(ids(await search(`search=${encodeURIComponent('احتجاج')}`))).toEqual(['NR-T-0004']);
    expect(ids(await search('search=Parliam'))).toEqual(['NR-T-0005']);
  });

  it('finds a project by a tag name in another language', async () => {
    expect(ids(await search('search=Наводнения')).sort()).toEqual(['NR-T-0001', 'NR-T-0002']);
  });

  it('combines the text with filters', async () => {
    expect(ids(await search('search=floods&country=IT'))).toEqual(['NR-T-0001']);
    expect(ids(await search('search=floods&category=politics'))).toEqual(['NR-T-0005']);
  });

  it('ignores a single space: the answer is the plain list, without a search key', async () => {
    const result = await search('search=%20');
    expect(result.count).toBe(6);
    expect(result.search_key).toBeNull();
  });

  it('the list call searches too when it has a text', async () => {
    expect(ids(await list('search=budget'))).toEqual(['NR-T-0005']);
  });

  it('answers an empty page for text that matches nothing', async () => {
    expect(await search('search=zzzyyyxxx')).toMatchObject({ videos: [], count: 0, pages: 1 });
  });
});

describe('a search that finds nothing forgives typos (issue 28 "Discovery")', () => {
  it('searches the closest title words and names them', async () => {
    const result = await search('search=parliamnet');
    expect(ids(result)).toEqual(['NR-T-0005']);
    expect(result).toMatchObject({ corrected_query: 'parliament', count: 1, videos_count: 1 });
    // A capital where the reader typed one; an Arabic word as well.
    expect((await search('search=Parliamnet')).corrected_query).toBe('Parliament');
    const arabic = await search(`search=${encodeURIComponent('القاهره')}`);
    expect(arabic.corrected_query).toBe('القاهرة');
    expect(ids(arabic)).toEqual(['NR-T-0004']);
  });

  it('keeps the words the catalogue knows, even from a story only', async () => {
    // "debate" is in the budget story's text, not in any title: it is kept, the typo beside it corrected.
    const result = await search('search=parliamnet%20debate');
    expect(result.corrected_query).toBe('parliament debate');
    expect(ids(result)).toEqual(['NR-T-0005']);
  });

  it('exact=1 searches the text as typed', async () => {
    expect(await search('search=parliamnet&exact=1')).toMatchObject({ videos: [], count: 0, corrected_query: null });
  });

  it('a text that finds something is not corrected', async () => {
    const result = await search('search=floods');
    expect(result.count).toBe(4);
    expect(result.corrected_query).toBeNull();
    // Nor is one that finds nothing only because of its filters.
    expect(await search('search=floods&language=ru')).toMatchObject({ count: 0, corrected_query: null });
  });

  it('a word like nothing in the catalogue finds nothing and says no correction', async () => {
    expect(await search('search=zzzyyyxxx')).toMatchObject({ videos: [], count: 0, corrected_query: null });
    expect(await search('search=qwrtplkjh%20parliamnet')).toMatchObject({ count: 0, corrected_query: null });
  });

  it('the list call searches the text as typed', async () => {
    expect(ids(await list('search=parliamnet'))).toEqual([]);
  });
});

describe('suggestions (spec: content §2)', () => {
  it('answers nothing for 3 characters or fewer', async () => {
    expect((await new Browser(t.app).get('/api/content/video_projects/suggests?search=flo')).json()).toEqual([]);
    expect((await new Browser(t.app).get('/api/content/video_projects/suggests?search=%20%20flo%20')).json()).toEqual([]);
  });

  it('suggests close titles with id and slug', async () => {
    const suggestions = suggestionsResponseSchema.parse(
      (await new Browser(t.app).get('/api/content/video_projects/suggests?search=Flood')).json(),
    );
    expect(suggestions.map((s) => s.title)).toEqual(
      expect.arrayContaining(['Floods hit northern Italy', 'Flood defences tested on the Thames']),
    );
    expect(suggestions[0]?.project_slug).toMatch(/-nr-t-000\d$/);
    // What the box shows beside each title: date, length, poster, and the title's language.
    const italy = suggestions.find((s) => s.title === 'Floods hit northern Italy');
    expect(italy).toMatchObject({ language: 'en', duration: expect.any(Number) as number });
    expect(new Date(italy?.published_at ?? '').getTime()).not.toBeNaN();
    expect(italy?.selected_preview_image).toMatch(/^\/media\/previews\/\d+\.svg$/);
    const cyrillic = suggestionsResponseSchema.parse(
      (await new Browser(t.app).get(`/api/content/video_projects/suggests?search=${encodeURIComponent('Выборы')}`)).json(),
    );
    expect(cyrillic[0]?.title).toBe('Выборы в Москве');
  });
});

describe('search statistics (spec: content §7)', () => {
  it('records a hit of a search, and fails without search_id', async () => {
    const result = await search('search=budget');
    const browser = new Browser(t.app);
    const hit = await browser.post('/api/content/video_projects/search_statistics', {
      search_id: result.search_key,
      video: result.videos[0]?.id,
      event_type: 'click',
    });
    expect(hit.statusCode).toBe(201);
    const missing = await browser.post('/api/content/video_projects/search_statistics', {
      video: result.videos[0]?.id,
      event_type: 'click',
    });
    expect(missing.statusCode).toBe(422);
    expect(errors(missing)).toEqual([expect.objectContaining({ code: 'required', field: 'search_id' })]);
    expect(
      codes(
        await browser.post('/api/content/video_projects/search_statistics', {
          search_id: 'nope',
          video: result.videos[0]?.id,
          event_type: 'click',
        }),
      ),
    ).toEqual(['unknown_search']);
    expect(
      codes(
        await browser.post('/api/content/video_projects/search_statistics', {
          search_id: result.search_key,
          video: 99999,
          event_type: 'click',
        }),
      ),
    ).toEqual(['video_not_found']);
  });

  it('keeps no search until it is hit, and refuses a forged key', async () => {
    const result = await search('search=Italy');
    expect(await t.database.db.select().from(searches).where(eq(searches.query, 'Italy'))).toEqual([]);
    const browser = new Browser(t.app);
    const hit = { search_id: result.search_key, video: result.videos[0]?.id, event_type: 'preview' };
    expect((await browser.post('/api/content/video_projects/search_statistics', hit)).statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(searches).where(eq(searches.query, 'Italy'));
    expect(stored).toMatchObject({ query: 'Italy', results: 1 });
    const stats = await t.database.db
      .select()
      .from(searchStatistics)
      .where(eq(searchStatistics.searchId, stored?.id ?? ''));
    expect(stats).toEqual([expect.objectContaining({ eventType: 'preview' })]);

    const forged = `${Buffer.from(JSON.stringify({ query: 'x', filters: {}, results: 1, at: 0 })).toString('base64url')}.${'a'.repeat(32)}`;
    expect(codes(await browser.post('/api/content/video_projects/search_statistics', { ...hit, search_id: forged }))).toEqual([
      'unknown_search',
    ]);
  });
});

describe('micro-cache of public answers', () => {
  it('serves a visitor the same list from memory for a few seconds', async () => {
    const first = await new Browser(t.app).get('/api/content/video_projects?category=society');
    const second = await new Browser(t.app).get('/api/content/video_projects?category=society');
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    // The same answer is the same ETag, kept with it: a browser holding it gets a 304 from memory.
    expect(second.headers.etag).toMatch(/^W\/"/);
    expect(second.headers.etag).toBe(first.headers.etag);
    const held = await new Browser(t.app).get('/api/content/video_projects?category=society', {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
    expect(held.headers['x-cache']).toBe('hit');
    t.services.clock.advance(6000);
    expect((await new Browser(t.app).get('/api/content/video_projects?category=society')).headers['x-cache']).toBeUndefined();
  });

  it('serves a signed-in customer the list everyone sees from memory, and a search, which holds their own live events, from the database', async () => {
    const signedIn = new Browser(t.app);
    await signedIn.signIn((await createUser(t.database.db)).email);
    const visitor = await new Browser(t.app).get('/api/content/video_projects?category=world');
    const customer = await signedIn.get('/api/content/video_projects?category=world');
    expect(customer.headers['x-cache']).toBe('hit');
    expect(customer.body).toBe(visitor.body);
    expect(customer.headers['cache-control']).toBe('public, max-age=10');
    await new Browser(t.app).get('/api/content/video_projects?category=world&search=storm');
    const search = await signedIn.get('/api/content/video_projects?category=world&search=storm');
    expect(search.headers['x-cache']).toBeUndefined();
    expect(search.headers['cache-control']).toBe('private, no-cache');
    await new Browser(t.app).get('/api/content/categories?locale=fr');
    expect((await signedIn.get('/api/content/categories?locale=fr')).headers['x-cache']).toBe('hit');
  });

  it('a bogus session cookie is a visitor: it cannot bypass the cache', async () => {
    await new Browser(t.app).get('/api/content/video_projects?category=politics');
    for (const token of ['bogus', 'x'.repeat(43), '%E0%A4%A']) {
      const bogus = new Browser(t.app);
      bogus.setCookie('session', token);
      expect((await bogus.get('/api/content/video_projects?category=politics')).headers['x-cache']).toBe('hit');
    }
  });

  it('concurrent misses for the same answer make one database query', async () => {
    const url = '/api/content/video_projects?category=economy&sort=oldest';
    const answers = await Promise.all(Array.from({ length: 20 }, () => new Browser(t.app).get(url)));
    expect(answers.filter((answer) => answer.headers['x-cache'] !== 'hit')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('keeps answers apart by locale', async () => {
    await new Browser(t.app).get('/api/content/categories?locale=es');
    const russian = await new Browser(t.app).get('/api/content/categories?locale=ru');
    expect(russian.body).toContain('Политика');
  });
});
