import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, savedCardsSchema } from '../../../common/payments.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { countries } from '../reference/schema.ts';
import { paymentFixtures } from './test-support.ts';

let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = paymentFixtures(t);
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

describe('who may call what in payments (one row per caller)', () => {
  it('guest, user, client, member, master, another company’s master and admin each get exactly their rights', async () => {
    const { master, member, otherMaster } = await a.team();
    const user = await a.signedIn({ userGroup: 'other' });
    const client = await a.signedIn({ userGroup: 'client' });
    const admin = await a.signedIn({ isAdmin: true });
    for (const who of [master, member, otherMaster, user, client, admin]) await f.billing(who.user.id, 'DE');
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      client: client.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin: admin.browser,
    };
    const [germany] = await t.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
    // The master's own purchases: the team does not share them, and nobody else reads them.
    const paid = async () =>
      purchaseResultSchema.parse(
        (
          await master.browser.post('/api/current_user/payments/initiate', {
            product: { type: 'pass', subscription: f.subscription },
            provider: 'wallet',
            idempotency_key: randomUUID(),
            confirmations: f.confirmations,
          })
        ).json(),
      ).transaction_id;
    const pending = await paid();
    const masterCard = async () => {
      const cards = savedCardsSchema.parse(
        (await master.browser.post('/api/current_user/payments/payment_methods', { payment_method: await f.card(master.browser) })).json(),
      );
      return cards.payment_methods.at(-1)?.id ?? 0;
    };

    type Call = (who: Browser) => Promise<number>;
    const everyone = (status: number) => ({
      guest: status,
      user: status,
      client: status,
      member: status,
      master: status,
      otherMaster: status,
      admin: status,
    });
    const signedIn = (status: number) => ({ ...everyone(status), guest: 401 });
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number> }> = {
      'GET payments config': { call: async (who) => (await who.get('/api/payments/config')).statusCode, expected: everyone(200) },
      'GET guest prices': {
        call: async (who) =>
          (await who.get(`/api/current_guest/payments/prices?plan=pass-annually-eur&country_id=${germany?.id}`)).statusCode,
        expected: everyone(200),
      },
      'GET prices': {
        call: async (who) => (await who.get('/api/current_user/payments/prices?plan=pass-annually-eur')).statusCode,
        expected: signedIn(200),
      },
      'GET transactions': {
        call: async (who) => (await who.get('/api/current_user/payments/transactions')).statusCode,
        expected: { ...signedIn(200), client: 403 },
      },
      'POST confirm the master’s payment': {
        call: async (who) => (await who.post('/api/current_user/payments/confirm', { transaction_id: pending })).statusCode,
        expected: { ...signedIn(404), master: 200 },
      },
      'POST initiate a pass': {
        call: async (who) =>
          (
            await who.post('/api/current_user/payments/initiate', {
              product: { type: 'pass', subscription: f.subscription },
              provider: 'card',
              payment_method: 'pm_test_nothing',
              idempotency_key: randomUUID(),
              confirmations: f.confirmations,
            })
          ).statusCode,
        // A made-up card is declined; a client buys through its agreements; the master has a payment in progress.
        expected: { ...signedIn(402), client: 403, master: 409 },
      },
      'DELETE the master’s saved card': {
        call: async (who) =>
          (await who.delete('/api/current_user/payments/payment_methods', { payload: { payment_method: await masterCard() } })).statusCode,
        expected: { ...signedIn(404), master: 200 },
      },
      'POST a refund (admin)': {
        call: async (who) => {
          const { browser } = await f.buyer();
          const result = purchaseResultSchema.parse((await f.buyPass(browser, await f.card(browser))).json());
          return (await who.post(`/api/admin/payments/transactions/${result.transaction_id}/refunds`)).statusCode;
        },
        expected: { ...signedIn(403), admin: 200 },
      },
    };
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number> = {};
      for (const who of Object.keys(callers) as (keyof typeof callers)[]) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  });

  it('a receipt is its buyer’s (and an admin’s) only', async () => {
    const { master, member, otherMaster } = await a.team();
    const admin = await a.signedIn({ isAdmin: true });
    await f.billing(master.user.id, 'DE');
    const result = purchaseResultSchema.parse((await f.buyPass(master.browser, await f.card(master.browser))).json());
    const receipt = `/api/current_user/payments/transactions/${result.transaction_id}/receipt`;
    const got = {
      guest: (await new Browser(t.app).get(receipt)).statusCode,
      member: (await member.browser.get(receipt)).statusCode,
      master: (await master.browser.get(receipt)).statusCode,
      otherMaster: (await otherMaster.browser.get(receipt)).statusCode,
      admin: (await admin.browser.get(receipt)).statusCode,
    };
    expect(got).toEqual({ guest: 401, member: 404, master: 200, otherMaster: 404, admin: 200 });
  });
});
