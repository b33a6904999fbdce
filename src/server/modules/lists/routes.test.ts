import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_IN_LIST_MESSAGE,
  ITEMS_PER_LIST,
  LISTS_PER_USER,
  listDetailSchema,
  listItemsChangeSchema,
  listItemsResponseSchema,
  listSchema,
  listsResponseSchema,
  videoListsResponseSchema,
  type List,
} from '../../../common/lists.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { screenHead } from '../../web/page-head.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { listItems, lists } from './schema.ts';
import { publicListTitle } from './screens.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let videoIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
  const now = t.services.clock.now();
  videoIds = await insertProjects(
    t.database.db,
    Array.from({ length: 24 }, (_, index) => ({
      projectId: `NR-L-${String(index).padStart(4, '0')}`,
      language: 'en' as const,
      title: `List story ${index}`,
      datelineDate: '2026-11-20',
      duration: 60 + index,
      publishedAt: new Date(now.getTime() - index * 3600_000),
    })),
    now,
  );
});
afterAll(async () => t.close());

const LISTS = '/api/content/lists';
const ITEMS = '/api/content/list_items';
const video = (index: number) => videoIds[index] ?? 0;

async function newList(browser: Browser, title = 'Election night', extra: Record<string, unknown> = {}): Promise<List> {
  const answer = await browser.post(LISTS, { list: { title, ...extra } });
  expect(answer.statusCode, answer.body).toBe(201);
  return listSchema.parse(answer.json());
}
const add = (browser: Browser, listId: string, itemId: number) =>
  browser.post(ITEMS, { item_type: 'video_project', item_id: itemId, list_id: listId });
const detail = async (browser: Browser, listId: string) => listDetailSchema.parse((await browser.get(`${LISTS}/${listId}`)).json());

