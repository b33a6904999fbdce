import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApiListSchema, type NinjsItem } from '../../../common/content-api.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, type Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { userLimits } from '../company/schema.ts';
import { videoRequests } from '../downloads/schema.ts';
import { madeRendition } from '../downloads/test-support.ts';
import { contentItems } from '../newsroom/schema.ts';
import { storyWithMaster, uniqueWord } from '../newsroom/test-support.ts';

/**
 * The files the feed offers each caller (issue 30) over the stories it keeps for every caller
 * alike: a member's monthly limit, and a kill that leaves the shared page at once.
 */
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const idOf = (found: NinjsItem) => Number(found.altids.find((alt) => alt.role === 'id')?.value);
async function feed(browser: Browser, query: string): Promise<Map<number, NinjsItem>> {
  const answer = await browser.get(`/api/v1/content?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return new Map(contentApiListSchema.parse(answer.json()).items.map((found) => [idOf(found), found]));
}
const filesOf = (found: NinjsItem | undefined) => found?.renditions.map((file) => file.name) ?? null;
const file = { restrictions_accepted: true, quality: 'hd', file_type: 'mp4', video_format: 'clean' };

async function enterpriseTeam() {
  const team = await a.team();
  await createAgreement(
    t.database.db,
    { companyId: team.home.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 10 }] },
    t.services.clock.now(),
  );
  return team;
}

/** A story of the catalogue's own, published before the desk's: its id. */
async function oneStory(projectId: string, title: string, freeAccess: boolean): Promise<number> {
  const [id = 0] = await insertProjects(
    t.database.db,
    [
      {
        projectId,
        language: 'en',
        title,
        datelineDate: '2026-11-20',
        duration: 20,
        freeAccess,
        publishedAt: new Date('2026-11-20T12:00:00Z'),
      },
    ],
    t.services.clock.now(),
  );
  return id;
}

describe("the feed's files for each caller", () => {
  it('a member past their monthly limit is offered only what the agreement already paid for, as the download decides', async () => {
    const { home, master, member } = await enterpriseTeam();
    await t.database.db
      .insert(userLimits)
      .values({ companyId: home.id, userId: member.user.id, kind: 'standard', limit: 1, updatedAt: t.services.clock.now() });
    const word = uniqueWord();
    const [first = 0, second = 0, free = 0] = await insertProjects(
      t.database.db,
      [0, 1, 2].map((i) => ({
        projectId: `OFFER-${word}-${i}`,
        language: 'en' as const,
        title: `Ferry ${word} crossing ${i}`,
        datelineDate: '2026-11-20',
        duration: 20,
        freeAccess: i === 2,
        publishedAt: new Date('2026-11-20T12:00:00Z'),
      })),
      t.services.clock.now(),
    );
    const query = `search=${word}&limit=10`;
    const before = await feed(member.browser, query);
    expect(filesOf(before.get(first))).toContain('clean-hd-mp4');
    expect(filesOf(before.get(second))).toContain('clean-hd-mp4');

    // The one download the limit allows, through the API as a newsroom's system makes it.
    expect((await member.browser.post(`/api/v1/content/${first}/downloads`, file)).statusCode).toBe(200);
    const after = await feed(member.browser, query);
    // Another file of the story already paid for takes nothing: still offered.
    expect(filesOf(after.get(first))).toEqual(filesOf(before.get(first)));
    expect(filesOf(after.get(second))).toEqual([]);
    // Free material takes nothing from the limit.
    expect(filesOf(after.get(free))).toEqual(filesOf(before.get(free)));
    // What the feed no longer offers, the download refuses; the master has no limit.
    expect(codes(await member.browser.post(`/api/v1/content/${second}/downloads`, file))).toEqual(['personal_quota']);
    expect(filesOf((await feed(master.browser, query)).get(second))).toEqual(filesOf(before.get(second)));
  }, 60_000);

  it("after the day's 30 downloads nothing new is offered, with an agreement or without; failed ones do not count", async () => {
    const word = uniqueWord();
    const [paid, free, spent] = [
      await oneStory(`DAY-${word}-paid`, `Quarry ${word}`, false),
      await oneStory(`DAY-${word}-free`, `Quarry ${word} open`, true),
      await oneStory(`DAY-${word}-spent`, `Kiln ${word}`, true),
    ];
    const holder = (await enterpriseTeam()).master;
    const visitor = await a.signedIn();
    const query = `search=${word}&limit=10`;
    const downloadsToday = (userId: number, state: 'failed' | 'ready') => {
      const now = t.services.clock.now();
      return t.database.db.insert(videoRequests).values(
        Array.from({ length: 30 }, (_, i) => ({
          ...{ userId, projectId: spent, quality: 'sd' as const, container: 'mp4' as const, format: 'clean' as const },
          ...{
            renditionKey: `day-${word}-${userId}-${state}-${i}`,
            state,
            progress: state === 'ready' ? 100 : 0,
            createdAt: now,
            updatedAt: now,
          },
        })),
      );
    };
    for (const caller of [holder, visitor]) await downloadsToday(caller.user.id, 'failed');
    const [holderBefore, visitorBefore] = [await feed(holder.browser, query), await feed(visitor.browser, query)];
    expect(filesOf(holderBefore.get(paid))?.length).toBeGreaterThan(0);
    expect(filesOf(visitorBefore.get(free))?.length).toBeGreaterThan(0);

    for (const caller of [holder, visitor]) await downloadsToday(caller.user.id, 'ready');
    expect(filesOf((await feed(holder.browser, query)).get(paid))).toEqual([]);
    expect(filesOf((await feed(visitor.browser, query)).get(free))).toEqual([]);
    // As the download decides.
    expect(codes(await visitor.browser.post(`/api/v1/content/${free}/downloads`, file))).toEqual(['daily_quota']);
  }, 60_000);

  it('gives the size of a file already made, and none of a file still to make', async () => {
    const { browser } = await a.signedIn();
    const word = uniqueWord();
    const free = await oneStory(`SIZE-${word}`, `Lighthouse ${word}`, true);
    await madeRendition(t, free, 1234);
    const files = (await feed(browser, `search=${word}&limit=5`)).get(free)?.renditions ?? [];
    expect(files.find((found) => found.name === 'clean-hd-mp4')?.sizeinbytes).toBe(1234);
    expect(files.find((found) => found.name === 'clean-sd-mp4')).toBeDefined();
    expect(files.find((found) => found.name === 'clean-sd-mp4')?.sizeinbytes).toBeUndefined();
  });

  it('callers offered different files read the same kept page each with their own files', async () => {
    const word = uniqueWord();
    const paid = await oneStory(`SHARE-${word}`, `Harbour ${word}`, false);
    const query = `search=${word}&limit=5`;
    const visitorOfNothing = (await a.signedIn()).browser;
    const [withPass, another] = [(await enterpriseTeam()).master.browser, (await enterpriseTeam()).master.browser];
    // Read one after another and at once, within what the process keeps of the story.
    expect(filesOf((await feed(visitorOfNothing, query)).get(paid))).toEqual([]);
    const offered = filesOf((await feed(withPass, query)).get(paid));
    expect(offered?.length).toBeGreaterThan(0);
    const [again, theirs] = await Promise.all([feed(visitorOfNothing, query), feed(another, query)]);
    expect(filesOf(again.get(paid))).toEqual([]);
    expect(filesOf(theirs.get(paid))).toEqual(offered);
    // The ETag is of what each is sent: the same files, the same tag; other files, another.
    const tagOf = async (browser: Browser) => (await browser.get(`/api/v1/content?${query}`)).headers.etag;
    expect(await tagOf(another)).toBe(await tagOf(withPass));
    expect(await tagOf(visitorOfNothing)).not.toBe(await tagOf(withPass));
  });

  it('a kill at the desk leaves the first page every caller shares at once, and sync reads it as canceled', async () => {
    const { master } = await enterpriseTeam();
    const since = new Date(t.services.clock.now().getTime() - 1000).toISOString();
    const editor = (await a.signedIn({ isAdmin: true, deskRoles: ['editor'] })).browser;
    const story = await storyWithMaster(t, null, {
      headline: `Dam opens ${uniqueWord()}`,
      fields: { access: 'paid', one_off_price_cents: 5000 },
    });
    expect((await editor.post(`/api/desk/content/${story.id}/publish`, {})).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(contentItems).where(eq(contentItems.id, story.id));
    const projectId = row?.videoProjectId ?? 0;

    const first = (await feed(master.browser, 'limit=5')).get(projectId);
    expect(first?.pubstatus).toBe('usable');
    // A system polling with the page's ETag hears that nothing changed, with no body.
    const etag = String((await master.browser.get('/api/v1/content?limit=5')).headers.etag);
    const unchanged = await master.browser.get('/api/v1/content?limit=5', { headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(filesOf(first)?.length).toBeGreaterThan(0);
    // Read again by another caller: the same page, from what the process keeps.
    expect((await feed((await a.signedIn()).browser, 'limit=5')).has(projectId)).toBe(true);

    expect((await editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'The footage was staged.' })).statusCode).toBe(200);
    // The page kept for every caller is forgotten: the story is off it at once, and the poll with the old ETag gets the new page.
    expect((await feed(master.browser, 'limit=5')).has(projectId)).toBe(false);
    const changed = await master.browser.get('/api/v1/content?limit=5', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Incremental sync tells of the kill: canceled, no file to license.
    const killed = (await feed(master.browser, `since=${encodeURIComponent(since)}&limit=50`)).get(projectId);
    expect(killed?.pubstatus).toBe('canceled');
    expect(killed?.renditions).toEqual([]);
  });
});
