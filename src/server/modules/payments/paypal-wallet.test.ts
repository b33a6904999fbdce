import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict, NotFound, Unavailable } from '../../http/errors.ts';
import { PEER_BUYER, startPaypalPeer, type PaypalPeer } from '../../test/paypal-peer.ts';
import { paypalWallet } from './paypal-wallet.ts';
import type { WalletOrderInput } from './wallet-provider.ts';

let peer: PaypalPeer;
beforeAll(async () => {
  peer = await startPaypalPeer();
});
afterAll(() => peer.close());

const walletAt = (apiUrl: string, overrides: { clientSecret?: string; fetch?: typeof fetch } = {}) =>
  paypalWallet({ clientId: peer.clientId, clientSecret: overrides.clientSecret ?? peer.clientSecret, apiUrl, fetch: overrides.fetch });

const RETURN_URL = 'https://newsreel.example/en/payment-processing?provider=wallet';
const CANCEL_URL = 'https://newsreel.example/en/payment/subscription?plan=annual';

function orderInput(overrides: Partial<WalletOrderInput> = {}): WalletOrderInput {
  return {
    amountCents: 9600,
    currency: 'EUR',
    description: 'Annual pass',
    reference: `transaction-${randomUUID()}`,
    idempotencyKey: randomUUID(),
    returnUrl: RETURN_URL,
    cancelUrl: CANCEL_URL,
    ...overrides,
  };
}

