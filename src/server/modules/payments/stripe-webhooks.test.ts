import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';
import { WebhookSignatureError, type CardProvider } from './card-provider.ts';
import { anId, chargeInput, paymentId, providerFor } from './stripe-test-support.ts';

let peer: StripePeer;
let stripe: CardProvider;
beforeEach(async () => {
  peer = await startStripePeer();
  stripe = providerFor(peer);
});
afterEach(() => peer.close());

describe('stripeCardProvider: webhooks', () => {
  const webhookEvent = (provider: CardProvider, body: string | Buffer, signature: string) => {
    if (!provider.webhookEvent) throw new Error('the Stripe provider has webhooks');
    return provider.webhookEvent(body, signature);
  };

  it('a signed event about a payment comes back with the payment mapped (the card is not in the event)', async () => {
    const paid = await stripe.charge(chargeInput());
    const event = peer.signedEvent('payment_intent.succeeded', peer.paymentIntents.get(paymentId(paid)));
    const id = (JSON.parse(event.body) as { id: string }).id;
    expect(webhookEvent(stripe, event.body, event.signature)).toEqual({
      id,
      type: 'payment_intent.succeeded',
      payment: { status: 'succeeded', id: paid.id, card: null },
    });
    // The raw body may come as a Buffer too.
    expect(webhookEvent(stripe, Buffer.from(event.body), event.signature).id).toBe(id);

    const refused = await stripe.charge(chargeInput({ paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc' }));
    const failedEvent = peer.signedEvent('payment_intent.payment_failed', peer.paymentIntents.get(paymentId(refused)));
    expect(webhookEvent(stripe, failedEvent.body, failedEvent.signature).payment).toMatchObject({
      status: 'failed',
      id: refused.id,
      error: { code: 'incorrect_cvc' },
    });

    const intent = peer.paymentIntents.get(paymentId(paid));
    const processing = peer.signedEvent('payment_intent.processing', { ...intent, status: 'processing' });
    expect(webhookEvent(stripe, processing.body, processing.signature).payment).toEqual({ status: 'processing', id: paid.id, card: null });
    const canceled = peer.signedEvent('payment_intent.canceled', { ...intent, status: 'canceled' });
    expect(webhookEvent(stripe, canceled.body, canceled.signature).payment).toMatchObject({
      status: 'failed',
      error: { code: 'processing_error' },
    });
  });

  it('an event about something else has no payment', () => {
    const event = peer.signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(webhookEvent(stripe, event.body, event.signature)).toEqual({
      id: anId('evt'),
      type: 'customer.created',
      payment: null,
    });
  });

  it('a tampered body, another secret, a signature 301 s old or no secret configured is a WebhookSignatureError', () => {
    const intent = { id: 'pi_1', object: 'payment_intent', status: 'succeeded', payment_method: 'pm_card_visa' };
    const event = peer.signedEvent('payment_intent.succeeded', intent);
    expect(() => webhookEvent(stripe, event.body.replace('"pi_1"', '"pi_2"'), event.signature)).toThrow(WebhookSignatureError);

    const forged = peer.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    expect(() => webhookEvent(stripe, forged.body, forged.signature)).toThrow(WebhookSignatureError);

    const seconds = Math.floor(Date.now() / 1000);
    const stale = peer.signedEvent('payment_intent.succeeded', intent, { timestamp: seconds - 301 });
    expect(() => webhookEvent(stripe, stale.body, stale.signature)).toThrow(WebhookSignatureError);
    const recent = peer.signedEvent('payment_intent.succeeded', intent, { timestamp: seconds - 290 });
    expect(webhookEvent(stripe, recent.body, recent.signature).payment).toMatchObject({ status: 'succeeded', id: 'pi_1' });

    expect(() => webhookEvent(stripe, event.body, '')).toThrow(WebhookSignatureError);
    expect(() => webhookEvent(providerFor(peer, {}), event.body, event.signature)).toThrow(WebhookSignatureError);
  });

  it('the peer delivers a signed event to an endpoint as Stripe does', async () => {
    const endpoint = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const event = webhookEvent(stripe, Buffer.concat(chunks), String(request.headers['stripe-signature']));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(event));
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const target = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/webhooks/stripe`;
      const delivered = await peer.deliver(target, 'payment_intent.processing', {
        id: 'pi_9',
        object: 'payment_intent',
        status: 'processing',
      });
      expect(delivered.status).toBe(200);
      expect(JSON.parse(delivered.body)).toMatchObject({
        type: 'payment_intent.processing',
        payment: { status: 'processing', id: 'pi_9' },
      });
    } finally {
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
