import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ERROR_CODES, rejectionCountSchema, transactionsPageSchema } from '../../../common/payments.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import { codes, errors } from '../../test/http.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { paymentFixtures } from './test-support.ts';

let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalogue(t.database.db, t.services.clock.now());
  f = paymentFixtures(t);
});
afterAll(async () => t.close());

describe('each test card', () => {
  it.each(CARD_ERROR_CODES)('%s: the purchase is refused with that card error and stored as failed', async (code) => {
    const { browser } = await f.buyer();
    const answer = await f.buyPass(browser, await f.card(browser, code));
    expect(answer.statusCode).toBe(402);
    expect(errors(answer)[0]).toMatchObject({ code, meta: { rejections: '1', remaining: '4' } });
    const history = transactionsPageSchema.parse((await browser.get('/api/current_user/payments/transactions')).json());
    expect(history.transactions.map((row) => row.status)).toEqual(['failed']);
  });

  it('the card form refuses a number that is not a card, an impossible expiry or CVC, and any real card', async () => {
    const { browser } = await f.buyer();
    const form = (card: Record<string, unknown>) =>
      browser.post('/api/payments/test_cards/payment_methods', {
        number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvc: '123',
        ...card,
      });
    expect(codes(await form({ number: '4242 4242 4242 4241' }))).toEqual(['invalid_number']);
    expect(codes(await form({ exp_month: 13 }))).toEqual(['invalid_expiry_month']);
    expect(codes(await form({ exp_year: 2020 }))).toEqual(['invalid_expiry_year']);
    expect(codes(await form({ cvc: '1' }))).toEqual(['invalid_cvc']);
    expect(codes(await form({ number: '4111111111111111' }))).toEqual(['card_declined']);
    expect((await form({})).statusCode).toBe(200);
  });
});

describe('card rejections (spec §4: 5, then sign-out and a 20-minute ban)', () => {
  it('counts every rejection, also at once; the fifth signs the user out and bans paying for 20 minutes', async () => {
    const { user, browser } = await f.buyer({ ip: '198.51.100.7' });
    const declined = await f.card(browser, 'card_declined');
    const videos = await f.paidVideos(4);
    const answers = await Promise.all(videos.map((video) => f.buyVideo(browser, video, declined)));
    expect(answers.map((answer) => errors(answer)[0]?.meta?.rejections).sort()).toEqual(['1', '2', '3', '4']);
    expect(rejectionCountSchema.parse((await browser.get('/api/current_user/payments/rejections')).json())).toMatchObject({
      count: 4,
      remaining: 1,
      banned_until: null,
    });

    const fifth = await f.buyPass(browser, declined);
    expect(errors(fifth)[0]?.meta).toMatchObject({ rejections: '5', remaining: '0', banned_until: '2026-11-22T09:20:00.000Z' });
    expect((await browser.get('/api/current_user')).statusCode).toBe(401);

    // Signed in again, the user still may not pay until the ban ends.
    const back = await f.signInAgain(user, '198.51.100.7');
    const stillBanned = await f.buyPass(back, await f.card(back));
    expect(stillBanned.statusCode).toBe(403);
    expect(codes(stillBanned)).toEqual(['card_rejections_banned']);

    t.services.clock.advance(minutes(21));
    const later = await f.buyPass(back, await f.card(back));
    expect(later.statusCode).toBe(200);
    t.services.clock.advance(-minutes(21));
  });

  it('an address is banned at 20 rejections, from whichever accounts: card testing across many accounts', async () => {
    const ip = '203.0.113.20';
    const buyers = await Promise.all(Array.from({ length: 5 }, () => f.buyer({ ip })));
    const videos = await f.paidVideos(4);
    for (const { browser } of buyers.slice(0, 5)) {
      const declined = await f.card(browser, 'card_declined');
      for (const video of videos) await f.buyVideo(browser, video, declined);
    }
    const newcomer = await f.buyer({ ip });
    const refused = await f.buyPass(newcomer.browser, await f.card(newcomer.browser));
    expect(codes(refused)).toEqual(['card_rejections_banned']);
    // Elsewhere the same newcomer pays.
    const elsewhere = await f.buyer({ ip: '203.0.113.21' });
    expect((await f.buyPass(elsewhere.browser, await f.card(elsewhere.browser))).statusCode).toBe(200);
    t.services.clock.advance(minutes(21));
    expect((await f.buyPass(newcomer.browser, await f.card(newcomer.browser))).statusCode).toBe(200);
    t.services.clock.advance(-minutes(21));
  });

  it('a paid purchase starts the user’s count again', async () => {
    const { browser } = await f.buyer();
    await f.buyPass(browser, await f.card(browser, 'expired_card'));
    await f.buyPass(browser, await f.card(browser, 'incorrect_cvc'));
    expect((await f.buyPass(browser, await f.card(browser))).statusCode).toBe(200);
    const fresh = await f.buyer();
    expect(rejectionCountSchema.parse((await fresh.browser.get('/api/current_user/payments/rejections')).json()).count).toBe(0);
  });
});