/** The buyer at the peer's page: reads its form and presses one of its buttons (a real POST). */
async function pressAtPeer(approveUrl: string, action: 'approve' | 'cancel'): Promise<URL> {
  const page = await fetch(approveUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const formAction = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1];
  expect(html).toContain(`<button type="submit" name="action" value="${action}"`);
  if (!formAction || !token) throw new Error('the peer page has no approval form');
  const answer = await fetch(new URL(formAction, approveUrl), {
    method: 'POST',
    body: new URLSearchParams({ token, action }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

/** An order the buyer approved at the peer's page. */
async function approvedOrder(wallet = walletAt(peer.url), overrides: Partial<WalletOrderInput> = {}) {
  const order = await wallet.createOrder(orderInput(overrides));
  await pressAtPeer(order.approveUrl ?? '', 'approve');
  return order;
}

describe('the PayPal wallet adapter, against a local PayPal peer', () => {
  it('creates an order the buyer approves at the peer’s page, then captures it', async () => {
    const wallet = walletAt(peer.url);
    const order = await wallet.createOrder(orderInput({ description: 'Annual pass: Newsreel' }));
    expect(order).toMatchObject({ status: 'created', captureId: null, payerEmail: null });
    expect(order.id).toMatch(/^[0-9A-Z]{17}$/);
    expect(order.approveUrl).toBe(`${peer.url}/checkoutnow?token=${order.id}`);
    expect(peer.orders.get(order.id)).toMatchObject({
      amount: { currency_code: 'EUR', value: '96.00' },
      description: 'Annual pass: Newsreel',
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
    });

    const page = await (await fetch(order.approveUrl ?? '')).text();
    expect(page).toContain('€96.00');
    expect(page).toContain('Annual pass: Newsreel');

    const back = await pressAtPeer(order.approveUrl ?? '', 'approve');
    expect(`${back.origin}${back.pathname}`).toBe('https://newsreel.example/en/payment-processing');
    expect(Object.fromEntries(back.searchParams)).toEqual({ provider: 'wallet', token: order.id, PayerID: PEER_BUYER.payerId });
    expect(await wallet.getOrder(order.id)).toMatchObject({ status: 'approved', payerEmail: PEER_BUYER.email, approveUrl: null });

    const captured = await wallet.captureOrder(order.id, randomUUID());
    expect(captured).toEqual({
      id: order.id,
      status: 'completed',
      approveUrl: null,
      captureId: peer.orders.get(order.id)?.captureId,
      payerEmail: PEER_BUYER.email,
    });
    expect(captured.captureId).toMatch(/^[0-9A-Z]{17}$/);
  });

  it('sends amounts as PayPal’s decimals and keeps descriptions to PayPal’s 127 characters', async () => {
    const wallet = walletAt(peer.url);
    const small = await wallet.createOrder(orderInput({ amountCents: 5, currency: 'RUB', description: 'x'.repeat(300) }));
    expect(peer.orders.get(small.id)).toMatchObject({ amount: { currency_code: 'RUB', value: '0.05' }, description: 'x'.repeat(127) });
    const large = await wallet.createOrder(orderInput({ amountCents: 1_234_507 }));
    expect(peer.orders.get(large.id)?.amount.value).toBe('12345.07');
  });

  it('cancelling at the page sends the buyer to the cancel URL; the order stays unapproved', async () => {
    const wallet = walletAt(peer.url);
    const order = await wallet.createOrder(orderInput());
    const back = await pressAtPeer(order.approveUrl ?? '', 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe('https://newsreel.example/en/payment/subscription');
    expect(Object.fromEntries(back.searchParams)).toEqual({ plan: 'annual', token: order.id });
    expect((await wallet.getOrder(order.id)).status).toBe('created');
  });

  it('capturing an order the buyer has not approved answers it as created (PayPal: 422 ORDER_NOT_APPROVED)', async () => {
    const wallet = walletAt(peer.url);
    const order = await wallet.createOrder(orderInput());
    const answer = await wallet.captureOrder(order.id, randomUUID());
    expect(answer).toEqual({ ...order, status: 'created' });
    expect(peer.orders.get(order.id)?.captureId).toBeNull();
  });

  it('a capture PayPal declines is failed: a refused funding source (422 INSTRUMENT_DECLINED)', async () => {
    const wallet = walletAt(peer.url);
    const order = await approvedOrder(wallet);
    peer.declineNextCapture();
    expect(await wallet.captureOrder(order.id, randomUUID())).toMatchObject({ id: order.id, status: 'failed', captureId: null });
    expect(peer.orders.get(order.id)).toMatchObject({ status: 'APPROVED', captureId: null });
  });

  it('a capture PayPal declines is failed: a DECLINED capture, however often it is captured', async () => {
    const wallet = walletAt(peer.url);
    const order = await approvedOrder(wallet);
    peer.declineNextCapture('capture_declined');
    expect(await wallet.captureOrder(order.id, randomUUID())).toMatchObject({ status: 'failed', captureId: null });
    expect(await wallet.captureOrder(order.id, randomUUID())).toMatchObject({ status: 'failed', captureId: null });
    expect(await wallet.getOrder(order.id)).toMatchObject({ status: 'failed', payerEmail: PEER_BUYER.email });
  });

  it('capturing twice answers the completed order both times, with one capture at PayPal', async () => {
    const wallet = walletAt(peer.url);
    const order = await approvedOrder(wallet);
    const key = randomUUID();
    const first = await wallet.captureOrder(order.id, key);
    const again = await wallet.captureOrder(order.id, key); // a retried call: the peer answers as before
    const later = await wallet.captureOrder(order.id, randomUUID()); // another call: 422 ORDER_ALREADY_CAPTURED
    expect(first.status).toBe('completed');
    expect(again).toEqual(first);
    expect(later).toEqual(first);
    expect([...peer.captures.values()].filter((capture) => capture.orderId === order.id)).toHaveLength(1);
  });

  it('the same idempotency key makes one order', async () => {
    const wallet = walletAt(peer.url);
    const input = orderInput();
    const before = peer.orders.size;
    const [first, second] = await Promise.all([wallet.createOrder(input), wallet.createOrder(input)]);
    const third = await wallet.createOrder(input);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(peer.orders.size).toBe(before + 1);
  });

  it('refunds a capture, in part or whole, once per idempotency key; more than was paid is refused', async () => {
    const wallet = walletAt(peer.url);
    const order = await approvedOrder(wallet);
    const { captureId } = await wallet.captureOrder(order.id, randomUUID());
    if (!captureId) throw new Error('no capture');
    const key = randomUUID();
    const part = await wallet.refund({ captureId, amountCents: 1000, currency: 'EUR', idempotencyKey: key });
    expect(part).toEqual({ id: expect.stringMatching(/^[0-9A-Z]{17}$/) as string, status: 'succeeded' });
    expect(await wallet.refund({ captureId, amountCents: 1000, currency: 'EUR', idempotencyKey: key })).toEqual(part);
    expect(peer.captures.get(captureId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedCents: 1000 });

    const tooMuch = wallet.refund({ captureId, amountCents: 8601, currency: 'EUR', idempotencyKey: randomUUID() });
    await expect(tooMuch).rejects.toBeInstanceOf(Conflict);
    await expect(tooMuch).rejects.toMatchObject({ items: [{ code: 'wallet_refund_refused' }] });

    await wallet.refund({ captureId, amountCents: 8600, currency: 'EUR', idempotencyKey: randomUUID() });
    expect(peer.captures.get(captureId)).toMatchObject({ status: 'REFUNDED', refundedCents: 9600 });
    expect([...peer.refunds.values()].filter((refund) => refund.captureId === captureId)).toHaveLength(2);
  });

  it('fetches the access token once for many calls, and again when PayPal stops taking it', async () => {
    const wallet = walletAt(peer.url);
    const before = peer.tokenRequests();
    const order = await wallet.createOrder(orderInput());
    await Promise.all([wallet.getOrder(order.id), wallet.getOrder(order.id), wallet.getOrder(order.id)]);
    await wallet.captureOrder(order.id, randomUUID());
    expect(peer.tokenRequests()).toBe(before + 1);

    peer.expireTokens();
    expect((await wallet.getOrder(order.id)).id).toBe(order.id); // 401, a new token, the call again
    await wallet.getOrder(order.id);
    expect(peer.tokenRequests()).toBe(before + 2);
  });

  it('calls made together while there is no token wait for one token request', async () => {
    const wallet = walletAt(peer.url);
    const before = peer.tokenRequests();
    await Promise.all([wallet.createOrder(orderInput()), wallet.createOrder(orderInput()), wallet.createOrder(orderInput())]);
    expect(peer.tokenRequests()).toBe(before + 1);
  });

  it('a wrong client secret is an error naming the configuration, not an outage', async () => {
    const wallet = walletAt(peer.url, { clientSecret: 'wrong' });
    await expect(wallet.createOrder(orderInput())).rejects.toThrow(/PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET/);
  });

  it('an order PayPal does not know is NotFound (wallet_order_not_found), for reading and capturing', async () => {
    const wallet = walletAt(peer.url);
    for (const id of ['5O190127TN364715T', 'not/an id']) {
      await expect(wallet.getOrder(id)).rejects.toBeInstanceOf(NotFound);
      await expect(wallet.captureOrder(id, randomUUID())).rejects.toMatchObject({
        status: 404,
        items: [{ code: 'wallet_order_not_found' }],
      });
    }
    const refund = wallet.refund({ captureId: '3C679366HH908993F', amountCents: 100, currency: 'EUR', idempotencyKey: randomUUID() });
    await expect(refund).rejects.toMatchObject({ status: 404, items: [{ code: 'wallet_capture_not_found' }] });
  });

  it('PayPal not answering is Unavailable (503 wallet_unavailable)', async () => {
    const gone = await startPaypalPeer();
    await gone.close();
    const wallet = walletAt(gone.url);
    const answer = wallet.createOrder(orderInput());
    await expect(answer).rejects.toBeInstanceOf(Unavailable);
    await expect(answer).rejects.toMatchObject({ status: 503, items: [{ code: 'wallet_unavailable' }] });
  });

  it('a 5xx from PayPal is Unavailable too', async () => {
    // The peer has no fault to inject; a fetch that answers the orders API with PayPal's 503 stands in.
    const failing: typeof fetch = async (input, init) =>
      (input instanceof Request ? input.url : input.toString()).includes('/v2/')
        ? new Response(JSON.stringify({ name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' }), { status: 503 })
        : fetch(input, init);
    const wallet = walletAt(peer.url, { fetch: failing });
    await expect(wallet.getOrder('5O190127TN364715T')).rejects.toMatchObject({ status: 503, items: [{ code: 'wallet_unavailable' }] });
  });
});
