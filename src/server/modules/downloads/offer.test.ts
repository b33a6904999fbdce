import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableFormatsResponseSchema, type AvailableFormat } from '../../../common/catalogue.ts';
import { DAILY_DOWNLOAD_LIMIT } from '../../../common/downloads.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, errors, type Browser } from '../../test/http.ts';
import { agreements } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { videos } from '../catalogue/schema.ts';
import { userLimits } from '../company/schema.ts';
import { estimatedBytes } from './estimates.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';
import { renditionKey } from './service.ts';
import { videoOf } from './test-support.ts';

/**
 * The download panel tells the truth before the click (issue 28): per file, whether it can be had
 * and why not, what to do about it, its size and whether it is made first; and what a download
 * takes from the caller (free, the video's licence, a repeat, one item of a balance; the day's
 * downloads; a member's monthly limit). The entitlement table (entitlement.test.ts) checks that
 * every reason matches what the download then answers.
 */
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const offer = async (browser: Browser, projectId: number, query = '') => {
  const answer = await browser.get(`/api/content/video_projects/${projectId}/videos/current_available_formats${query}`);
  expect(answer.statusCode).toBe(200);
  return availableFormatsResponseSchema.parse(answer.json());
};
const fileOf = (formats: AvailableFormat[], quality = 'hd', container = 'mp4', format = 'clean') =>
  formats.find((file) => file.quality === quality && file.container === container && file.format === format);
const download = (browser: Browser, projectId: number, body: Record<string, unknown> = {}) =>
  browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    video_format: 'clean',
    ...body,
  });

async function enterpriseTeam(standard: number, topUpPriceCents: number | null = null) {
  const team = await a.team();
  const agreement = await createAgreement(
    t.database.db,
    {
      companyId: team.home.id,
      agreementType: 'enterprise',
      topUpPriceCents,
      balances: [{ kind: 'standard', amount: standard, refill: 20 }],
    },
    t.services.clock.now(),
  );
  return { ...team, agreement };
}

describe('what a download takes, before the click', () => {
  it('free material takes nothing; the day counts down from 30', async () => {
    const { browser } = await a.signedIn();
    const video = await videoOf(t, 'free');
    const before = await offer(browser, video);
    expect(before.usage).toMatchObject({ charge: 'free', agreement: null, daily: { used: 0, limit: DAILY_DOWNLOAD_LIMIT } });
    expect((await download(browser, video)).statusCode).toBe(200);
    expect((await offer(browser, video)).usage?.daily.used).toBe(1);
  });

  it("a member's download names the company's agreement and its balance, then is a repeat, free; the member's limit is counted", async () => {
    const { home, member, agreement } = await enterpriseTeam(12);
    await t.database.db
      .insert(userLimits)
      .values({ companyId: home.id, userId: member.user.id, kind: 'standard', limit: 3, updatedAt: t.services.clock.now() });
    const video = await videoOf(t, 'paid');
    expect((await offer(member.browser, video)).usage).toMatchObject({
      charge: 'balance',
      agreement: { id: agreement.id, agreement_type: 'enterprise', kind: 'standard', remaining: 12, owner: 'company' },
      member_limit: { kind: 'standard', limit: 3, used: 0 },
    });
    expect((await download(member.browser, video)).statusCode).toBe(200);
    // Another file of the same video: the agreement has paid for it.
    const again = await offer(member.browser, video);
    expect(again.usage).toMatchObject({ charge: 'repeat', agreement: { remaining: 11 } });
    expect(again.usage?.member_limit).toBeNull();
    expect((await offer(member.browser, await videoOf(t, 'paid'))).usage?.member_limit).toEqual({ kind: 'standard', limit: 3, used: 1 });
  });

  it('a one-off licence covers its video: nothing more is taken', async () => {
    const { browser, user } = await a.signedIn({ userGroup: 'customer' });
    const video = await videoOf(t, 'paid');
    await createAgreement(t.database.db, { userId: user.id, agreementType: 'one_off', videoProjectId: video }, t.services.clock.now());
    expect((await offer(browser, video)).usage).toMatchObject({ charge: 'licensed', agreement: { agreement_type: 'one_off' } });
  });
});

