import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';

import { expireAgreements } from '../agreements/jobs.ts';
import { agreements } from '../agreements/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { renewPasses, type RenewalContext } from './renewals.ts';
import { testCardPayments, transactions } from './schema.ts';
import { paymentFixtures } from './test-support.ts';

let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
let ctx: RenewalContext;
beforeAll(async () => {
  t = await createTestApp();
  f = paymentFixtures(t);
  ctx = {
    db: t.database.db,
    clock: t.services.clock,
    mailer: t.services.mailer,
    cards: t.services.cards,
    publicOrigin: 'https://newsreel.example',
  };
});
afterAll(async () => t.close());

const start = new Date('2026-11-22T09:00:00Z');
const passOf = async (userId: number) => {
  const [row] = await t.database.db
    .select()
    .from(agreements)
    .where(and(eq(agreements.userId, userId), eq(agreements.agreementType, 'pass')));
  if (!row) throw new Error('no pass');
  return row;
};
const renewalsOf = async (agreementId: number) =>
  t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.agreementId, agreementId), eq(transactions.kind, 'renewal')));
const mailTo = async (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** A pass bought with a kept card (the 3-D Secure card passes its bank step now, and fails off-session later). */
async function passHolder(outcome: 'success' | 'authenticate' = 'success', saveCard = true) {
  t.services.clock.set(start);
  const buyer = await f.buyer();
  const answer = await buyer.browser.post('/api/current_user/payments/subscription', {
    subscription: f.subscription,
    payment_method: await f.card(buyer.browser, outcome),
    save_card: saveCard,
    idempotency_key: randomUUID(),
    confirmations: f.confirmations,
  });
  const started = purchaseResultSchema.parse(answer.json());
  if (started.status === 'requires_action')
    await buyer.browser.post(`/api/payments/test_cards/authentications/${started.payment_intent_id}`, { result: 'succeed' });
  return { ...buyer, pass: await passOf(buyer.user.id) };
}

const at = (date: string) => t.services.clock.set(new Date(date));

describe('pass auto-renewal (a job)', () => {
  it('charges the kept card at the next invoice date: the pass runs another year, with a receipt e-mail; a second run charges nothing', async () => {
    const { user, pass } = await passHolder();
    expect(pass.nextInvoiceDate).toBe('2027-11-22');
    at('2027-11-21T12:00:00Z');
    await renewPasses(ctx);
    expect(await renewalsOf(pass.id)).toHaveLength(0);

    at('2027-11-22T10:00:00Z');
    const charged = (await t.database.db.select().from(testCardPayments)).length;
    const [first, second] = await Promise.all([renewPasses(ctx), renewPasses(ctx)]);
    expect((first?.renewed ?? 0) + (second?.renewed ?? 0)).toBe(1);
    expect((await t.database.db.select().from(testCardPayments)).length).toBe(charged + 1);
    const renewed = await passOf(user.id);
    expect(renewed).toMatchObject({ status: 'active', nextInvoiceDate: '2028-11-22', autoRenewal: true });
    expect(renewed.validTill?.toISOString()).toBe('2028-11-22T09:00:00.000Z');
    expect(await renewalsOf(pass.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 11_424, cardLast4: '4242', periodEnd: '2028-11-22' }),
    ]);
    expect((await mailTo(user.email)).map((mail) => mail.subject)).toContain('Payment received: Pass renewal, 12 months');
    await renewPasses(ctx);
    expect(await renewalsOf(pass.id)).toHaveLength(1);
  });

  it('a refused card sets payment required and e-mails the user; retries follow 1, 3 and 7 days later; then the pass expires', async () => {
    const { user, pass } = await passHolder('authenticate');
    at('2027-11-22T10:00:00Z');
    expect(await renewPasses(ctx)).toMatchObject({ failed: 1 });
    expect(await passOf(user.id)).toMatchObject({ status: 'payment_required' });
    expect((await mailTo(user.email)).map((mail) => mail.subject)).toContain('Your Pass could not be renewed');

    await renewPasses(ctx);
    expect(await renewalsOf(pass.id)).toHaveLength(1);
    for (const [when, attempts] of [
      ['2027-11-23T10:00:00Z', 2],
      ['2027-11-26T10:00:00Z', 3],
      ['2027-12-03T10:00:00Z', 4],
    ] as const) {
      at(when);
      await renewPasses(ctx);
      expect(await renewalsOf(pass.id)).toHaveLength(attempts);
    }
    at('2027-12-11T10:00:00Z');
    expect(await renewPasses(ctx)).toMatchObject({ gave_up: 1 });
    expect(await passOf(user.id)).toMatchObject({ status: 'expired', autoRenewal: false });
  });

  it('without a kept card the renewal fails at once, with nothing charged', async () => {
    const { pass } = await passHolder('success', false);
    at('2027-11-22T10:00:00Z');
    await renewPasses(ctx);
    expect(await renewalsOf(pass.id)).toEqual([expect.objectContaining({ status: 'failed', errorCode: 'no_saved_card' })]);
  });

  it('opting out keeps the pass until its renewal date, then it expires uncharged', async () => {
    const { user, browser, pass } = await passHolder();
    expect((await browser.post(`/api/current_user/agreements/${pass.id}/opt_outs`)).statusCode).toBe(200);
    at('2027-11-21T10:00:00Z');
    await expireAgreements(ctx);
    expect(await passOf(user.id)).toMatchObject({ status: 'active' });
    t.services.clock.advance(days(1));
    await renewPasses(ctx);
    await expireAgreements(ctx);
    expect(await passOf(user.id)).toMatchObject({ status: 'expired' });
    expect(await renewalsOf(pass.id)).toHaveLength(0);
  });
});
