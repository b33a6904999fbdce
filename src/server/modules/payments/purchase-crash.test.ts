import { eq } from 'drizzle-orm';
import { TEST_CARDS } from '../../../common/payment-values.ts';
import { describeCrash } from './purchase-crash-scenario.ts';
import { testCardPayments } from './schema.ts';
import { testPaymentMethod } from './test-card-provider.ts';

/** The crash test (purchase-crash-scenario.ts) with the built-in test card provider, whose payments are in the database. */
describeCrash('the built-in test card provider', () => ({
  env: {},
  card: (outcome) => {
    const number = TEST_CARDS.find((card) => card.outcome === outcome)?.number ?? '';
    return testPaymentMethod({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' }, new Date()).id;
  },
  charged: async (db) =>
    (await db.select().from(testCardPayments).where(eq(testCardPayments.status, 'succeeded'))).map((payment) =>
      Number(payment.idempotencyKey.replace(/^txn-/, '')),
    ),
}));
