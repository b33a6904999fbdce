import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementsResponseSchema } from '../../../common/agreements.ts';
import { operationSchema, purchaseResultSchema, receiptSchema, transactionsPageSchema } from '../../../common/payments.ts';
import { priceSchema } from '../../../common/taxes.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { codes, errors } from '../../test/http.ts';
import { recordOperation } from '../agreements/operations.ts';
import { agreementBalances, agreementOperations, agreements } from '../agreements/schema.ts';
import { testCardPayments, transactions } from './schema.ts';
import { paymentFixtures } from './test-support.ts';

let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalogue(t.database.db, t.services.clock.now());
  f = paymentFixtures(t);
});
afterAll(async () => t.close());

const agreementsOf = async (userId: number) => t.database.db.select().from(agreements).where(eq(agreements.userId, userId));
const transactionsOf = async (userId: number) => t.database.db.select().from(transactions).where(eq(transactions.userId, userId));

describe('buying a pass by card', () => {
  it('a paid pass is an active pass agreement: 10 pool items a month, auto-renewal on, the licensed platforms', async () => {
    const { user, browser } = await f.buyer({ country: 'DE' });
    const answer = await f.buyPass(browser, await f.card(browser));
    expect(answer.statusCode).toBe(200);
    const result = purchaseResultSchema.parse(answer.json());
    expect(result).toMatchObject({ status: 'succeeded', kind: 'pass', plan_id: 'pass-annually-eur' });

    const [pass] = await agreementsOf(user.id);
    expect(pass).toMatchObject({
      id: result.agreement_id,
      agreementType: 'pass',
      status: 'active',
      autoRenewal: true,
      billingPeriod: 'year',
      platformUrls: ['http://canalsur.example'],
      nextInvoiceCents: 11_424,
    });
    const [pool] = await t.database.db
      .select()
      .from(agreementBalances)
      .where(eq(agreementBalances.agreementId, pass?.id ?? 0));
    expect(pool).toMatchObject({ kind: 'pool', amount: 10, refillAmount: 10 });

    const listed = agreementsResponseSchema.parse((await browser.get('/api/current_user/agreements')).json());
    expect(listed.agreements.map((agreement) => agreement.agreement_type)).toEqual(['pass']);
  });

  it('the price is 12 × 8 € with the buyer’s VAT; the transaction and its receipt say so', async () => {
    const { browser } = await f.buyer({ country: 'DE' });
    const result = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser))).json());
    const history = transactionsPageSchema.parse((await browser.get('/api/current_user/payments/transactions')).json());
    expect(history.total).toBe(1);
    expect(history.transactions[0]).toMatchObject({
      id: result.transaction_id,
      status: 'succeeded',
      amount_cents: 11_424,
      currency: 'EUR',
      card_brand: 'visa',
      card_last4: '4242',
      period_start: '2026-11-22',
      period_end: '2027-11-22',
    });
    const receipt = receiptSchema.parse(
      (await browser.get(`/api/current_user/payments/transactions/${result.transaction_id}/receipt`)).json(),
    );
    expect(receipt).toMatchObject({
      net_cents: 9_600,
      vat_rate: 19,
      vat_cents: 1_824,
      total_cents: 11_424,
      seller: { name: 'Newsreel Media Ltd', vat_id: 'GB000000000' },
      buyer: { name: 'Ana Buyer', country_code: 'DE', vat_id: null },
    });
    expect(receipt.number).toMatch(/^NR-2026-\d{6}$/);
  });

  it('a business with a registered VAT id in another member state is reverse charged', async () => {
    const { browser } = await f.buyer({ country: 'FR', vatId: 'FR12345678901' });
    const result = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser))).json());
    const receipt = receiptSchema.parse(
      (await browser.get(`/api/current_user/payments/transactions/${result.transaction_id}/receipt`)).json(),
    );
    expect(receipt).toMatchObject({ total_cents: 9_600, vat_cents: 0, vat_reason: 'reverse_charge', buyer: { vat_id: 'FR12345678901' } });
  });

  it('one pass per user: a second purchase is refused and not charged', async () => {
    const { user, browser } = await f.buyer();
    expect((await f.buyPass(browser, await f.card(browser))).statusCode).toBe(200);
    const again = await f.buyPass(browser, await f.card(browser));
    expect(again.statusCode).toBe(409);
    expect(codes(again)).toEqual(['pass_already_held']);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it('two pass purchases of one user at once make one pass; the other is refused with a clear error and not charged', async () => {
    const { user, browser } = await f.buyer();
    const method = await f.card(browser);
    const before = (await t.database.db.select().from(testCardPayments)).length;
    const answers = await Promise.all([f.buyPass(browser, method), f.buyPass(browser, method), f.buyPass(browser, method)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(codes(refused)[0]).toMatch(/^pass_(already_held|purchase_in_progress)$/);
    expect((await t.database.db.select().from(testCardPayments)).length).toBe(before + 1);
    expect(await agreementsOf(user.id)).toHaveLength(1);
  });

  it('a purchase replayed 10 times, one after another or all at once, is one transaction and one agreement', async () => {
    const { user, browser } = await f.buyer();
    const method = await f.card(browser);
    const key = randomUUID();
    const first = purchaseResultSchema.parse((await f.buyPass(browser, method, key)).json());
    for (let i = 0; i < 10; i += 1) expect(purchaseResultSchema.parse((await f.buyPass(browser, method, key)).json())).toEqual(first);

    const other = await f.buyer();
    const otherMethod = await f.card(other.browser);
    const otherKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 10 }, () => f.buyPass(other.browser, otherMethod, otherKey)));
    expect(burst.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await transactionsOf(user.id)).toHaveLength(1);
    expect(await agreementsOf(user.id)).toHaveLength(1);
    expect(await transactionsOf(other.user.id)).toHaveLength(1);
    expect(await agreementsOf(other.user.id)).toHaveLength(1);
  });

  it('needs the billing country (spec §8), the three confirmations, a card and a known plan', async () => {
    const nobody = await f.buyer({ country: null });
    const missing = await f.buyPass(nobody.browser, await f.card(nobody.browser));
    expect(missing.statusCode).toBe(422);
    expect(errors(missing)[0]).toMatchObject({
      code: 'billing_country_missing',
      message: 'The Country field in billing information must be filled in billing settings',
    });

    const { browser } = await f.buyer();
    const method = await f.card(browser);
    const unconfirmed = await browser.post('/api/current_user/payments/subscription', {
      subscription: f.subscription,
      payment_method: method,
      idempotency_key: randomUUID(),
      confirmations: { withdrawal: true, terms: false },
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(
      errors(unconfirmed)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['confirmations.licence_values', 'confirmations.terms']);

    const threeUrls = await browser.post('/api/current_user/payments/subscription', {
      subscription: { ...f.subscription, url_1: 'not a url' },
      payment_method: method,
      idempotency_key: randomUUID(),
      confirmations: f.confirmations,
    });
    expect(errors(threeUrls)[0]).toMatchObject({ field: 'subscription.url_1', code: 'url' });

    const gold = await browser.post('/api/current_user/payments/subscription', {
      subscription: { ...f.subscription, plan_id: 'gold' },
      payment_method: method,
      idempotency_key: randomUUID(),
      confirmations: f.confirmations,
    });
    expect(codes(gold)).toEqual(['plan_not_found']);
    const monthly = await browser.post('/api/current_user/payments/subscription', {
      subscription: { ...f.subscription, plan_id: 'pass-monthly-eur' },
      payment_method: method,
      idempotency_key: randomUUID(),
      confirmations: f.confirmations,
    });
    expect(purchaseResultSchema.parse(monthly.json()).plan_id).toBe('pass-annually-eur');
  });
});

describe('one-off licences', () => {
  it('covers one video with archival rights of 7 days; the video is then available to the buyer', async () => {
    const { user, browser } = await f.buyer();
    const video = await f.paidVideo();
    const result = purchaseResultSchema.parse((await f.buyVideo(browser, video, await f.card(browser))).json());
    expect(result).toMatchObject({ status: 'succeeded', kind: 'one_off', video_project_id: video });
    const [licence] = await agreementsOf(user.id);
    expect(licence).toMatchObject({ agreementType: 'one_off', videoProjectId: video, archivalDays: 7 });
    expect(licence?.validTill?.toISOString()).toBe('2026-11-29T09:00:00.000Z');
    const receipt = receiptSchema.parse(
      (await browser.get(`/api/current_user/payments/transactions/${result.transaction_id}/receipt`)).json(),
    );
    expect(receipt).toMatchObject({ net_cents: 4_900, total_cents: 5_831 });

    const again = await f.buyVideo(browser, video, await f.card(browser));
    expect(codes(again)).toEqual(['already_licensed']);
  });

  it('the purchase is an operation of the licence, which its buyer reads (GET /api/current_user/operations/{id})', async () => {
    const { browser } = await f.buyer();
    const result = purchaseResultSchema.parse((await f.buyVideo(browser, await f.paidVideo(), await f.card(browser))).json());
    const [operation] = await t.database.db
      .select()
      .from(agreementOperations)
      .where(eq(agreementOperations.agreementId, result.agreement_id ?? 0));
    const read = await browser.get(`/api/current_user/operations/${operation?.id}`);
    expect(operationSchema.parse(read.json())).toMatchObject({ operation_type: 'purchase', amount: 1, agreement_id: result.agreement_id });
    const stranger = await f.buyer();
    expect((await stranger.browser.get(`/api/current_user/operations/${operation?.id}`)).statusCode).toBe(404);
  });

  it('a free video is not sold; an unknown one is 404', async () => {
    const { browser } = await f.buyer();
    expect(codes(await f.buyVideo(browser, await f.freeVideo(), await f.card(browser)))).toEqual(['free_content']);
    const unknown = await f.buyVideo(browser, 999_999, await f.card(browser));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the extra confirmation step (3-D Secure)', () => {
  it('asks for it, then a confirmation replayed 10 times at once completes one purchase', async () => {
    const { user, browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser, 'authenticate'))).json());
    expect(started).toMatchObject({ status: 'requires_action', agreement_id: null });
    expect(started.client_secret).toBeTruthy();

    const early = purchaseResultSchema.parse(
      (await browser.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id })).json(),
    );
    expect(early.status).toBe('requires_action');

    const bank = await browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result: 'succeed' });
    expect(purchaseResultSchema.parse(bank.json()).status).toBe('succeeded');
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.post('/api/current_user/payments/confirm', { payment_intent_id: started.payment_intent_id }),
      ),
    );
    expect(new Set(confirms.map((answer) => purchaseResultSchema.parse(answer.json()).agreement_id)).size).toBe(1);
    expect(await agreementsOf(user.id)).toHaveLength(1);
  });

  it('a refused step is a declined card; nobody else may answer the step for a buyer', async () => {
    const { browser } = await f.buyer();
    const started = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser, 'authenticate'))).json());
    const stranger = await f.buyer();
    const meddling = await stranger.browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, {
      result: 'fail',
    });
    expect(meddling.statusCode).toBe(404);
    const refused = await browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result: 'fail' });
    expect(refused.statusCode).toBe(402);
    expect(codes(refused)).toEqual(['card_declined']);
  });
});

