import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableFormatsResponseSchema } from '../../../common/catalogue.ts';
import { DAILY_DOWNLOAD_LIMIT } from '../../../common/downloads.ts';
import { createAgreement } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementBalances } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { userLimits } from '../company/schema.ts';
import { videoRequests } from './schema.ts';
import { videoOf as videoOfKind } from './test-support.ts';

/**
 * The entitlement table (issue: downloads, tests): who may download what, in which quota state,
 * and what it costs. Each cell is a fresh caller asking for a fresh video of the kind; the answer
 * is 200 or the error code the browser translates, and the balances show what was charged.
 */
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

type Kind = 'free' | 'pool' | 'paid';
type State = 'within' | 'used_up';
const KINDS: Kind[] = ['free', 'pool', 'paid'];

const videoOf = (kind: Kind) => videoOfKind(t, kind);

const download = (browser: Browser, projectId: number) =>
  browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    video_format: 'clean',
  });

/** The user has used the day's downloads already (requests of today, as the call records them). */
async function useUpTheDay(userId: number) {
  const video = await videoOf('free');
  const now = t.services.clock.now();
  await t.database.db.insert(videoRequests).values(
    Array.from({ length: DAILY_DOWNLOAD_LIMIT }, () => ({
      userId,
      projectId: video,
      quality: 'hd' as const,
      container: 'mp4' as const,
      format: 'clean' as const,
      state: 'ready' as const,
      progress: 100,
      renditionKey: 'used-up-the-day',
      createdAt: now,
      updatedAt: now,
    })),
  );
}

const remaining = async (agreementId: number) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ kind: agreementBalances.kind, amount: agreementBalances.amount })
        .from(agreementBalances)
        .where(eq(agreementBalances.agreementId, agreementId))
    ).map((row) => [row.kind, row.amount]),
  );

/** A caller in a quota state: a browser, the video each kind is asked for, and the agreement whose balances are read. */
type Caller = { browser: Browser; videos: Record<Kind, number>; agreementId: number | null };

async function freshVideos(): Promise<Record<Kind, number>> {
  return { free: await videoOf('free'), pool: await videoOf('pool'), paid: await videoOf('paid') };
}

const CALLERS: Record<string, (state: State) => Promise<Caller>> = {
  async guest() {
    return { browser: new Browser(t.app), videos: await freshVideos(), agreementId: null };
  },
  async user(state) {
    const { browser, user } = await a.signedIn();
    if (state === 'used_up') await useUpTheDay(user.id);
    return { browser, videos: await freshVideos(), agreementId: null };
  },
  async subscriber(state) {
    const { browser, user } = await a.signedIn({ userGroup: 'customer' });
    const pass = await createAgreement(
      t.database.db,
      { userId: user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: state === 'used_up' ? 0 : 10, refill: 10 }] },
      t.services.clock.now(),
    );
    return { browser, videos: await freshVideos(), agreementId: pass.id };
  },
  async 'member with a limit'(state) {
    const { home, member } = await a.team();
    const agreement = await createAgreement(
      t.database.db,
      {
        companyId: home.id,
        agreementType: 'enterprise',
        balances: [
          { kind: 'standard', amount: 20, refill: 20 },
          { kind: 'pool', amount: 20, refill: 20 },
        ],
      },
      t.services.clock.now(),
    );
    const limit = state === 'used_up' ? 0 : 5;
    await t.database.db.insert(userLimits).values(
      (['standard', 'pool'] as const).map((kind) => ({
        companyId: home.id,
        userId: member.user.id,
        kind,
        limit,
        updatedAt: t.services.clock.now(),
      })),
    );
    return { browser: member.browser, videos: await freshVideos(), agreementId: agreement.id };
  },
  async master(state) {
    const { home, master } = await a.team();
    const amount = state === 'used_up' ? 0 : 20;
    const agreement = await createAgreement(
      t.database.db,
      {
        companyId: home.id,
        agreementType: 'enterprise',
        balances: [
          { kind: 'standard', amount, refill: 20 },
          { kind: 'pool', amount, refill: 20 },
        ],
      },
      t.services.clock.now(),
    );
    return { browser: master.browser, videos: await freshVideos(), agreementId: agreement.id };
  },
  async 'one-off buyer'(state) {
    const { browser, user } = await a.signedIn({ userGroup: 'customer' });
    const videos = await freshVideos();
    const licence = await createAgreement(
      t.database.db,
      { userId: user.id, agreementType: 'one_off', videoProjectId: videos.paid, archivalDays: 7 },
      t.services.clock.now(),
    );
    if (state === 'used_up') await useUpTheDay(user.id);
    return { browser, videos, agreementId: licence.id };
  },
};

