import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAVED_SEARCH_LIMITS,
  savedSearchesSchema,
  savedSearchMatchesSchema,
  savedSearchSchema,
  type SavedSearch,
} from '../../../common/saved-searches.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { storyWithMaster } from '../newsroom/test-support.ts';
import { savedSearches, savedSearchMatches } from './schema.ts';
import { eq } from 'drizzle-orm';

/** The user's saved searches (issue 30): only the owner sees or changes one; a limit per user. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SEARCHES = '/api/current_user/saved_searches';
const body = { name: 'Floods in Europe', query: { search: 'flood', tags: ['weather'], language: 'en', min_duration: 30 } };

async function saved(browser: Browser, extra: Record<string, unknown> = {}): Promise<SavedSearch> {
  const answer = await browser.post(SEARCHES, { ...body, ...extra });
  expect(answer.statusCode, answer.body).toBe(201);
  return savedSearchSchema.parse(answer.json());
}
const listOf = async (browser: Browser) => savedSearchesSchema.parse((await browser.get(SEARCHES)).json()).saved_searches;

describe('who may call the saved searches', () => {
  it('guest 401; the owner (user, member, master, admin alike) 2xx; another user 404 on someone else’s search', async () => {
    const a = agreementFixtures(t);
    const { master, member } = await a.team();
    const user = await a.signedIn();
    const admin = await a.signedIn({ isAdmin: true });
    const callers = { guest: new Browser(t.app), user: user.browser, member: member.browser, master: master.browser, admin: admin.browser };
    const owners = { user, member, master, admin };
    // Each caller's own search, then a search of `user`'s that nobody else may reach.
    const own = Object.fromEntries(
      await Promise.all(Object.entries(owners).map(async ([name, who]) => [name, (await saved(who.browser)).id] as const)),
    );
    const theirs = own.user!;
    const answers: Record<string, number[]> = {};
    for (const [name, browser] of Object.entries(callers)) {
      const mine = own[name] ?? theirs;
      answers[name] = [
        (await browser.get(SEARCHES)).statusCode,
        (await browser.post(SEARCHES, body)).statusCode,
        (await browser.patch(`${SEARCHES}/${mine}`, { notify_push: true })).statusCode,
        (await browser.post(`${SEARCHES}/${mine}/seen`)).statusCode,
        (await browser.get(`${SEARCHES}/${mine}/matches`)).statusCode,
        // Another user's search, as if it did not exist.
        name === 'user' || name === 'guest' ? 0 : (await browser.get(`${SEARCHES}/${theirs}/matches`)).statusCode,
        name === 'user' || name === 'guest' ? 0 : (await browser.patch(`${SEARCHES}/${theirs}`, { name: 'Mine now' })).statusCode,
        name === 'user' || name === 'guest' ? 0 : (await browser.delete(`${SEARCHES}/${theirs}`)).statusCode,
        (await browser.delete(`${SEARCHES}/${mine}`)).statusCode,
      ];
    }
    expect(answers).toEqual({
      guest: [401, 401, 401, 401, 401, 0, 0, 0, 401],
      user: [200, 201, 200, 200, 200, 0, 0, 0, 204],
      member: [200, 201, 200, 200, 200, 404, 404, 404, 204],
      master: [200, 201, 200, 200, 200, 404, 404, 404, 204],
      admin: [200, 201, 200, 200, 200, 404, 404, 404, 204],
    });
    // Nobody else's call changed the user's search before they removed it.
    const [left] = await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, user.user.id));
    expect(left?.name).toBe('Floods in Europe');
  });
});

describe('saving, changing and removing', () => {
  it('keeps the search as given, alerts in the app by default; a change renames and says how to hear', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const search = await saved(browser);
    expect(search).toMatchObject({
      name: 'Floods in Europe',
      query: body.query,
      notify_in_app: true,
      notify_email: 'off',
      notify_push: false,
      notify_webhook: false,
      new_matches: 0,
    });
    const changed = await browser.patch(`${SEARCHES}/${search.id}`, { name: ' Floods ', notify_email: 'daily', notify_webhook: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(savedSearchSchema.parse(changed.json())).toMatchObject({
      name: 'Floods',
      notify_email: 'daily',
      notify_webhook: true,
      query: body.query,
    });
    expect((await listOf(browser)).map((row) => row.name)).toEqual(['Floods']);
    expect((await browser.delete(`${SEARCHES}/${search.id}`)).statusCode).toBe(204);
    expect(await listOf(browser)).toEqual([]);
    expect((await browser.delete(`${SEARCHES}/${search.id}`)).statusCode).toBe(404);
  });

  it('bad input is 422 naming the field: an empty name, a filter out of range, an unknown language or e-mail choice', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, name: '   ' }, 'name'],
      [{ ...body, query: { min_duration: -1 } }, 'query.min_duration'],
      [{ ...body, query: { min_duration: 60, max_duration: 30 } }, 'query.max_duration'],
      [{ ...body, query: { max_duration: 10_000_000 } }, 'query.max_duration'],
      [{ ...body, query: { language: 'de' } }, 'query.language'],
      [{ ...body, query: { search: 'x'.repeat(201) } }, 'query.search'],
      [{ ...body, notify_email: 'hourly' }, 'notify_email'],
    ];
    for (const [payload, field] of cases) {
      const answer = await browser.post(SEARCHES, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errors(answer).map((error) => error.field)).toContain(field);
    }
    const search = await saved(browser);
    const renamed = await browser.patch(`${SEARCHES}/${search.id}`, { name: '' });
    expect(renamed.statusCode).toBe(422);
    expect((await browser.patch(`${SEARCHES}/abc`, { name: 'x' })).statusCode).toBe(422);
    expect(await listOf(browser)).toHaveLength(1);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perUser} per user, even asked at once`, async () => {
    const { user, browser } = await agreementFixtures(t).signedIn();
    const now = t.services.clock.now();
    await t.database.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCH_LIMITS.perUser - 3 }, (_, index) => ({
        userId: user.id,
        name: `Search ${index}`,
        query: { search: `word${index}` },
        seenAt: now,
        createdAt: now,
      })),
    );
    const answers = await Promise.all(Array.from({ length: 8 }, () => browser.post(SEARCHES, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(codes(answers.find((answer) => answer.statusCode === 409)!)).toEqual(['saved_searches_too_many']);
    expect(await listOf(browser)).toHaveLength(SAVED_SEARCH_LIMITS.perUser);
  });
});

describe('new matches', () => {
  it('are counted since the last look; seen puts the count back to 0; the list shows them, newest first', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const search = await saved(browser);
    const stories = [await storyWithMaster(t, null, { state: 'published' }), await storyWithMaster(t, null, { state: 'published' })];
    for (const story of stories) {
      t.services.clock.advance(minutes(1));
      await t.database.db
        .insert(savedSearchMatches)
        .values({ savedSearchId: search.id, contentItemId: story.id, createdAt: t.services.clock.now() });
    }
    expect((await listOf(browser))[0]?.new_matches).toBe(2);
    const matches = savedSearchMatchesSchema.parse((await browser.get(`${SEARCHES}/${search.id}/matches`)).json()).matches;
    // Stories not listed in the catalogue (never published at the desk here) show without their video.
    expect(matches.map((match) => [match.is_new, match.video])).toEqual([
      [true, null],
      [true, null],
    ]);
    const seen = await browser.post(`${SEARCHES}/${search.id}/seen`);
    expect(savedSearchSchema.parse(seen.json()).new_matches).toBe(0);
    expect((await listOf(browser))[0]?.new_matches).toBe(0);
    const after = savedSearchMatchesSchema.parse((await browser.get(`${SEARCHES}/${search.id}/matches`)).json()).matches;
    expect(after.map((match) => match.is_new)).toEqual([false, false]);
  });

  it('show the video as the catalogue links it (slug, poster, language); one withheld since, without it', async () => {
    const a = agreementFixtures(t);
    const { browser } = await a.signedIn();
    const editor = (await a.signedIn({ isAdmin: true, deskRoles: ['editor'] })).browser;
    const search = await saved(browser);
    const listed = await storyWithMaster(t, null, { headline: 'Floods reach the delta' });
    const withheld = await storyWithMaster(t, null, { headline: 'Floods, the first pictures' });
    for (const story of [withheld, listed]) {
      expect((await editor.post(`/api/desk/content/${story.id}/publish`, {})).statusCode).toBe(200);
      t.services.clock.advance(minutes(1));
      await t.database.db
        .insert(savedSearchMatches)
        .values({ savedSearchId: search.id, contentItemId: story.id, createdAt: t.services.clock.now() });
    }
    expect((await editor.post(`/api/desk/content/${withheld.id}/withhold`, { reason: 'Rights unclear' })).statusCode).toBe(200);
    const [shown, gone] = savedSearchMatchesSchema.parse((await browser.get(`${SEARCHES}/${search.id}/matches`)).json()).matches;
    expect(shown?.video).toMatchObject({ title: 'Floods reach the delta', language: 'en' });
    // Linked as the catalogue links it, with its poster.
    expect(shown?.video?.project_slug).toMatch(/floods-reach-the-delta/);
    expect(shown?.video?.selected_preview_image).toMatch(/^\/media\/|^https?:/);
    expect(gone).toMatchObject({ is_new: true, video: null });
  });
});
