import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApiListSchema, ninjsItemSchema, type ContentApiList, type NinjsItem } from '../../../common/content-api.ts';
import { searchResponseSchema, videoListResponseSchema } from '../../../common/catalogue.ts';
import { apiKeyIssuedSchema } from '../../../common/integration.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { liveEvents } from '../live/schema.ts';
import { insertLiveEvents } from '../live/test-support.ts';
import { takeAction } from '../newsroom/life-cycle.ts';
import { storyWithMaster, uniqueWord } from '../newsroom/test-support.ts';
import { ninjsErrors } from './ninjs-validator.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
  const owner = await a.signedIn();
  const issued = await owner.browser.post('/api/current_user/api_keys', { name: 'CMS', scopes: ['read'] });
  secret = apiKeyIssuedSchema.parse(issued.json()).secret;
});
afterAll(async () => t.close());

const get = (url: string) => new Browser(t.app).get(url, { headers: { authorization: `Bearer ${secret}` } });

/** Every answer is checked against IPTC's schema before anything else is read from it. */
async function page(url: string): Promise<ContentApiList> {
  const answer = await get(url);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = contentApiListSchema.parse(answer.json());
  for (const item of answer.json<{ items: unknown[] }>().items) expect(ninjsErrors(item)).toEqual([]);
  return body;
}
async function item(id: string): Promise<NinjsItem> {
  const answer = await get(`/api/v1/content/${encodeURIComponent(id)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(ninjsErrors(answer.json())).toEqual([]);
  return ninjsItemSchema.parse(answer.json());
}
const idOf = (found: NinjsItem) => Number(found.altids.find((alt) => alt.role === 'id')?.value);
const idOfLive = (found: NinjsItem) => Number(found.altids.find((alt) => alt.role === 'id')?.value.replace('live-', ''));

/** Walks every page of a query; each item once. */
async function walk(query: string, limit: number): Promise<NinjsItem[]> {
  const items: NinjsItem[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const got: ContentApiList = await page(`/api/v1/content?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...got.items);
    cursor = got.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('more than 100 pages');
}

async function stories(word: string, n: number, at: (i: number) => Date = () => new Date('2026-11-20T12:00:00Z')) {
  return insertProjects(
    t.database.db,
    Array.from({ length: n }, (_, i) => ({
      projectId: `API-${word}-${i}`,
      language: 'en' as const,
      title: `Harbour ${word} story ${i}`,
      story: `The ${word} harbour reopened.`,
      shotlist: [{ number: 1, text: 'Wide of the harbour' }],
      datelinePlace: 'Porto',
      datelineDate: '2026-11-20',
      duration: 30 + i,
      freeAccess: i % 2 === 0,
      countryCode: 'PT',
      publishedAt: at(i),
    })),
    t.services.clock.now(),
  );
}

