import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { parseConfig } from '../../config.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { paymentFixtures } from './test-support.ts';

/** The crash tests' pauses (PAYMENT_CRASH_TEST_PAUSES) never reach a real deployment. */
let t: TestApp;
let f: ReturnType<typeof paymentFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalogue(t.database.db, t.services.clock.now());
  f = paymentFixtures(t);
});
afterAll(async () => t.close());

describe('the crash tests’ pauses', () => {
  it('are refused with NODE_ENV=production, naming the variable', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', PAYMENT_CRASH_TEST_PAUSES: 'on' })).toThrow(/PAYMENT_CRASH_TEST_PAUSES/);
    expect(parseConfig({ NODE_ENV: 'production' }).payments).toEqual({ graceSeconds: 120, crashTestPauses: false });
  });

  it('are off unless asked for: a purchase whose key names a pause is paid like any other', async () => {
    const video = await f.paidVideo();
    for (const key of ['pause-after-reservation-1', 'pause-after-charge-1']) {
      const { browser } = await f.buyer();
      const answer = await f.buyVideo(browser, video, await f.card(browser), key);
      expect(purchaseResultSchema.parse(answer.json()).status).toBe('succeeded');
    }
  });
});
