/**
 * Payments as plain values the browser may use without the contracts module (spec: accounts §3
 * "Transaction", §4 "Card rejections", §8 "Card errors", §9). Contracts are src/common/payments.ts.
 */
import type { Currency } from './agreement-values.ts';

/** Spec §8, the card errors a provider reports; each has a text in the locale catalogues. */
export const CARD_ERROR_CODES = [
  'card_declined',
  'country_unsupported',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'processing_error',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export function isCardErrorCode(code: string): code is CardErrorCode {
  return (CARD_ERROR_CODES as readonly string[]).includes(code);
}

/** Spec §3 "Transaction"; refunded is ours (a succeeded payment given back). */
export const TRANSACTION_STATUSES = ['succeeded', 'failed', 'pending', 'incomplete', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a transaction paid for. */
export const PURCHASE_KINDS = ['pass', 'one_off', 'renewal', 'top_up'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** test: the built-in test card provider; test_wallet: the built-in test wallet. */
export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paypal', 'test_wallet'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Spec §9: 5 rejections, then sign-out and a 20-minute ban. */
export const CARD_REJECTION_LIMIT = 5;
export const CARD_REJECTION_BAN_MINUTES = 20;

/** Spec §9: a one-off licence's archival rights (up to 7 days). */
export const ONE_OFF_ARCHIVAL_DAYS = 7;

/**
 * A one-off licence of one video, net of VAT (docs/decisions.md "One-off prices"): by the video's
 * kind of material, in the variant's currency.
 */
export const ONE_OFF_CENTS: Record<Currency, Record<'standard' | 'pool' | 'spherical', number>> = {
  EUR: { standard: 4_900, pool: 2_900, spherical: 7_900 },
  RUB: { standard: 490_000, pool: 290_000, spherical: 790_000 },
};

/** Top-up items bought at once, at most. */
export const TOP_UP_MAX_ITEMS = 50;

/** Refunds: within 14 days of payment when nothing was downloaded (spec §9). */
export const REFUND_WINDOW_DAYS = 14;

/**
 * The built-in test card provider's cards (README "Test cards"; the payment page lists them in demo
 * mode). Any expiry in the future and any 3-digit CVC. The numbers follow the card provider's own
 * test numbers where it has one. `authenticate`: the bank asks for an extra confirmation step
 * (like 3-D Secure) before the payment succeeds.
 */
export type TestCardOutcome = 'success' | 'authenticate' | CardErrorCode;
export const TEST_CARDS: readonly { number: string; brand: 'visa' | 'mastercard' | 'amex'; outcome: TestCardOutcome }[] = [
  { number: '4242424242424242', brand: 'visa', outcome: 'success' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'success' },
  { number: '4000002500003155', brand: 'visa', outcome: 'authenticate' },
  { number: '4000000000000002', brand: 'visa', outcome: 'card_declined' },
  { number: '4000000000000036', brand: 'visa', outcome: 'country_unsupported' },
  { number: '4000000000000069', brand: 'visa', outcome: 'expired_card' },
  { number: '4000000000000127', brand: 'visa', outcome: 'incorrect_cvc' },
  { number: '4000000000000044', brand: 'visa', outcome: 'incorrect_number' },
  { number: '4000000000000051', brand: 'visa', outcome: 'invalid_cvc' },
  { number: '4000000000000077', brand: 'visa', outcome: 'invalid_expiry_month' },
  { number: '4000000000000085', brand: 'visa', outcome: 'invalid_expiry_year' },
  { number: '4000000000000093', brand: 'visa', outcome: 'invalid_number' },
  { number: '4000000000000119', brand: 'visa', outcome: 'processing_error' },
];

/** Luhn's check digit rule, which every card number passes. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A pass payment left pending (at the bank's extra step) this long is given up, and the pass is for sale again. */
export const PENDING_PASS_ABANDONED_MS = 60 * 60 * 1000;
