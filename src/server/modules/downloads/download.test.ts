import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_DOWNLOAD_LIMIT, purchaseResultSchema } from '../../../common/downloads.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementBalances, agreementOperations } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { userLimits } from '../company/schema.ts';
import { users } from '../accounts/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { videoRequests } from './schema.ts';
import { madeRendition, videosOf as videosOfKind } from './test-support.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

/** Published videos of a kind: free, pool or standard (paid). */
const videosOf = (kind: 'free' | 'pool' | 'standard', n = 1) => videosOfKind(t, kind === 'standard' ? 'paid' : kind, n);

const download = (browser: Browser, projectId: number | string, body: Record<string, unknown> = {}) =>
  browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    video_format: 'clean',
    ...body,
  });

async function passHolder(pool: number) {
  const holder = await a.signedIn({ userGroup: 'customer' });
  const pass = await createAgreement(
    t.database.db,
    { userId: holder.user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: pool, refill: 10 }] },
    t.services.clock.now(),
  );
  return { ...holder, pass };
}

const balanceOf = async (agreementId: number, kind: 'pool' | 'standard') => {
  const [row] = await t.database.db
    .select({ amount: agreementBalances.amount })
    .from(agreementBalances)
    .where(and(eq(agreementBalances.agreementId, agreementId), eq(agreementBalances.kind, kind)));
  return row?.amount;
};
const operationsOf = async (agreementId: number) =>
  t.database.db
    .select()
    .from(agreementOperations)
    .where(and(eq(agreementOperations.agreementId, agreementId), eq(agreementOperations.operationType, 'download')));

