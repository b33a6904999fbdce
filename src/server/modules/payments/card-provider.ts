import type { Currency } from '../../../common/agreement-values.ts';
import type { CardErrorCode } from '../../../common/payment-values.ts';

/** What a person recognises a card by; the number itself never reaches us. */
export type CardSummary = { brand: string; last4: string; exp_month: number; exp_year: number };

/**
 * A payment at the card provider (a Stripe PaymentIntent, or the test provider's own).
 * - succeeded: paid;
 * - requires_action: the bank asks for an extra confirmation step (3-D Secure); the browser does it
 *   with `clientSecret`, then the purchase is confirmed with the payment's id;
 * - processing: the provider has not decided yet (a webhook or a later retrieve tells);
 * - failed: refused, with one of the spec's card errors.
 */
export type CardPayment =
  | { status: 'succeeded' | 'processing'; id: string; card: CardSummary | null }
  | { status: 'requires_action'; id: string; clientSecret: string; card: CardSummary | null }
  | { status: 'failed'; id: string | null; card: CardSummary | null; error: { code: CardErrorCode; message: string } };

export type ChargeInput = {
  amountCents: number;
  currency: Currency;
  /** The provider's payment method id (made by its card form in the browser, or saved). */
  paymentMethod: string;
  /** The provider's customer, to charge a saved card or keep this one. */
  customer: string | null;
  /** Keep the card on the customer for renewals. */
  saveCard: boolean;
  /** A renewal charged with nobody at the keyboard. */
  offSession: boolean;
  description: string;
  /** Sent to the provider too: a retried call charges once. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type VoidInput = {
  idempotencyKey: string;
  amountCents: number;
  currency: Currency;
  /** The charge's metadata: `transaction_id` names the payment at Stripe. */
  metadata: Record<string, string>;
  /** When the transaction was written: the payment, if any, was made after it. */
  since: Date;
};

/** A webhook's event, once its signature is checked; `payment` when it is about a payment. */
export type ProviderEvent = { id: string; type: string; payment: CardPayment | null };

/**
 * The card provider, chosen by configuration (services.ts): the built-in test provider on the
 * embedded default, Stripe with STRIPE_SECRET_KEY. One interface, so purchases, renewals and
 * refunds are written once.
 */
export type CardProvider = {
  readonly name: 'test' | 'stripe';
  /** What the browser's card form needs: the publishable key for Stripe.js, or nothing. */
  readonly browserConfig: { provider: 'test' } | { provider: 'stripe'; publishable_key: string };
  createCustomer(input: { email: string; name: string; userId: number }): Promise<string>;
  /** Creates and confirms a payment at once. A refused card is a `failed` payment, not a throw. */
  charge(input: ChargeInput): Promise<CardPayment>;
  /** The payment as it is now (after an extra confirmation step in the browser). */
  retrieve(paymentId: string): Promise<CardPayment>;
  /**
   * After a crash: the payment made with this idempotency key, found without charging anything (by
   * the key at the test provider; by the transaction in the metadata at Stripe). When there is none
   * the key is spent, so that a charge still on its way with it (the request of a process that
   * died, a retry) can take no money; the answer is then null.
   */
  findOrVoid(input: VoidInput): Promise<CardPayment | null>;
  /** Cancels a payment not paid yet (a bank step nobody finished); answers the payment as it is afterwards. */
  cancel(paymentId: string): Promise<CardPayment>;
  /** Keeps a card on a customer; a refused card throws a CardRefused. */
  attachCard(customer: string, paymentMethod: string): Promise<CardSummary>;
  detachCard(paymentMethod: string): Promise<void>;
  refund(input: {
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }>;
  /**
   * A webhook's body checked against its signature header (300 s tolerance); throws
   * WebhookSignatureError when it does not hold. The test provider has no webhooks.
   */
  webhookEvent?(rawBody: string | Buffer, signature: string): ProviderEvent;
};

export class CardRefused extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export class WebhookSignatureError extends Error {}

/** Spec §8's texts for the card errors (English; the browser shows its catalogue's). */
export const CARD_ERROR_MESSAGES: Record<CardErrorCode, string> = {
  card_declined: 'Your card was declined',
  country_unsupported: 'Your card’s country is not supported',
  expired_card: 'Your card has expired',
  incorrect_cvc: 'Your card’s security code is incorrect',
  incorrect_number: 'Your card number is incorrect',
  invalid_cvc: 'Your card’s security code is invalid',
  invalid_expiry_month: 'Your card’s expiration month is invalid',
  invalid_expiry_year: 'Your card’s expiration year is invalid',
  invalid_number: 'Your card number is not a valid card number',
  processing_error: 'An error occurred while processing your card; try again',
};
