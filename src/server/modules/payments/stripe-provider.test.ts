import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_ERROR_CODES, type CardErrorCode } from '../../../common/payment-values.ts';
import { Conflict, Invalid, NotFound, Unavailable } from '../../http/errors.ts';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';
import { CARD_ERROR_MESSAGES, CardRefused, type CardProvider } from './card-provider.ts';
import { stripeCardProvider } from './stripe-provider.ts';
import { anId, cardOf, chargeInput, paymentId, providerFor } from './stripe-test-support.ts';

let peer: StripePeer;
let stripe: CardProvider;

beforeEach(async () => {
  peer = await startStripePeer();
  stripe = providerFor(peer);
});
afterEach(() => peer.close());

describe('stripeCardProvider: charges through the SDK at a local Stripe peer', () => {
  it('a good card is charged: amount, lower-case currency, description and metadata reach Stripe; the card is summarised', async () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.browserConfig).toEqual({ provider: 'stripe', publishable_key: 'pk_test_peer' });

    const payment = await stripe.charge(chargeInput());
    expect(payment).toEqual({ status: 'succeeded', id: anId('pi'), card: cardOf('pm_card_visa') });
    expect(payment.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(peer.paymentIntents.get(paymentId(payment))).toMatchObject({
      amount: 11_900,
      currency: 'eur',
      description: 'Annual pass',
      metadata: { transaction_id: '42' },
      payment_method: 'pm_card_visa',
      customer: null,
      setup_future_usage: null,
      status: 'succeeded',
    });

    const roubles = await stripe.charge(chargeInput({ amountCents: 490_000, currency: 'RUB', paymentMethod: 'pm_card_mastercard' }));
    expect(roubles).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } });
    expect(peer.paymentIntents.get(paymentId(roubles))).toMatchObject({ amount: 490_000, currency: 'rub' });
    expect(await stripe.retrieve(paymentId(roubles))).toEqual(roubles);
  });

  /** Stripe's documented test payment methods and the peer's own for the rest (stripe-peer-cards.ts). */
  const REFUSALS: [paymentMethod: string, code: CardErrorCode][] = [
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'card_declined'],
    ['pm_card_chargeDeclinedCountryUnsupported', 'country_unsupported'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc'],
    ['pm_card_chargeDeclinedIncorrectNumber', 'incorrect_number'],
    ['pm_card_chargeDeclinedInvalidCvc', 'invalid_cvc'],
    ['pm_card_chargeDeclinedInvalidExpiryMonth', 'invalid_expiry_month'],
    ['pm_card_chargeDeclinedInvalidExpiryYear', 'invalid_expiry_year'],
    ['pm_card_chargeDeclinedInvalidNumber', 'invalid_number'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
  ];

  it('the refusals cover every card error of the spec', () => {
    expect(new Set(REFUSALS.map(([, code]) => code))).toEqual(new Set(CARD_ERROR_CODES));
  });

  it.each(REFUSALS)('%s is a failed payment with %s, not a throw; retrieving it says the same', async (paymentMethod, code) => {
    const payment = await stripe.charge(chargeInput({ paymentMethod }));
    expect(payment).toEqual({
      status: 'failed',
      id: anId('pi'),
      card: cardOf(paymentMethod),
      error: { code, message: CARD_ERROR_MESSAGES[code] },
    });
    expect(peer.paymentIntents.get(paymentId(payment))?.status).toBe('requires_payment_method');
    expect(await stripe.retrieve(paymentId(payment))).toEqual(payment);
  });

  it('3-D Secure: requires_action with the client secret; once the browser authenticates, retrieve says succeeded', async () => {
    const payment = await stripe.charge(chargeInput({ paymentMethod: 'pm_card_threeDSecure2Required' }));
    const id = paymentId(payment);
    expect(payment).toEqual({
      status: 'requires_action',
      id,
      clientSecret: peer.paymentIntents.get(id)?.client_secret,
      card: cardOf('pm_card_threeDSecure2Required'),
    });
    expect(payment.status === 'requires_action' && payment.clientSecret.startsWith(`${id}_secret_`)).toBe(true);
    expect(await stripe.retrieve(id)).toMatchObject({ status: 'requires_action' });

    const step = await fetch(`${peer.url}/_peer/payment_intents/${id}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'succeed' }),
    });
    expect(step.status).toBe(200);
    expect(await stripe.retrieve(id)).toEqual({ status: 'succeeded', id, card: cardOf('pm_card_threeDSecure2Required') });
  });

  it('3-D Secure failed in the browser: retrieve says failed, card_declined', async () => {
    const payment = await stripe.charge(chargeInput({ paymentMethod: 'pm_card_threeDSecure2Required' }));
    peer.authenticate(paymentId(payment), 'fail');
    expect(await stripe.retrieve(paymentId(payment))).toEqual({
      status: 'failed',
      id: payment.id,
      card: cardOf('pm_card_threeDSecure2Required'),
      error: { code: 'card_declined', message: CARD_ERROR_MESSAGES.card_declined },
    });
  });

  it('the same idempotency key twice makes one PaymentIntent; another key makes another', async () => {
    const input = chargeInput();
    const first = await stripe.charge(input);
    const again = await stripe.charge(input);
    expect(again).toEqual(first);
    expect(peer.paymentIntents.size).toBe(1);

    const refused = chargeInput({ paymentMethod: 'pm_card_chargeDeclined' });
    expect(await stripe.charge(refused)).toEqual(await stripe.charge(refused));
    expect(peer.paymentIntents.size).toBe(2);

    const other = await stripe.charge(chargeInput());
    expect(other.id).not.toBe(first.id);
    expect(peer.paymentIntents.size).toBe(3);
  });

  it('a payment method Stripe does not know is invalid input (422 on payment_method); so is an unknown payment a 404', async () => {
    const unknown = stripe.charge(chargeInput({ paymentMethod: 'pm_forged' }));
    await expect(unknown).rejects.toBeInstanceOf(Invalid);
    await expect(unknown).rejects.toMatchObject({ status: 422, items: [{ field: 'payment_method' }] });
    await expect(stripe.retrieve('pi_missing')).rejects.toBeInstanceOf(NotFound);
  });
});

describe('stripeCardProvider: customers and kept cards', () => {
  it('creates a customer with the user id in its metadata; keeps a card on it and lets it go', async () => {
    const customer = await stripe.createCustomer({ email: 'ada@example.com', name: 'Ada Lovelace', userId: 7 });
    expect(customer).toMatch(/^cus_/);
    expect(peer.customers.get(customer)).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', metadata: { user_id: '7' } });

    expect(await stripe.attachCard(customer, 'pm_card_mastercard')).toEqual(cardOf('pm_card_mastercard'));
    expect(peer.attachments.get('pm_card_mastercard')).toBe(customer);

    await stripe.detachCard('pm_card_mastercard');
    expect(peer.attachments.has('pm_card_mastercard')).toBe(false);
    // Already gone at Stripe (a retried removal): nothing left to do, no error.
    await expect(stripe.detachCard('pm_card_mastercard')).resolves.toBeUndefined();
  });

  it('a card its bank refuses is not kept: CardRefused with the spec code', async () => {
    const customer = await stripe.createCustomer({ email: 'ada@example.com', name: 'Ada', userId: 7 });
    const attach = stripe.attachCard(customer, 'pm_card_chargeDeclinedExpiredCard');
    await expect(attach).rejects.toBeInstanceOf(CardRefused);
    await expect(attach).rejects.toMatchObject({ code: 'expired_card', message: CARD_ERROR_MESSAGES.expired_card });
    expect(peer.attachments.has('pm_card_chargeDeclinedExpiredCard')).toBe(false);
  });

  it('saveCard keeps the card on the customer (setup_future_usage); a renewal then charges it off session', async () => {
    const customer = await stripe.createCustomer({ email: 'ada@example.com', name: 'Ada', userId: 7 });
    const first = await stripe.charge(chargeInput({ customer, saveCard: true }));
    expect(first.status).toBe('succeeded');
    expect(peer.paymentIntents.get(paymentId(first))).toMatchObject({ customer, setup_future_usage: 'off_session' });
    expect(peer.attachments.get('pm_card_visa')).toBe(customer);

    const renewal = await stripe.charge(chargeInput({ customer, offSession: true, saveCard: true, description: 'Renewal' }));
    expect(renewal).toEqual({ status: 'succeeded', id: anId('pi'), card: cardOf('pm_card_visa') });
    // Off session is not a new mandate to keep the card: setup_future_usage is only sent on session.
    expect(peer.paymentIntents.get(paymentId(renewal))).toMatchObject({ customer, setup_future_usage: null, description: 'Renewal' });
  });

  it('off session, a card that needs 3-D Secure is refused (authentication_required) as card_declined', async () => {
    const customer = await stripe.createCustomer({ email: 'ada@example.com', name: 'Ada', userId: 7 });
    await stripe.attachCard(customer, 'pm_card_threeDSecure2Required');
    const renewal = await stripe.charge(chargeInput({ customer, paymentMethod: 'pm_card_threeDSecure2Required', offSession: true }));
    expect(renewal).toMatchObject({ status: 'failed', error: { code: 'card_declined' } });
    expect(peer.paymentIntents.get(paymentId(renewal))?.last_payment_error).toMatchObject({ code: 'authentication_required' });
  });

  it('off session, a card not kept on the customer is invalid input', async () => {
    const customer = await stripe.createCustomer({ email: 'ada@example.com', name: 'Ada', userId: 7 });
    await expect(stripe.charge(chargeInput({ customer, offSession: true }))).rejects.toMatchObject({ status: 422 });
  });
});

describe('stripeCardProvider: refunds', () => {
  it('refunds part of a payment once per idempotency key; more than is left is a conflict', async () => {
    const payment = await stripe.charge(chargeInput());
    const input = { paymentId: paymentId(payment), amountCents: 5_000, idempotencyKey: randomUUID() };
    const refund = await stripe.refund(input);
    expect(refund).toEqual({ id: anId('re'), status: 'succeeded' });
    expect(await stripe.refund(input)).toEqual(refund);
    expect([...peer.refunds.values()]).toEqual([expect.objectContaining({ id: refund.id, amount: 5_000, payment_intent: payment.id })]);

    const tooMuch = stripe.refund({ ...input, amountCents: 6_901, idempotencyKey: randomUUID() });
    await expect(tooMuch).rejects.toBeInstanceOf(Conflict);
    await expect(tooMuch).rejects.toMatchObject({ status: 409, items: [{ code: 'refund_refused' }] });
    await expect(stripe.refund({ ...input, amountCents: 6_900, idempotencyKey: randomUUID() })).resolves.toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('stripeCardProvider: a Stripe that does not answer', () => {
  const unavailable = { status: 503, items: [{ code: 'card_provider_unavailable' }] };

  it('a peer that is down is Unavailable (503, card_provider_unavailable)', async () => {
    const gone = await startStripePeer();
    await gone.close();
    const charge = providerFor(gone).charge(chargeInput());
    await expect(charge).rejects.toBeInstanceOf(Unavailable);
    await expect(charge).rejects.toMatchObject(unavailable);
  });

  it('a 500 from Stripe, or a secret key it refuses, is Unavailable too', async () => {
    peer.outage = true;
    await expect(stripe.createCustomer({ email: 'a@example.com', name: 'A', userId: 1 })).rejects.toMatchObject(unavailable);
    await expect(stripe.charge(chargeInput())).rejects.toMatchObject(unavailable);
    peer.outage = false;
    const wrongKey = stripeCardProvider({ secretKey: 'sk_test_wrong', publishableKey: 'pk', webhookSecret: undefined, apiUrl: peer.url });
    await expect(wrongKey.charge(chargeInput())).rejects.toMatchObject(unavailable);
    expect(peer.paymentIntents.size).toBe(0);
  });
});