describe('the download call (spec: content §3, §8, §9)', () => {
  it('needs a signed-in caller and the restrictions ticked; an unknown video is not found', async () => {
    const [free] = await videosOf('free');
    expect((await download(new Browser(t.app), free ?? 0)).statusCode).toBe(401);
    const { browser } = await a.signedIn();
    const unticked = await download(browser, free ?? 0, { restrictions_accepted: false });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json<{ errors: { code: string; message: string }[] }>().errors[0]).toMatchObject({
      code: 'restrictions_required',
      message: 'You must agree to restrictions to download',
    });
    expect(codes(await download(browser, 99_999_999))).toEqual(['video_not_found']);
    expect((await download(browser, free ?? 0, { quality: '4k' })).statusCode).toBe(422);
  });

  it('names the video by its id, its slug or its agency id, each asking for the same file', async () => {
    const [free = 0] = await videosOf('free');
    const [story] = await t.database.db
      .select({ slug: videoProjects.projectSlug, agencyId: videoProjects.projectId })
      .from(videoProjects)
      .where(eq(videoProjects.id, free));
    const { browser, user } = await a.signedIn();
    for (const named of [free, story?.slug ?? '', story?.agencyId ?? '']) {
      const answer = await download(browser, named);
      expect(answer.statusCode).toBe(200);
      expect(purchaseResultSchema.parse(answer.json()).exist).toBe(false);
    }
    const asked = await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id));
    expect(asked.map((request) => request.projectId)).toEqual([free, free, free]);
    expect(new Set(asked.map((request) => request.renditionKey)).size).toBe(1);
    expect(codes(await download(browser, 'no-such-story'))).toEqual(['video_not_found']);

    // Once the file is stored, each way of naming the video finds it (by id it is read with the video).
    const key = await madeRendition(t, free);
    for (const named of [free, story?.slug ?? '', story?.agencyId ?? '']) {
      const found = purchaseResultSchema.parse((await download(browser, named)).json());
      expect(found.exist, String(named)).toBe(true);
      expect(found.url).toContain(`/files/renditions/${key}.mp4?`);
    }
    // Another file of it (SD) is not made yet.
    expect(purchaseResultSchema.parse((await download(browser, free, { quality: 'sd' })).json()).exist).toBe(false);
  });

  it('calls at once, for several videos named in every way, are each answered about their own video and file', async () => {
    // Reads of calls that arrive while others run go out together as one statement: none may take another's row.
    const free = await videosOf('free', 6);
    const stored = new Map<number, string>();
    for (const id of free.slice(0, 3)) stored.set(id, await madeRendition(t, id));
    const stories = await t.database.db
      .select({ id: videoProjects.id, slug: videoProjects.projectSlug, agencyId: videoProjects.projectId })
      .from(videoProjects)
      .where(inArray(videoProjects.id, free));
    const calls = stories.flatMap((story) =>
      [story.id, story.slug, story.agencyId].flatMap((named) => [
        { story, named, quality: 'hd' },
        { story, named, quality: 'sd' },
      ]),
    );
    const users = await Promise.all([1, 2].map(() => a.signedIn()));
    const answers = await Promise.all([
      ...calls.map((call, i) => download((users[i % 2] ?? users[0])!.browser, call.named, { quality: call.quality })),
      download(users[0]!.browser, 'no-such-story'),
      download(users[1]!.browser, 99_999_999),
    ]);

    calls.forEach((call, i) => {
      const answer = answers[i];
      expect(answer?.statusCode, String(call.named)).toBe(200);
      const result = purchaseResultSchema.parse(answer?.json());
      const key = call.quality === 'hd' ? stored.get(call.story.id) : undefined;
      expect(result.exist, `${call.named} ${call.quality}`).toBe(key !== undefined);
      if (key) expect(result.url).toContain(`/files/renditions/${key}.mp4?name=${call.story.slug}_`);
    });
    expect(answers.slice(calls.length).map((answer) => codes(answer))).toEqual([['video_not_found'], ['video_not_found']]);
    const asked = await t.database.db
      .select({ projectId: videoRequests.projectId, quality: videoRequests.quality })
      .from(videoRequests)
      .where(inArray(videoRequests.projectId, free));
    const count = (rows: { projectId: number; quality: string }[]) => rows.map((row) => `${row.projectId} ${row.quality}`).sort();
    expect(count(asked)).toEqual(count(calls.map((call) => ({ projectId: call.story.id, quality: call.quality }))));
  });

  it('only the files a video is offered in: a format it does not offer is refused before anything is charged', async () => {
    const [projectId = 0] = await insertProjects(
      t.database.db,
      [
        {
          projectId: `DL-OFFER-${Math.random().toString(36).slice(2, 8)}`,
          language: 'en',
          title: 'Clean and credit only',
          datelineDate: '2026-11-20',
          duration: 20,
          freeAccess: true,
          formats: ['clean', 'credit'],
          publishedAt: new Date('2026-11-20T12:00:00Z'),
        },
      ],
      t.services.clock.now(),
    );
    const { browser, user } = await a.signedIn();
    const branded = await download(browser, projectId, { video_format: 'branded', brand_position: 'top_left' });
    expect([branded.statusCode, codes(branded)]).toEqual([422, ['format_not_offered']]);
    expect(await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id))).toEqual([]);
    expect((await download(browser, projectId, { video_format: 'credit' })).statusCode).toBe(200);
  });

  /** A new free video (each test's own), changed as the test needs. */
  async function freeVideoWith(change: Partial<typeof videoProjects.$inferInsert>) {
    const [projectId = 0] = await videosOf('free');
    await t.database.db.update(videoProjects).set(change).where(eq(videoProjects.id, projectId));
    return projectId;
  }
  const requestsOf = (userId: number) => t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, userId));

  it('free material under embargo is refused until the embargo ends, and nothing is recorded before', async () => {
    const embargoUntil = new Date(t.services.clock.now().getTime() + minutes(60));
    const projectId = await freeVideoWith({ embargoUntil });
    const { browser, user } = await a.signedIn();
    const refused = await download(browser, projectId);
    expect([refused.statusCode, codes(refused)]).toEqual([403, ['embargoed']]);
    expect(await requestsOf(user.id)).toEqual([]);

    t.services.clock.advance(minutes(61));
    const answer = await download(browser, projectId);
    expect(answer.statusCode).toBe(200);
    expect(await requestsOf(user.id)).toMatchObject([{ projectId, state: 'transcoding' }]);
  });

  it('a slug that is a number, and no video’s id, names its own video: its file and its request', async () => {
    const slug = String(900_000_000 + Math.floor(Math.random() * 1_000_000));
    const projectId = await freeVideoWith({ projectSlug: slug });
    const key = await madeRendition(t, projectId);
    const { browser, user } = await a.signedIn();
    const answer = await download(browser, slug);
    expect(answer.statusCode).toBe(200);
    expect(purchaseResultSchema.parse(answer.json()).url).toContain(`/files/renditions/${key}.mp4?name=${slug}_`);
    expect(await requestsOf(user.id)).toMatchObject([{ projectId, renditionKey: key, state: 'ready' }]);
  });

  it('free material for a registered user costs nothing; the request waits for its file', async () => {
    const [free] = await videosOf('free');
    const { browser, user } = await a.signedIn();
    const answer = await download(browser, free ?? 0);
    expect(answer.statusCode).toBe(200);
    expect(purchaseResultSchema.parse(answer.json())).toMatchObject({ exist: false, url: null });
    const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id));
    expect(request).toMatchObject({
      state: 'transcoding',
      quality: 'hd',
      container: 'mp4',
      format: 'clean',
      agreementId: null,
      operationId: null,
    });
  });

  it('pool material only for subscribers; a pass pays one item per video, another rendition of it is free', async () => {
    const [pool] = await videosOf('pool');
    const plain = await a.signedIn();
    const refused = await download(plain.browser, pool ?? 0);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'Currently, this service is available only to subscribers.',
    );

    const holder = await passHolder(10);
    expect((await download(holder.browser, pool ?? 0)).statusCode).toBe(200);
    // A branded file needs the customer's logo first.
    const noLogo = await download(holder.browser, pool ?? 0, { video_format: 'branded' });
    expect([noLogo.statusCode, codes(noLogo)]).toEqual([422, ['logo_required']]);
    await t.database.db.update(users).set({ logoKey: 'logos/test-logo.png' }).where(eq(users.id, holder.user.id));
    expect(
      (await download(holder.browser, pool ?? 0, { quality: 'sd', video_format: 'branded', brand_position: 'top_left' })).statusCode,
    ).toBe(200);
    expect(await balanceOf(holder.pass.id, 'pool')).toBe(9);
    expect(await operationsOf(holder.pass.id)).toHaveLength(1);
  });

  it('paid material needs an agreement with a balance; a used-up pool says so', async () => {
    const [paid] = await videosOf('standard');
    const plain = await a.signedIn();
    expect(codes(await download(plain.browser, paid ?? 0))).toEqual(['check_plan']);
    const holder = await passHolder(0);
    const [pool] = await videosOf('pool');
    const used = await download(holder.browser, pool ?? 0);
    expect(used.statusCode).toBe(403);
    expect(used.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'You have reached your monthly quota limit for pool materials',
    );
    // A pass has no limit on standard material: it is recorded, nothing is moved.
    expect((await download(holder.browser, paid ?? 0)).statusCode).toBe(200);
    expect(await operationsOf(holder.pass.id)).toHaveLength(1);
  });

  it("a member's limit of a kind: downloads stop at it with the personal quota message", async () => {
    const { home, member } = await a.team();
    const agreement = await createAgreement(
      t.database.db,
      { companyId: home.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 50, refill: 50 }] },
      t.services.clock.now(),
    );
    await t.database.db
      .insert(userLimits)
      .values({ companyId: home.id, userId: member.user.id, kind: 'standard', limit: 2, updatedAt: t.services.clock.now() });
    const videos = await videosOf('standard', 3);
    expect((await download(member.browser, videos[0] ?? 0)).statusCode).toBe(200);
    expect((await download(member.browser, videos[1] ?? 0)).statusCode).toBe(200);
    const third = await download(member.browser, videos[2] ?? 0);
    expect(third.json<{ errors: { code: string; message: string }[] }>().errors[0]).toMatchObject({
      code: 'personal_quota',
      message: 'You have reached your personal quota limit',
    });
    expect(await balanceOf(agreement.id, 'standard')).toBe(48);
  });
});