describe('the ninjs content API (issue 30)', () => {
  it('answers each story as an IPTC ninjs 2.2 item: script, shotlist, tags, restrictions, and the files the caller may license', async () => {
    const word = uniqueWord();
    const [free = 0, paid = 0] = await stories(word, 2);
    const one = await item(String(free));
    expect(one).toMatchObject({
      uri: `urn:newsreel:video:${free}`,
      type: 'video',
      version: '1',
      pubstatus: 'usable',
      language: 'en',
      headlines: [{ value: `Harbour ${word} story 0` }],
      bodies: [{ role: 'script', value: `The ${word} harbour reopened.` }],
      descriptions: [{ role: 'shotlist', value: '1. Wide of the harbour' }],
      located: 'Porto',
      usageterms: 'No restrictions',
    });
    expect(one.versioncreated).toBe('2026-11-20T12:00:00.000Z');
    expect(one.places[0]?.literal).toBe('PT');
    // Free material: every file a free video is offered in, each with the call that licenses it.
    expect(one.renditions.length).toBeGreaterThan(0);
    for (const file of one.renditions) {
      expect(file.href).toMatch(new RegExp(`/api/v1/content/${free}/downloads\\?format=${file.format}&quality=`));
      expect([file.width, file.height]).toEqual(file.height === 1080 ? [1920, 1080] : [file.width, file.height]);
    }
    // Paid material without an agreement: nothing to license (the list says the same as the item).
    expect((await item(String(paid))).renditions).toEqual([]);
    const listed = await page(
      `/api/v1/content?limit=50&min_duration=30&max_duration=31&country=PT&date_from=2026-11-20&date_to=2026-11-20`,
    );
    const fromList = listed.items.find((found) => idOf(found) === free);
    expect(fromList?.renditions).toEqual(one.renditions);
    expect(listed.items.find((found) => idOf(found) === paid)?.renditions).toEqual([]);
  });

  it('cursor paging walks every item once, ties on versioncreated included, and stays put when stories are added', async () => {
    const word = uniqueWord();
    const ids = await stories(word, 7);
    const query = `date_from=2026-11-20&date_to=2026-11-20&min_duration=30&max_duration=36&country=PT`;
    const first = await page(`/api/v1/content?${query}&limit=3`);
    // A story published meanwhile is newer: it does not shift the pages after the cursor.
    await stories(uniqueWord(), 1, () => new Date('2026-11-20T13:00:00Z'));
    let cursor = first.next_cursor;
    const seen = [...first.items];
    while (cursor) {
      const next: ContentApiList = await page(`/api/v1/content?${query}&limit=3&cursor=${cursor}`);
      seen.push(...next.items);
      cursor = next.next_cursor;
    }
    const mine = seen.map(idOf).filter((id) => ids.includes(id));
    expect(mine.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(seen.map(idOf)).size).toBe(seen.length);
    // Bad input is a 422 with the error body, never a 500.
    for (const wrong of ['since=yesterday', 'limit=500', 'type=audio', 'min_duration=9&max_duration=3'])
      expect((await get(`/api/v1/content?${wrong}`)).statusCode, wrong).toBe(422);
    const searchSince = await get(`/api/v1/content?search=harbour&since=${encodeURIComponent('2026-11-01T00:00:00Z')}`);
    expect(codes(searchSince)).toEqual(['search_with_since']);
    const bad = await get('/api/v1/content?cursor=not-a-cursor');
    expect([bad.statusCode, bad.json<{ errors: { code: string }[] }>().errors[0]?.code]).toEqual([422, 'invalid_cursor']);
  });

  it("filters and text search answer exactly the catalogue's list and search page", async () => {
    const word = uniqueWord();
    await stories(word, 5, (i) => new Date(Date.UTC(2026, 10, 10 + i)));
    const catalogueSearch = searchResponseSchema.parse(
      (await new Browser(t.app).get(`/api/content/video_projects/search?search=${word}&per_page=48`)).json(),
    );
    const apiSearch = await walk(`search=${word}`, 2);
    expect(apiSearch.map(idOf)).toEqual(catalogueSearch.videos.map((video) => video.id));
    expect(apiSearch).toHaveLength(5);
    const filters = 'country=PT&free_access=true&min_duration=30&max_duration=34&date_from=2026-11-10&date_to=2026-11-14';
    const catalogueList = videoListResponseSchema.parse(
      (await new Browser(t.app).get(`/api/content/video_projects?${filters}&per_page=48`)).json(),
    );
    expect((await walk(filters, 2)).map(idOf)).toEqual(catalogueList.videos.map((video) => video.id));
  });

  it('since: a correction and a kill made after it come back, oldest first, the kill as pubstatus canceled', async () => {
    const ctx = { db: t.database.db, clock: t.services.clock, jobs: t.services.jobs };
    const corrected = await storyWithMaster(t, null);
    const killed = await storyWithMaster(t, null);
    await takeAction(ctx, null, corrected.id, 'publish', {});
    await takeAction(ctx, null, killed.id, 'publish', {});
    t.services.clock.advance(minutes(5));
    const since = t.services.clock.now().toISOString();
    t.services.clock.advance(minutes(1));
    await takeAction(ctx, null, corrected.id, 'correct', { note: 'The toll was 12, not 21.' });
    t.services.clock.advance(minutes(1));
    await takeAction(ctx, null, killed.id, 'kill', { reason: 'The footage was staged.' });
    const changed = await walk(`since=${encodeURIComponent(since)}`, 1);
    expect(changed.map((found) => [found.uri, found.pubstatus, found.version])).toEqual([
      [corrected.guid, 'usable', '2'],
      [killed.guid, 'canceled', '1'],
    ]);
    expect(changed[1]?.renditions).toEqual([]);
    // The catalogue hides a killed story; the API's item call still answers it, canceled.
    expect((await item(killed.guid)).pubstatus).toBe('canceled');
    const later = t.services.clock.now().toISOString();
    expect((await page(`/api/v1/content?since=${encodeURIComponent(later)}`)).items).toEqual([]);
    // Without since the feed is the catalogue's: the killed story is not in it.
    const feed = await walk('', 50);
    expect(feed.map((found) => found.uri)).toContain(corrected.guid);
    expect(feed.map((found) => found.uri)).not.toContain(killed.guid);
  });

  it('live events are items too, with their times and status, paged and synced like stories', async () => {
    const at = new Date('2026-11-25T10:00:00Z');
    const ids = await insertLiveEvents(t.database.db, 3, { startAt: at, createdAt: at, updatedAt: at, location: 'Geneva' });
    const [hidden = 0] = await insertLiveEvents(t.database.db, 1, { visible: false, startAt: at, createdAt: at, updatedAt: at });
    const lives = await walk('type=live', 2);
    expect(lives.map(idOfLive)).toEqual(expect.arrayContaining(ids));
    expect(lives.map(idOfLive)).not.toContain(hidden);
    const first = lives.find((live) => idOfLive(live) === ids[0]);
    expect(first).toMatchObject({ uri: `urn:newsreel:live:${ids[0]}`, profile: 'newsreel-live-event', located: 'Geneva', renditions: [] });
    expect(first?.eventdetails?.dates.startdate).toBe(at.toISOString());
    expect(first?.altids).toContainEqual({ role: 'live_status', value: 'confirmed' });
    expect((await item(`live-${ids[0]}`)).uri).toBe(first?.uri);
    expect((await get(`/api/v1/content/live-${hidden}`)).statusCode).toBe(404);
    // Incremental sync: an event changed after `since` comes back.
    const since = new Date('2026-11-25T11:00:00Z').toISOString();
    await t.database.db
      .update(liveEvents)
      .set({ status: 'live', updatedAt: new Date('2026-11-25T12:00:00Z') })
      .where(eq(liveEvents.id, ids[1] ?? 0));
    const changed = await walk(`type=live&since=${encodeURIComponent(since)}`, 5);
    expect(changed.map(idOfLive)).toContain(ids[1]);
    expect(changed.map(idOfLive)).not.toContain(ids[0]);
  });

  it('/api/docs describes the calls with their examples', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
    const docs = answer.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of ['/api/v1/content', '/api/v1/content/{id}', '/api/v1/content/{id}/downloads', '/api/v1/downloads/{id}'])
      expect(Object.keys(docs.paths)).toContain(path);
    const text = JSON.stringify(docs.paths['/api/v1/content']);
    expect(text).toContain('urn:newsreel:video:1042');
    expect(text).toContain('since');
  });
});