describe('why a file cannot be had, and what to do', () => {
  it("a member over their monthly limit sees every file blocked and whom to ask (the master's name and e-mail)", async () => {
    const { home, member, master } = await enterpriseTeam(12);
    await t.database.db
      .insert(userLimits)
      .values({ companyId: home.id, userId: member.user.id, kind: 'standard', limit: 0, updatedAt: t.services.clock.now() });
    const answer = await offer(member.browser, await videoOf(t, 'paid'));
    const clean = answer.formats.filter((file) => file.format !== 'branded');
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.every((file) => !file.available && file.reason === 'personal_quota' && file.remedy === 'ask_master')).toBe(true);
    expect(answer.usage?.master).toEqual({ name: `${master.user.firstName} ${master.user.lastName}`, email: master.user.email });
    // The master is not told to ask themself.
    expect((await offer(master.browser, await videoOf(t, 'paid'))).usage?.master).toBeNull();
  });

  it('a used-up balance: the master who may buy top-ups is offered them, a member asks the master, one with no top-ups sees the plans', async () => {
    const withTopUps = await enterpriseTeam(0, 900);
    const video = await videoOf(t, 'paid');
    expect(fileOf((await offer(withTopUps.master.browser, video)).formats)).toMatchObject({ reason: 'balance_used_up', remedy: 'top_up' });
    expect(fileOf((await offer(withTopUps.member.browser, video)).formats)).toMatchObject({
      reason: 'balance_used_up',
      remedy: 'ask_master',
    });
    const without = await enterpriseTeam(0);
    expect(fileOf((await offer(without.master.browser, video)).formats)).toMatchObject({ reason: 'balance_used_up', remedy: 'see_plans' });
  });

  it('the day used up: wait until the next day (UTC midnight), said as a time', async () => {
    const { browser, user } = await a.signedIn();
    const video = await videoOf(t, 'free');
    const now = t.services.clock.now();
    await t.database.db.insert(videoRequests).values(
      Array.from({ length: DAILY_DOWNLOAD_LIMIT }, () => ({
        userId: user.id,
        projectId: video,
        quality: 'hd' as const,
        container: 'mp4' as const,
        format: 'clean' as const,
        state: 'ready' as const,
        progress: 100,
        renditionKey: 'the-day',
        createdAt: now,
        updatedAt: now,
      })),
    );
    const answer = await offer(browser, video);
    expect(fileOf(answer.formats)).toMatchObject({ available: false, reason: 'daily_quota', remedy: 'wait' });
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    expect(answer.usage?.available_at).toBe(midnight.toISOString());
    expect(codes(await download(browser, video))).toEqual(['daily_quota']);
  });

  it('branded files without a logo: the one who may upload it is sent to, a member asks the master', async () => {
    const { master } = await enterpriseTeam(5);
    const [video] = await insertProjects(
      t.database.db,
      [
        {
          projectId: `BR-${Date.now()}`,
          language: 'en',
          title: 'Branded test',
          datelineDate: '2026-11-20',
          duration: 20,
          publishedAt: now(),
        },
      ],
      now(),
    );
    // An enterprise agreement is not branded: a licence is needed first.
    expect(fileOf((await offer(master.browser, video ?? 0)).formats, 'hd', 'mp4', 'branded')?.reason).toBe('licence_required');
    const branded = await enterpriseTeam(5);
    await t.database.db.update(agreements).set({ agreementType: 'enterprise_branded' }).where(eq(agreements.id, branded.agreement.id));
    expect(fileOf((await offer(branded.master.browser, video ?? 0)).formats, 'hd', 'mp4', 'branded')).toMatchObject({
      reason: 'logo_required',
      remedy: 'upload_logo',
    });
    expect(fileOf((await offer(branded.member.browser, video ?? 0)).formats, 'hd', 'mp4', 'branded')).toMatchObject({
      reason: 'logo_required',
      remedy: 'ask_master',
    });
    expect(codes(await download(branded.master.browser, video ?? 0, { video_format: 'branded' }))).toEqual(['logo_required']);
  });
});

const now = () => t.services.clock.now();

describe('sizes and preparing', () => {
  it('a file not made yet has an estimated size and a preparing time; once made, its real size and none', async () => {
    const { browser } = await a.signedIn();
    const video = await videoOf(t, 'free');
    await t.database.db.insert(videoMasters).values({ projectId: video, storageKey: 'masters/x.mp4', durationSeconds: 120 });
    const before = fileOf((await offer(browser, video)).formats);
    expect(before).toMatchObject({ ready: false, size_estimated: true, size_bytes: estimatedBytes('hd', 'mp4', 120) });
    expect(before?.render_seconds).toBeGreaterThan(10);
    // MXF is a constant 50 Mb/s: a 2-minute file is some 780 MB.
    expect(fileOf((await offer(browser, video)).formats, 'hd', 'mxf')?.size_bytes).toBeGreaterThan(700_000_000);

    const key = renditionKey(video, { quality: 'hd', file_type: 'mp4', video_format: 'clean', brand_position: 'bottom_right' });
    await t.database.db
      .insert(renditions)
      .values({ renditionKey: key, projectId: video, storageKey: 'renditions/x.mp4', sizeBytes: 48_123_456, createdAt: now() });
    expect(fileOf((await offer(browser, video)).formats)).toMatchObject({
      ready: true,
      size_estimated: false,
      size_bytes: 48_123_456,
      render_seconds: null,
    });
  });

  it('a logo position that is not one is a 422 with the error body', async () => {
    const { browser } = await a.signedIn();
    const answer = await browser.get(
      `/api/content/video_projects/${await videoOf(t, 'free')}/videos/current_available_formats?brand_position=middle`,
    );
    expect(answer.statusCode).toBe(422);
    expect(errors(answer)[0]?.message).toBeTruthy();
  });
});

describe('a story whose restrictions require an on-screen credit (issue 28)', () => {
  it('is offered only with the credit, and a clean file is refused', async () => {
    const { browser } = await a.signedIn();
    const [video] = await insertProjects(
      t.database.db,
      [
        {
          projectId: `CR-${Date.now()}`,
          language: 'en',
          title: 'Credit required',
          datelineDate: '2026-11-20',
          duration: 20,
          freeAccess: true,
          restrictions: [{ code: 'credit_required' }],
          publishedAt: now(),
        },
      ],
      now(),
    );
    const id = video ?? 0;
    const formats = (await offer(browser, id)).formats;
    expect(new Set(formats.map((file) => file.format))).toEqual(new Set(['credit']));
    const offered = await t.database.db.select({ format: videos.format }).from(videos).where(eq(videos.projectId, id));
    expect(offered.every((row) => row.format === 'credit')).toBe(true);
    expect(codes(await download(browser, id))).toEqual(['format_not_offered']);
    const detail = await browser.get(`/api/content/video_projects/${id}`);
    expect(detail.statusCode).toBe(200);
    const body: { format: string[] } = detail.json();
    expect(body.format).toEqual(['credit']);
  });
});
