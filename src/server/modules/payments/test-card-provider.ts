import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { passesLuhn, TEST_CARDS, type CardErrorCode } from '../../../common/payment-values.ts';
import type { Db } from '../../db/client.ts';
import { CARD_ERROR_MESSAGES, CardRefused, type CardPayment, type CardProvider, type CardSummary } from './card-provider.ts';
import { testCardPayments } from './schema.ts';

type TestCard = (typeof TEST_CARDS)[number];
/** The card behind a payment method; `r` makes each one its own, as a provider's ids are. */
type Token = { n: string; m: number; y: number; r?: string };

const failed = (id: string | null, card: CardSummary | null, code: CardErrorCode): CardPayment => ({
  status: 'failed',
  id,
  card,
  error: { code, message: CARD_ERROR_MESSAGES[code] },
});

function summary(card: TestCard, token: Token): CardSummary {
  return { brand: card.brand, last4: card.number.slice(-4), exp_month: token.m, exp_year: token.y };
}

function decode(paymentMethod: string): { card: TestCard; token: Token } | null {
  if (!paymentMethod.startsWith('pm_test_')) return null;
  try {
    const token = JSON.parse(Buffer.from(paymentMethod.slice('pm_test_'.length), 'base64url').toString()) as Token;
    const card = TEST_CARDS.find((candidate) => candidate.number === token.n);
    return card && Number.isInteger(token.m) && Number.isInteger(token.y) ? { card, token } : null;
  } catch {
    return null;
  }
}

/**
 * What the provider's card form does in the browser (Stripe.js's createPaymentMethod): checks the
 * card's form and answers a payment method id. Only the documented test cards are accepted; any
 * other number is refused, as a provider in test mode refuses real cards.
 */
export function testPaymentMethod(
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
  now: Date,
): { id: string; card: CardSummary } {
  const number = card.number.replace(/[\s-]/g, '');
  if (!passesLuhn(number)) throw new CardRefused('invalid_number', CARD_ERROR_MESSAGES.invalid_number);
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12)
    throw new CardRefused('invalid_expiry_month', CARD_ERROR_MESSAGES.invalid_expiry_month);
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 20 || (year === thisYear && card.exp_month < now.getUTCMonth() + 1))
    throw new CardRefused('invalid_expiry_year', CARD_ERROR_MESSAGES.invalid_expiry_year);
  if (!/^\d{3,4}$/.test(card.cvc)) throw new CardRefused('invalid_cvc', CARD_ERROR_MESSAGES.invalid_cvc);
  const known = TEST_CARDS.find((candidate) => candidate.number === number);
  if (!known) throw new CardRefused('card_declined', 'Your card was declined: only the test cards work in demo mode');
  const token: Token = { n: number, m: card.exp_month, y: year, r: randomBytes(6).toString('base64url') };
  return { id: `pm_test_${Buffer.from(JSON.stringify(token)).toString('base64url')}`, card: summary(known, token) };
}

/**
 * The built-in card provider of the embedded default (README "Test cards"): no account anywhere,
 * outcomes by card number, an extra confirmation step for the "authenticate" card that the
 * payment page completes through POST /api/payments/test_cards/authentications/{id}. Its payments
 * are kept in its own table, as a provider keeps them on its side.
 */
