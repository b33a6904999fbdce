/**
 * The local Stripe peer's payment methods (stripe-peer.ts). Most ids are Stripe's documented test
 * payment methods (docs.stripe.com/testing); Stripe has none for the spec's remaining card errors
 * (accounts §8), so the peer adds `pm_card_chargeDeclined…` ids of its own for them, with the last
 * four digits of the built-in test provider's card for the same error (TEST_CARDS).
 *
 * A refusal is what Stripe sends: `code` and, for a bank's refusal, `decline_code`. Stripe sends
 * expired_card, incorrect_cvc, incorrect_number and processing_error as the code itself; the others
 * arrive as card_declined with the reason in `decline_code` (as Stripe's issuer declines do).
 */
export type StripePeerRefusal = { code: string; decline_code: string; message: string };
export type StripePeerCard = {
  brand: 'visa' | 'mastercard';
  last4: string;
  /** authenticate: 3-D Secure on session (requires_action); off session, authentication_required. */
  outcome: 'success' | 'authenticate' | StripePeerRefusal;
};

const declined = (decline_code: string, message: string): StripePeerRefusal => ({ code: 'card_declined', decline_code, message });
const refused = (code: string, message: string): StripePeerRefusal => ({ code, decline_code: code, message });

export const STRIPE_PEER_CARDS: Readonly<Record<string, StripePeerCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'success' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'success' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'authenticate' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: declined('generic_decline', 'Your card was declined.') },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: refused('expired_card', 'Your card has expired.') },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    outcome: refused('incorrect_cvc', "Your card's security code is incorrect."),
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    outcome: refused('processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  },
  // The peer's own ids, for the spec's errors Stripe has no test payment method for.
  pm_card_chargeDeclinedCountryUnsupported: {
    brand: 'visa',
    last4: '0036',
    outcome: declined('country_unsupported', 'Your card is not supported in this country.'),
  },
  pm_card_chargeDeclinedIncorrectNumber: {
    brand: 'visa',
    last4: '0044',
    outcome: refused('incorrect_number', 'Your card number is incorrect.'),
  },
  pm_card_chargeDeclinedInvalidCvc: {
    brand: 'visa',
    last4: '0051',
    outcome: declined('invalid_cvc', "Your card's security code is invalid."),
  },
  pm_card_chargeDeclinedInvalidExpiryMonth: {
    brand: 'visa',
    last4: '0077',
    outcome: declined('invalid_expiry_month', "Your card's expiration month is invalid."),
  },
  pm_card_chargeDeclinedInvalidExpiryYear: {
    brand: 'visa',
    last4: '0085',
    outcome: declined('invalid_expiry_year', "Your card's expiration year is invalid."),
  },
  pm_card_chargeDeclinedInvalidNumber: {
    brand: 'visa',
    last4: '0093',
    outcome: declined('invalid_number', 'Your card number is not a valid credit card number.'),
  },
};

/** Every peer card expires in December, three years from now. */
export const STRIPE_PEER_CARD_EXPIRY = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };

/** Stripe's answer when a card needing 3-D Secure is charged with nobody there to confirm. */
export const AUTHENTICATION_REQUIRED: StripePeerRefusal = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** A Stripe-shaped PaymentMethod object for one of the cards, attached to `customer` or to nobody. */
export function paymentMethodObject(id: string, card: StripePeerCard, customer: string | null) {
  return {
    id,
    object: 'payment_method' as const,
    type: 'card' as const,
    billing_details: { address: null, email: null, name: null, phone: null },
    card: { brand: card.brand, last4: card.last4, ...STRIPE_PEER_CARD_EXPIRY, country: 'US', funding: 'credit' },
    created: Math.floor(Date.now() / 1000),
    customer,
    livemode: false,
    metadata: {},
  };
}