describe('top-ups (spec §9: sold when a monthly quota is used up)', () => {
  const topUp = (browser: Parameters<typeof f.buyPass>[0], agreementId: number, method: string, quantity = 3) =>
    browser.post('/api/current_user/payments/initiate', {
      product: { type: 'top_up', agreement_id: agreementId, kind: 'pool', quantity },
      provider: 'card',
      payment_method: method,
      idempotency_key: randomUUID(),
      confirmations: f.confirmations,
    });

  it('a pass holder whose pool items are used up buys more: they land on the balance at the top-up price with VAT', async () => {
    const { user, browser } = await f.buyer();
    const pass = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser))).json());
    const agreementId = pass.agreement_id ?? 0;
    expect(codes(await topUp(browser, agreementId, await f.card(browser)))).toEqual(['quota_not_used_up']);
    await recordOperation(t.database.db, {
      agreementId,
      kind: 'pool',
      type: 'download',
      amount: -10,
      userId: user.id,
      at: t.services.clock.now(),
    });

    const price = priceSchema.parse(
      (await browser.get(`/api/current_user/payments/prices?agreement_id=${agreementId}&kind=pool&quantity=3`)).json(),
    );
    expect(price).toMatchObject({ price_cents: 8_925, pure_price_cents: 7_500 });
    const bought = purchaseResultSchema.parse((await topUp(browser, agreementId, await f.card(browser))).json());
    expect(bought).toMatchObject({ status: 'succeeded', kind: 'top_up', agreement_id: agreementId });
    const [pool] = await t.database.db.select().from(agreementBalances).where(eq(agreementBalances.agreementId, agreementId));
    expect(pool).toMatchObject({ amount: 3 });
    const history = transactionsPageSchema.parse((await browser.get('/api/current_user/payments/transactions')).json());
    expect(history.transactions[0]).toMatchObject({ kind: 'top_up', amount_cents: 8_925 });
  });

  it('only for an agreement the buyer manages', async () => {
    const { browser } = await f.buyer();
    const pass = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser))).json());
    const stranger = await f.buyer();
    expect((await topUp(stranger.browser, pass.agreement_id ?? 0, await f.card(stranger.browser))).statusCode).toBe(404);
    expect((await topUp(browser, pass.agreement_id ?? 0, await f.card(browser), 0)).statusCode).toBe(422);
  });
});