describe("a pass's member accounts (spec §9: a pass comes with 2 member accounts)", () => {
  /** A master holding a pass in their own name, with a member they invited and another company's master. */
  async function passTeam(pool: number) {
    const team = await a.team();
    const pass = await createAgreement(
      t.database.db,
      { userId: team.master.user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: pool, refill: 10 }] },
      t.services.clock.now(),
    );
    return { ...team, pass };
  }

  it("a member downloads pool material on the master's pass, charged to the pass; another company's master does not", async () => {
    const { member, otherMaster, pass } = await passTeam(5);
    const [pool, second] = await videosOf('pool', 2);
    expect((await download(member.browser, pool ?? 0)).statusCode).toBe(200);
    expect(await balanceOf(pass.id, 'pool')).toBe(4);
    const listed = (await member.browser.get('/api/current_user/agreements')).json<{ agreements: { id: number }[] }>();
    expect(listed.agreements.map((agreement) => agreement.id)).toContain(pass.id);
    expect(codes(await download(otherMaster.browser, second ?? 0))).toEqual(['subscribers_only']);
    expect(await balanceOf(pass.id, 'pool')).toBe(4);
  });

  it('within the limit the master set for the member', async () => {
    const { home, member, pass } = await passTeam(10);
    await t.database.db
      .insert(userLimits)
      .values({ companyId: home.id, userId: member.user.id, kind: 'pool', limit: 1, updatedAt: t.services.clock.now() });
    const [first, second] = await videosOf('pool', 2);
    expect((await download(member.browser, first ?? 0)).statusCode).toBe(200);
    expect(codes(await download(member.browser, second ?? 0))).toEqual(['personal_quota']);
    expect(await balanceOf(pass.id, 'pool')).toBe(9);
  });

  it('the master and members downloading at once never take more than the pass holds', async () => {
    const { home, master, member, pass } = await passTeam(4);
    const second = await a.signedIn({ companyId: home.id, companyRole: 'member', userGroup: 'customer' });
    const callers = [master, member, second];
    const videos = await videosOf('pool', 15);
    const answers = await Promise.all(videos.map((id, i) => download(callers[i % callers.length]?.browser ?? master.browser, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    expect(await balanceOf(pass.id, 'pool')).toBe(0);
    expect(await operationsOf(pass.id)).toHaveLength(4);
  }, 60_000);

  it("a member of a company whose master holds no pass gets the subscribers' refusal", async () => {
    const { member } = await a.team();
    const [pool] = await videosOf('pool');
    expect(codes(await download(member.browser, pool ?? 0))).toEqual(['subscribers_only']);
  });
});

describe('quotas hold under concurrency (DEVELOPERS: count and decide under a lock)', () => {
  /** Downloads of these videos at once by one user: a day's worth answered, the rest refused with the daily message, a day's worth recorded. */
  async function expectOneDayAtOnce(browser: Parameters<typeof download>[0], userId: number, videos: number[]) {
    const answers = await Promise.all(videos.map((id) => download(browser, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(DAILY_DOWNLOAD_LIMIT);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(videos.length - DAILY_DOWNLOAD_LIMIT);
    for (const answer of refused)
      expect(answer.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe('You have reached your daily quota limit');
    expect(await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, userId))).toHaveLength(DAILY_DOWNLOAD_LIMIT);
  }

  it('100 downloads at once by a team against 30 pool items charge exactly 30 and refuse 70 with the quota message', async () => {
    const { home, master, member } = await a.team();
    const more = [
      await a.signedIn({ companyId: home.id, companyRole: 'member' }),
      await a.signedIn({ companyId: home.id, companyRole: 'member' }),
    ];
    const agreement = await createAgreement(
      t.database.db,
      { companyId: home.id, agreementType: 'enterprise', balances: [{ kind: 'pool', amount: 30, refill: 30 }] },
      t.services.clock.now(),
    );
    const videos = await videosOf('pool', 100);
    const callers = [master, member, ...more];
    // 25 each: under the daily limit, so only the balance decides.
    const answers = await Promise.all(videos.map((id, i) => download(callers[i % callers.length]?.browser ?? master.browser, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(70);
    for (const answer of refused)
      expect(answer.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
        'You have reached your monthly quota limit for pool materials',
      );
    expect(await balanceOf(agreement.id, 'pool')).toBe(0);
    expect(await operationsOf(agreement.id)).toHaveLength(30);
    // A hundred requests queue on one row lock: generous for a busy 2-core machine.
  }, 60_000);

  it(`100 free downloads at once: ${DAILY_DOWNLOAD_LIMIT} a day, the rest refused with the daily message`, async () => {
    const { browser, user } = await a.signedIn();
    await expectOneDayAtOnce(browser, user.id, await videosOf('free', 100));
  }, 60_000);

  it(`100 charged downloads at once by one pass holder: ${DAILY_DOWNLOAD_LIMIT} a day charged, the rest refused with the daily message`, async () => {
    const { browser, user, pass } = await passHolder(100);
    await expectOneDayAtOnce(browser, user.id, await videosOf('pool', 100));
    // Only what was downloaded is charged: a refused download costs nothing.
    expect(await balanceOf(pass.id, 'pool')).toBe(100 - DAILY_DOWNLOAD_LIMIT);
    expect(await operationsOf(pass.id)).toHaveLength(DAILY_DOWNLOAD_LIMIT);
  }, 60_000);
});
