import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TEST_CARDS, testPaymentMethodSchema, type TestCardOutcome } from '../../../common/payments.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser } from '../../test/http.ts';
import type { TestApp } from '../../test/harness.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { JOB_QUEUES } from '../../jobs/queues.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { countries } from '../reference/schema.ts';
import { billingSettings } from './schema.ts';
import type { WalletProvider } from './wallet-provider.ts';

/** The payments tests' buyers, cards and orders, on a test app. */
export function paymentFixtures(t: TestApp) {
  const db = t.database.db;

  async function countryId(code: string) {
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    if (!row) throw new Error(`no country ${code}`);
    return row.id;
  }

  /** Billing settings for a user: an individual, or a company with its VAT id. */
  async function billing(userId: number, country: string, vatId?: string) {
    await db.insert(billingSettings).values({
      userId,
      kind: vatId ? 'company' : 'individual',
      firstName: 'Ana',
      lastName: 'Buyer',
      email: `billing-${userId}@buyer.example`,
      companyName: vatId ? 'Rheinland TV GmbH' : '',
      vatId: vatId ?? null,
      address1: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      countryId: await countryId(country),
      updatedAt: t.services.clock.now(),
    });
  }

  /** A signed-in buyer with billing settings in `country` (none with null). */
  async function buyer(
    options: { country?: string | null; vatId?: string; ip?: string; overrides?: Parameters<typeof createUser>[1] } = {},
  ) {
    const user = await createUser(db, options.overrides ?? {});
    const browser = new Browser(t.app, { ip: options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    browser.setCookie('session', await createSessionToken(db, user, t.services.clock.now()));
    const country = options.country === undefined ? 'DE' : options.country;
    if (country) await billing(user.id, country, options.vatId);
    return { user, browser };
  }

  /** A new session of the same user, as after signing in again. */
  async function signInAgain(user: Awaited<ReturnType<typeof createUser>>, ip: string) {
    const browser = new Browser(t.app, { ip });
    browser.setCookie('session', await createSessionToken(db, user, t.services.clock.now()));
    return browser;
  }

  /** A payment method of the test provider for the card with this outcome. */
  async function card(browser: Browser, outcome: TestCardOutcome = 'success') {
    const number = TEST_CARDS.find((candidate) => candidate.outcome === outcome)?.number;
    const answer = await browser.post('/api/payments/test_cards/payment_methods', { number, exp_month: 12, exp_year: 2030, cvc: '123' });
    if (answer.statusCode !== 200) throw new Error(`card form: ${answer.body}`);
    return testPaymentMethodSchema.parse(answer.json()).id;
  }

  const confirmations = { withdrawal: true, terms: true, licence_values: true };
  const subscription = { plan_id: 'pass-annually-eur', project_name: 'Canal Sur Noticias', url_1: 'canalsur.example', url_2: '' };

  function buyPass(browser: Browser, paymentMethod: string, key: string = randomUUID()) {
    return browser.post('/api/current_user/payments/subscription', {
      subscription,
      payment_method: paymentMethod,
      idempotency_key: key,
      confirmations,
    });
  }

  function buyVideo(browser: Browser, videoProjectId: number, paymentMethod: string, key: string = randomUUID()) {
    return browser.post('/api/current_user/payments/initiate', {
      product: { type: 'video', video_project_id: videoProjectId },
      provider: 'card',
      payment_method: paymentMethod,
      idempotency_key: key,
      confirmations,
    });
  }

  /** A video that needs a licence (not free), of a kind. */
  async function paidVideo(limitType = 'standard') {
    const [row] = await db
      .select({ id: videoProjects.id })
      .from(videoProjects)
      .where(and(eq(videoProjects.freeAccess, false), eq(videoProjects.limitType, limitType)))
      .limit(1);
    if (!row) throw new Error(`no paid ${limitType} video`);
    return row.id;
  }

  async function paidVideos(count: number) {
    const rows = await db.select({ id: videoProjects.id }).from(videoProjects).where(eq(videoProjects.freeAccess, false)).limit(count);
    if (rows.length < count) throw new Error(`fewer than ${count} paid videos`);
    return rows.map((row) => row.id);
  }

  async function freeVideo() {
    const [row] = await db.select({ id: videoProjects.id }).from(videoProjects).where(eq(videoProjects.freeAccess, true)).limit(1);
    if (!row) throw new Error('no free video');
    return row.id;
  }

  return { buyer, billing, signInAgain, card, buyPass, buyVideo, paidVideo, paidVideos, freeVideo, countryId, confirmations, subscription };
}

/** What `read` answers once it answers something, polled every 50 ms (generous for a busy machine). */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One run of the payments' reconciliation job as the job runner runs it; `wallet` as another process sees it. */
export function reconcileOnce(t: TestApp, options: { graceSeconds: number; wallet?: WalletProvider }) {
  const job = JOB_QUEUES.find((definition) => definition.queue === 'payments.reconcile-payments');
  if (!job) throw new Error('no reconciliation job');
  const deps: JobDeps = {
    db: t.database.db,
    clock: t.services.clock,
    mailer: t.services.mailer,
    cards: t.services.cards,
    publicOrigin: 'http://localhost:3000',
    files: t.services.files,
    outbound: t.services.outbound,
    push: t.services.push,
    jobs: t.services.jobs,
    broadcast: () => undefined,
    payments: { wallet: options.wallet ?? t.services.wallet, graceSeconds: options.graceSeconds },
  };
  return job.run(deps, {}, new AbortController().signal);
}
