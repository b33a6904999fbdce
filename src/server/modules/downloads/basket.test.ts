import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketDownloadResultSchema } from '../../../common/downloads.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementBalances } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { userLimits } from '../company/schema.ts';
import { videoRequests } from './schema.ts';
import { videoOf, videosOf } from './test-support.ts';

/**
 * A basket (issue 28, "select several videos and act on them at once"): one rendition of each
 * video, each charged and limited as the single download is, refused ones said beside them; under
 * concurrency a basket takes no more than the same downloads clicked one by one.
 */
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const basket = (browser: Browser, ids: number[], extra: Record<string, unknown> = {}) =>
  browser.post('/api/current_user/basket_downloads', {
    video_project_ids: ids,
    quality: 'sd',
    file_type: 'mp4',
    video_format: 'clean',
    restrictions_accepted: true,
    ...extra,
  });

async function subscriberWithPool(pool: number) {
  const { browser, user } = await a.signedIn({ userGroup: 'customer' });
  const pass = await createAgreement(
    t.database.db,
    { userId: user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: pool, refill: 10 }] },
    t.services.clock.now(),
  );
  return { browser, user, pass };
}

const poolLeft = async (agreementId: number) =>
  (
    await t.database.db
      .select({ amount: agreementBalances.amount })
      .from(agreementBalances)
      .where(eq(agreementBalances.agreementId, agreementId))
  )[0]?.amount;

describe('a basket download', () => {
  it('downloads each video it may, charges each once, and says why the others were refused', async () => {
    const { browser, pass } = await subscriberWithPool(3);
    const pool = await videosOf(t, 'pool', 5);
    const free = await videoOf(t, 'free');
    const paid = await videoOf(t, 'paid');
    const answer = await basket(browser, [...pool, free, paid, free]);
    expect(answer.statusCode).toBe(200);
    const { items } = basketDownloadResultSchema.parse(answer.json());
    // The free video asked twice is one download.
    expect(items.map((item) => item.video_project_id)).toEqual([...pool, free, paid]);
    expect(items.slice(0, 3).every((item) => item.result !== null && item.error === null)).toBe(true);
    expect(items.slice(3, 5).map((item) => item.error?.code)).toEqual(['pool_quota', 'pool_quota']);
    expect(items[5]?.result).not.toBeNull();
    // A pass is not limited on standard material.
    expect(items[6]?.result).not.toBeNull();
    expect(await poolLeft(pass.id)).toBe(0);
  });

  it('two baskets at once against a pool of 3 take 3 in all', async () => {
    const { browser, pass, user } = await subscriberWithPool(3);
    const first = await videosOf(t, 'pool', 5);
    const second = await videosOf(t, 'pool', 5);
    const answers = await Promise.all([basket(browser, first), basket(browser, second)]);
    const granted = answers
      .flatMap((answer) => basketDownloadResultSchema.parse(answer.json()).items)
      .filter((item) => item.result !== null);
    expect(granted).toHaveLength(3);
    expect(await poolLeft(pass.id)).toBe(0);
    expect(await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id))).toHaveLength(3);
  });

  it("holds a member's monthly limit", async () => {
    const { home, member } = await a.team();
    await createAgreement(
      t.database.db,
      { companyId: home.id, agreementType: 'enterprise', balances: [{ kind: 'standard', amount: 20, refill: 20 }] },
      t.services.clock.now(),
    );
    await t.database.db
      .insert(userLimits)
      .values({ companyId: home.id, userId: member.user.id, kind: 'standard', limit: 2, updatedAt: t.services.clock.now() });
    const { items } = basketDownloadResultSchema.parse((await basket(member.browser, await videosOf(t, 'paid', 4))).json());
    expect(items.map((item) => item.error?.code ?? 'ok')).toEqual(['ok', 'ok', 'personal_quota', 'personal_quota']);
  });

  it('refuses bad input with the error body and downloads nothing', async () => {
    const { browser, user } = await a.signedIn();
    const free = await videoOf(t, 'free');
    expect(codes(await basket(browser, [free], { restrictions_accepted: false }))).toEqual(['restrictions_required']);
    expect((await basket(browser, [])).statusCode).toBe(422);
    expect(
      (
        await basket(
          browser,
          Array.from({ length: 51 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(422);
    expect((await basket(browser, [free], { quality: '4k' })).statusCode).toBe(422);
    expect(await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id))).toHaveLength(0);
    expect((await basket(new Browser(t.app), [free])).statusCode).toBe(401);
  });
});