/** What each caller gets for free, pool and paid material, and the balances left after the three asks. */
const EXPECTED: Record<string, Record<State, { answers: Record<Kind, string>; left?: Record<string, number> }>> = {
  guest: {
    within: { answers: { free: '401', pool: '401', paid: '401' } },
    used_up: { answers: { free: '401', pool: '401', paid: '401' } },
  },
  user: {
    within: { answers: { free: '200', pool: 'subscribers_only', paid: 'check_plan' } },
    used_up: { answers: { free: 'daily_quota', pool: 'subscribers_only', paid: 'check_plan' } },
  },
  subscriber: {
    // A pass is limited on pool material and unlimited on the rest (spec content §6).
    within: { answers: { free: '200', pool: '200', paid: '200' }, left: { pool: 9 } },
    used_up: { answers: { free: '200', pool: 'pool_quota', paid: '200' }, left: { pool: 0 } },
  },
  'member with a limit': {
    within: { answers: { free: '200', pool: '200', paid: '200' }, left: { pool: 19, standard: 19 } },
    used_up: { answers: { free: '200', pool: 'personal_quota', paid: 'personal_quota' }, left: { pool: 20, standard: 20 } },
  },
  master: {
    within: { answers: { free: '200', pool: '200', paid: '200' }, left: { pool: 19, standard: 19 } },
    used_up: { answers: { free: '200', pool: 'pool_quota', paid: 'check_plan' }, left: { pool: 0, standard: 0 } },
  },
  'one-off buyer': {
    // The licence covers its own video only, and charges nothing for it.
    within: { answers: { free: '200', pool: 'subscribers_only', paid: '200' }, left: {} },
    used_up: { answers: { free: 'daily_quota', pool: 'subscribers_only', paid: 'daily_quota' }, left: {} },
  },
};

/**
 * What the download panel says before the click (issue 28), for the file then asked for: available,
 * or the reason the download's own error code gives (pool_quota and check_plan are the error
 * codes of a used-up balance and of no plan for the material).
 */
const OFFER_OF_ANSWER: Record<string, string[]> = {
  '200': ['available'],
  '401': ['login_required'],
  daily_quota: ['daily_quota'],
  personal_quota: ['personal_quota'],
  subscribers_only: ['subscribers_only'],
  pool_quota: ['balance_used_up'],
  check_plan: ['licence_required', 'balance_used_up'],
};

async function offerFor(browser: Browser, projectId: number, guest: boolean): Promise<string> {
  const path = guest ? 'current_guest_available_formats' : 'current_available_formats';
  const answer = availableFormatsResponseSchema.parse(
    (await browser.get(`/api/content/video_projects/${projectId}/videos/${path}`)).json(),
  );
  const file = answer.formats.find(
    (candidate) => candidate.quality === 'hd' && candidate.container === 'mp4' && candidate.format === 'clean',
  );
  return file?.available ? 'available' : (file?.reason ?? 'missing');
}

describe('the entitlement table: caller × material × quota state (spec: content §6, §8, §9)', () => {
  for (const [name, make] of Object.entries(CALLERS))
    for (const state of ['within', 'used_up'] as const)
      it(`${name}, quota ${state === 'within' ? 'left' : 'used up'}; the download panel said so before the click`, async () => {
        const caller = await make(state);
        const answers = {} as Record<Kind, string>;
        for (const kind of KINDS) {
          const offer = await offerFor(caller.browser, caller.videos[kind], name === 'guest');
          const answer = await download(caller.browser, caller.videos[kind]);
          const code = answer.statusCode === 200 || answer.statusCode === 401 ? String(answer.statusCode) : (codes(answer)[0] ?? '?');
          expect(OFFER_OF_ANSWER[code], `${kind}: offered ${offer}, answered ${code}`).toContain(offer);
          answers[kind] = code;
        }
        const expected = EXPECTED[name]?.[state];
        expect(answers).toEqual(expected?.answers);
        if (caller.agreementId !== null) expect(await remaining(caller.agreementId)).toEqual(expected?.left);
      });
});