export function testCardProvider(deps: { db: Db; clock: { now(): Date } }): CardProvider & {
  authenticate(paymentId: string, result: 'succeed' | 'fail'): Promise<CardPayment | null>;
} {
  const { db, clock } = deps;
  const view = (row: typeof testCardPayments.$inferSelect): CardPayment => {
    const decoded = decode(row.paymentMethod);
    const card = decoded ? summary(decoded.card, decoded.token) : null;
    if (row.status === 'succeeded') return { status: 'succeeded', id: row.id, card };
    if (row.status === 'requires_action') return { status: 'requires_action', id: row.id, clientSecret: `${row.id}_secret`, card };
    // Cancelled by us (a bank step left too long, a key voided after a crash): nothing was taken.
    if (row.status === 'canceled') return failed(row.id, card, 'processing_error');
    const outcome = decoded?.card.outcome;
    return failed(row.id, card, outcome && outcome !== 'success' && outcome !== 'authenticate' ? outcome : 'card_declined');
  };

  return {
    name: 'test',
    browserConfig: { provider: 'test' },
    createCustomer: async ({ userId }) => `cus_test_${userId}`,

    async charge(input) {
      const decoded = decode(input.paymentMethod);
      if (!decoded) return failed(null, null, 'card_declined');
      const { card } = decoded;
      const status =
        card.outcome === 'success' ? 'succeeded' : card.outcome === 'authenticate' && !input.offSession ? 'requires_action' : 'failed';
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(testCardPayments)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          status,
          paymentMethod: input.paymentMethod,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: testCardPayments.idempotencyKey })
        .returning();
      const [stored] = row
        ? [row]
        : await db.select().from(testCardPayments).where(eq(testCardPayments.idempotencyKey, input.idempotencyKey));
      if (!stored) throw new Error('test card payment vanished');
      return view(stored);
    },

    async retrieve(paymentId) {
      const [row] = await db.select().from(testCardPayments).where(eq(testCardPayments.id, paymentId));
      return row ? view(row) : failed(null, null, 'processing_error');
    },

    // The void is a payment of its own under the key, written in one statement: a charge with the
    // key, before or after, finds the one row there is.
    async findOrVoid(input) {
      const [voided] = await db
        .insert(testCardPayments)
        .values({
          id: `pi_test_${randomBytes(12).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          status: 'canceled',
          paymentMethod: '',
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: testCardPayments.idempotencyKey })
        .returning();
      if (voided) return null;
      const [made] = await db.select().from(testCardPayments).where(eq(testCardPayments.idempotencyKey, input.idempotencyKey));
      if (!made) throw new Error('test card payment vanished');
      return view(made);
    },

    async cancel(paymentId) {
      await db
        .update(testCardPayments)
        .set({ status: 'canceled' })
        .where(and(eq(testCardPayments.id, paymentId), eq(testCardPayments.status, 'requires_action')));
      const [row] = await db.select().from(testCardPayments).where(eq(testCardPayments.id, paymentId));
      return row ? view(row) : failed(null, null, 'processing_error');
    },

    // The bank's answer counts only while the payment waits for it: a "fail" after a success (a
    // second tab, the back button) or after the payment was cancelled changes nothing.
    async authenticate(paymentId, result) {
      const [answered] = await db
        .update(testCardPayments)
        .set({ status: result === 'succeed' ? 'succeeded' : 'failed' })
        .where(and(eq(testCardPayments.id, paymentId), eq(testCardPayments.status, 'requires_action')))
        .returning();
      const [row] = answered ? [answered] : await db.select().from(testCardPayments).where(eq(testCardPayments.id, paymentId));
      return row ? view(row) : null;
    },

    async attachCard(_customer, paymentMethod) {
      const decoded = decode(paymentMethod);
      if (!decoded) throw new CardRefused('card_declined', CARD_ERROR_MESSAGES.card_declined);
      const { card, token } = decoded;
      if (card.outcome !== 'success' && card.outcome !== 'authenticate')
        throw new CardRefused(card.outcome, CARD_ERROR_MESSAGES[card.outcome]);
      return summary(card, token);
    },

    detachCard: async () => undefined,

    async refund({ paymentId, amountCents }) {
      const [row] = await db.select().from(testCardPayments).where(eq(testCardPayments.id, paymentId));
      if (!row || row.status !== 'succeeded' || row.refundedCents + amountCents > row.amountCents)
        return { id: `re_test_${randomBytes(8).toString('hex')}`, status: 'failed' };
      await db
        .update(testCardPayments)
        .set({ refundedCents: row.refundedCents + amountCents })
        .where(eq(testCardPayments.id, paymentId));
      return { id: `re_test_${randomBytes(8).toString('hex')}`, status: 'succeeded' };
    },
  };
}

export function isTestCardProvider(provider: CardProvider): provider is ReturnType<typeof testCardProvider> {
  return provider.name === 'test' && 'authenticate' in provider;
}
