import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { STRIPE_PEER_CARD_EXPIRY, STRIPE_PEER_CARDS } from '../../test/stripe-peer-cards.ts';
import type { StripePeer } from '../../test/stripe-peer.ts';
import type { ChargeInput } from './card-provider.ts';
import { stripeCardProvider } from './stripe-provider.ts';

/** What the Stripe adapter's tests share (stripe-provider.test.ts, stripe-webhooks.test.ts). */

/** The adapter pointed at a local peer; its webhook secret unless told otherwise. */
export const providerFor = (at: StripePeer, options: { webhookSecret?: string } = { webhookSecret: at.webhookSecret }) =>
  stripeCardProvider({ secretKey: at.secretKey, publishableKey: 'pk_test_peer', webhookSecret: options.webhookSecret, apiUrl: at.url });

export const chargeInput = (overrides: Partial<ChargeInput> = {}): ChargeInput => ({
  amountCents: 11_900,
  currency: 'EUR',
  paymentMethod: 'pm_card_visa',
  customer: null,
  saveCard: false,
  offSession: false,
  description: 'Annual pass',
  idempotencyKey: randomUUID(),
  metadata: { transaction_id: '42' },
  ...overrides,
});
/** The summary the adapter should give of one of the peer's cards. */
export const cardOf = (paymentMethod: string) => {
  const card = STRIPE_PEER_CARDS[paymentMethod];
  if (!card) throw new Error(`no peer card ${paymentMethod}`);
  return { brand: card.brand, last4: card.last4, ...STRIPE_PEER_CARD_EXPIRY };
};
/** Any id of Stripe's kind: pi_…, re_…, evt_…. */
export const anId = (prefix: 'pi' | 're' | 'evt'): unknown => expect.stringMatching(new RegExp(`^${prefix}_\\w+$`));
export const paymentId = (payment: { id: string | null }) => {
  if (!payment.id) throw new Error('the payment has no id');
  return payment.id;
};