describe('a user’s lists', () => {
  it('creates a private list by default, lists it first, renames it, makes it public and removes it', async () => {
    const { browser } = await a.signedIn();
    const older = await newList(browser, 'Older');
    const made = await newList(browser, '  Election night  ');
    expect(made).toMatchObject({ title: 'Election night', is_public: false, items_count: 0, preview_image: null, mine: true });
    expect(made.id).toMatch(/^[\w-]{16}$/);
    expect(listsResponseSchema.parse((await browser.get(LISTS)).json()).lists.map((list) => list.id)).toEqual([made.id, older.id]);

    t.services.clock.advance(60_000);
    const renamed = listSchema.parse((await browser.patch(`${LISTS}/${made.id}`, { list: { title: 'Results night' } })).json());
    expect(renamed).toMatchObject({ title: 'Results night', is_public: false });
    expect(renamed.updated_at > made.updated_at).toBe(true);
    expect(listSchema.parse((await browser.patch(`${LISTS}/${made.id}`, { list: { is_public: true } })).json())).toMatchObject({
      title: 'Results night',
      is_public: true,
    });

    expect((await browser.delete(`${LISTS}/${made.id}`)).statusCode).toBe(204);
    expect(codes(await browser.get(`${LISTS}/${made.id}`))).toEqual(['list_not_found']);
    expect(codes(await browser.delete(`${LISTS}/${made.id}`))).toEqual(['list_not_found']);
    expect(listsResponseSchema.parse((await browser.get(LISTS)).json()).lists.map((list) => list.id)).toEqual([older.id]);
  });

  it('refuses a missing, blank or too long title, an empty change and a malformed id with a 422, never a 500', async () => {
    const { browser } = await a.signedIn();
    const list = await newList(browser);
    for (const body of [{}, { list: {} }, { list: { title: '   ' } }, { list: { title: 'x'.repeat(101) } }, { list: { title: 7 } }]) {
      const answer = await browser.post(LISTS, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(errors(await browser.post(LISTS, { list: { title: '' } }))[0]).toMatchObject({ code: 'required', field: 'list.title' });
    expect((await browser.patch(`${LISTS}/${list.id}`, { list: {} })).statusCode).toBe(422);
    expect((await browser.patch(`${LISTS}/${list.id}`, { list: { is_public: 'yes' } })).statusCode).toBe(422);
    expect((await browser.get(`${LISTS}/1`)).statusCode).toBe(422);
    expect((await browser.post(LISTS, '{"list":', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('duplicates a list as a new private list “… (copy)” with the same items, the source unchanged', async () => {
    const { browser } = await a.signedIn();
    const source = await newList(browser, 'Floods', { is_public: true });
    await add(browser, source.id, video(0));
    await add(browser, source.id, video(1));
    const copy = await newList(browser, 'Floods (copy)', { duplicate_of: source.id, is_public: true });
    expect(copy).toMatchObject({ title: 'Floods (copy)', is_public: false, items_count: 2 });
    expect((await detail(browser, copy.id)).list_connection_ids).toEqual([video(1), video(0)]);
    await browser.request({ method: 'DELETE', url: ITEMS, payload: { list_id: copy.id, ids: [video(0)] } });
    expect((await detail(browser, source.id)).items_count).toBe(2);

    // Another's public list may be copied into one's own lists; a private one is not found.
    const other = await a.signedIn();
    expect((await newList(other.browser, 'Borrowed', { duplicate_of: source.id })).items_count).toBe(2);
    const hidden = await newList(browser, 'Hidden');
    expect(codes(await other.browser.post(LISTS, { list: { title: 'X', duplicate_of: hidden.id } }))).toEqual(['list_not_found']);
  });
});

describe('items of a list', () => {
  it('adds videos, newest first, says “Video is already in this list” the second time and refuses an unknown video', async () => {
    const { browser } = await a.signedIn();
    const list = await newList(browser);
    const first = await add(browser, list.id, video(2));
    expect(first.statusCode).toBe(201);
    expect(listItemsChangeSchema.parse(first.json())).toMatchObject({ changed: 1, list: { items_count: 1 } });
    await add(browser, list.id, video(3));
    const again = await add(browser, list.id, video(2));
    expect([again.statusCode, errors(again)]).toEqual([
      409,
      [{ code: 'already_in_list', message: ALREADY_IN_LIST_MESSAGE, field: 'item_id' }],
    ]);
    const unknown = await add(browser, list.id, 99_999_999);
    expect([unknown.statusCode, codes(unknown)]).toEqual([422, ['item_not_found']]);
    expect((await browser.post(ITEMS, { item_type: 'live_event', item_id: video(4), list_id: list.id })).statusCode).toBe(422);
    expect((await browser.post(ITEMS, { item_id: video(4) })).statusCode).toBe(422);

    const shown = await detail(browser, list.id);
    expect(shown).toMatchObject({ items_count: 2, list_connection_ids: [video(3), video(2)], mine: true });
    expect(shown.content_objects[0]).toMatchObject({ id: video(3), title: 'List story 3' });
    expect(shown.preview_image).toBe(shown.content_objects[0]?.selected_preview_image);
  });

  it('adds and removes several with {list_id, ids}: those already there are skipped, those absent are no error', async () => {
    const { browser } = await a.signedIn();
    const list = await newList(browser);
    await add(browser, list.id, video(5));
    const many = await browser.post(ITEMS, { list_id: list.id, ids: [video(5), video(6), video(7), video(7)] });
    expect(listItemsChangeSchema.parse(many.json())).toMatchObject({ changed: 2, list: { items_count: 3 } });
    const removed = await browser.request({ method: 'DELETE', url: ITEMS, payload: { list_id: list.id, ids: [video(5), video(8)] } });
    expect(listItemsChangeSchema.parse(removed.json())).toMatchObject({ changed: 1, list: { items_count: 2 } });
    const one = await browser.request({
      method: 'DELETE',
      url: ITEMS,
      payload: { item_type: 'video_project', item_id: video(6), list_id: list.id },
    });
    expect(listItemsChangeSchema.parse(one.json())).toMatchObject({ changed: 1, list: { items_count: 1 } });
    expect((await browser.post(ITEMS, { list_id: list.id, ids: [] })).statusCode).toBe(422);
  });

  it('pages a list’s items, and tells for a video which of the user’s lists hold it', async () => {
    const { browser } = await a.signedIn();
    const holding = await newList(browser, 'Holding');
    const empty = await newList(browser, 'Empty');
    await browser.post(ITEMS, { list_id: holding.id, ids: videoIds.slice(0, 14) });
    const page2 = listItemsResponseSchema.parse((await browser.get(`${ITEMS}?list_id=${holding.id}&page=2`)).json());
    expect(page2).toMatchObject({ count: 14, page: 2, per_page: 12 });
    expect(page2.list_items.map((item) => item.item_id)).toEqual([video(1), video(0)]);
    expect(page2.list_items[0]).toMatchObject({ item_type: 'video_project', list_id: holding.id });
    expect((await browser.get(`${ITEMS}?list_id=${holding.id}&per_page=13`)).statusCode).toBe(422);

    const choice = videoListsResponseSchema.parse((await browser.get(`/api/content/video_lists?item_id=${video(0)}`)).json());
    expect(choice.video_lists).toEqual([
      { id: empty.id, name: 'Empty', is_public: false, items_count: 0, has_item: false },
      { id: holding.id, name: 'Holding', is_public: false, items_count: 14, has_item: true },
    ]);
  });
});

describe('who sees a list', () => {
  it('a public list is seen by anyone with its link, a private one only by its owner; the shell answers 404 for it', async () => {
    const { browser } = await a.signedIn();
    const list = await newList(browser, 'Shared');
    await add(browser, list.id, video(9));
    const guest = new Browser(t.app);
    const stranger = (await a.signedIn()).browser;
    for (const who of [guest, stranger]) {
      expect(codes(await who.get(`${LISTS}/${list.id}`))).toEqual(['list_not_found']);
      expect(codes(await who.get(`${ITEMS}?list_id=${list.id}`))).toEqual(['list_not_found']);
    }
    const finder = { publicList: publicListTitle(t.database.db) } as Parameters<typeof screenHead>[0];
    const head = () =>
      screenHead(finder, 'publicList', `/lists/${list.id}`, 'en', { origin: 'http://x', pathname: `/en/lists/${list.id}` });
    expect(await head()).toBeNull();

    await browser.patch(`${LISTS}/${list.id}`, { list: { is_public: true } });
    const seen = listDetailSchema.parse((await guest.get(`${LISTS}/${list.id}`)).json());
    expect(seen).toMatchObject({ title: 'Shared', mine: false, list_connection_ids: [video(9)] });
    expect((await head())?.title).toMatch(/^Shared/);
    // Seeing is not changing: a stranger cannot rename, empty, fill or remove it.
    expect(codes(await stranger.patch(`${LISTS}/${list.id}`, { list: { title: 'Mine now' } }))).toEqual(['not_list_owner']);
    expect(codes(await add(stranger, list.id, video(10)))).toEqual(['not_list_owner']);
    expect((await t.database.db.select().from(lists).where(eq(lists.publicId, list.id)))[0]?.title).toBe('Shared');
  });

  it('guest, user, member, master, another company’s master and admin each get exactly their rights', async () => {
    const { master, member, otherMaster } = await a.team();
    const user = await a.signedIn();
    const admin = await a.signedIn({ isAdmin: true });
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin: admin.browser,
    };
    // The master owns both lists: one public, one private. A member of the same company owns neither.
    const shared = await newList(master.browser, 'Team public', { is_public: true });
    const closed = await newList(master.browser, 'Team private');
    await add(master.browser, shared.id, video(11));
    await add(master.browser, closed.id, video(11));
    type Call = (who: Browser) => Promise<number>;
    const everyone = (status: number) => ({
      guest: status,
      user: status,
      member: status,
      master: status,
      otherMaster: status,
      admin: status,
    });
    const ownerOnly = (owner: number, publicList: boolean) => ({
      guest: 401,
      user: publicList ? 403 : 404,
      member: publicList ? 403 : 404,
      master: owner,
      otherMaster: publicList ? 403 : 404,
      admin: publicList ? 403 : 404,
    });
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number> }> = {
      'GET my lists': { call: async (who) => (await who.get(LISTS)).statusCode, expected: { ...everyone(200), guest: 401 } },
      'POST a list': {
        call: async (who) => (await who.post(LISTS, { list: { title: 'Mine' } })).statusCode,
        expected: { ...everyone(201), guest: 401 },
      },
      'GET video lists': {
        call: async (who) => (await who.get(`/api/content/video_lists?item_id=${video(11)}`)).statusCode,
        expected: { ...everyone(200), guest: 401 },
      },
      'GET a public list': { call: async (who) => (await who.get(`${LISTS}/${shared.id}`)).statusCode, expected: everyone(200) },
      'GET a public list’s items': {
        call: async (who) => (await who.get(`${ITEMS}?list_id=${shared.id}`)).statusCode,
        expected: everyone(200),
      },
      'GET a private list': {
        call: async (who) => (await who.get(`${LISTS}/${closed.id}`)).statusCode,
        expected: { ...everyone(404), master: 200 },
      },
      'GET a private list’s items': {
        call: async (who) => (await who.get(`${ITEMS}?list_id=${closed.id}`)).statusCode,
        expected: { ...everyone(404), master: 200 },
      },
      'PATCH a public list': {
        call: async (who) => (await who.patch(`${LISTS}/${shared.id}`, { list: { title: 'Team public' } })).statusCode,
        expected: ownerOnly(200, true),
      },
      'PATCH a private list': {
        call: async (who) => (await who.patch(`${LISTS}/${closed.id}`, { list: { title: 'Team private' } })).statusCode,
        expected: ownerOnly(200, false),
      },
      'POST an item to a public list (already there)': {
        call: async (who) => (await add(who, shared.id, video(11))).statusCode,
        expected: ownerOnly(409, true),
      },
      'POST an item to a private list (already there)': {
        call: async (who) => (await add(who, closed.id, video(11))).statusCode,
        expected: ownerOnly(409, false),
      },
      'DELETE an item absent from a public list': {
        call: async (who) =>
          (await who.request({ method: 'DELETE', url: ITEMS, payload: { list_id: shared.id, ids: [video(12)] } })).statusCode,
        expected: ownerOnly(200, true),
      },
      'POST a duplicate of a private list': {
        call: async (who) => (await who.post(LISTS, { list: { title: 'Copy', duplicate_of: closed.id } })).statusCode,
        expected: { ...everyone(404), guest: 401, master: 201 },
      },
    };
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number> = {};
      for (const who of Object.keys(callers) as (keyof typeof callers)[]) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
    // Removing comes last, as it ends the list: strangers first, then the owner.
    const removals: Record<string, number> = {};
    for (const who of ['guest', 'user', 'member', 'otherMaster', 'admin', 'master'] as const)
      removals[who] = (await callers[who].delete(`${LISTS}/${shared.id}`)).statusCode;
    expect(removals).toEqual({ ...ownerOnly(204, true) });
  });
});

describe('caps, under concurrency', () => {
  it(`keeps ${ITEMS_PER_LIST} items a list when 20 videos are added at once to a list 5 short of it`, async () => {
    const { browser } = await a.signedIn();
    const list = await newList(browser);
    const [row] = await t.database.db.select().from(lists).where(eq(lists.publicId, list.id));
    const now = t.services.clock.now();
    // Items of gone videos fill the list (they count against the cap, unseen).
    await t.database.db.insert(listItems).values(
      Array.from({ length: ITEMS_PER_LIST - 5 }, (_, index) => ({
        listId: row?.id ?? 0,
        itemType: 'video_project' as const,
        itemId: 90_000_000 + index,
        createdAt: now,
      })),
    );
    const answers = await Promise.all(videoIds.slice(0, 20).map((id) => add(browser, list.id, id)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409).flatMap(codes)).toEqual(Array<string>(15).fill('list_items_limit'));
    const held = await t.database.db
      .select()
      .from(listItems)
      .where(eq(listItems.listId, row?.id ?? 0));
    expect(held).toHaveLength(ITEMS_PER_LIST);
  });

  it('has a video once when it is added 10 times at once', async () => {
    const { browser } = await a.signedIn();
    const list = await newList(browser);
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(browser, list.id, video(13))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect((await detail(browser, list.id)).list_connection_ids).toEqual([video(13)]);
  });

  it(`keeps ${LISTS_PER_USER} lists a user when 10 are made at once 5 short of it`, async () => {
    const { browser, user } = await a.signedIn();
    const now = t.services.clock.now();
    await t.database.db.insert(lists).values(
      Array.from({ length: LISTS_PER_USER - 5 }, (_, index) => ({
        publicId: `prefilled${String(user.id).padStart(5, '0')}${String(index).padStart(2, '0')}`.slice(-16),
        userId: user.id,
        title: `List ${index}`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => browser.post(LISTS, { list: { title: `New ${index}` } })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409).flatMap(codes)).toEqual(Array<string>(5).fill('lists_limit'));
    expect(listsResponseSchema.parse((await browser.get(LISTS)).json()).lists).toHaveLength(LISTS_PER_USER);
  });
});
