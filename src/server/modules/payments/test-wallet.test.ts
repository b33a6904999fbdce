import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../common/errors.ts';
import { purchaseResultSchema } from '../../../common/payments.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { registerErrorHandlers } from '../../http/error-handler.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { securityHeaders } from '../../http/security-headers.ts';
import { createTestApp, createTestDatabase, testClock, testConfig, testServices, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { agreements } from '../agreements/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { testWalletOrders } from './schema.ts';
import { paymentFixtures } from './test-support.ts';
import { TEST_WALLET_PAYER, testWallet, type TestWallet } from './test-wallet.ts';
import type { WalletOrderInput } from './wallet-provider.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The test wallet's routes on a bare app, with the error envelope and the CSP the real app sends. */
async function walletApp(options: { publicUrl?: string } = {}): Promise<{ wallet: TestWallet; app: FastifyInstance }> {
  const wallet = testWallet({ db: database.db, clock: testClock(), ...options });
  const app = Fastify();
  registerErrorHandlers(app);
  await app.register(securityHeaders);
  await app.register(wallet.routes);
  await app.ready();
  apps.push(app);
  return { wallet, app };
}

function orderInput(overrides: Partial<WalletOrderInput> = {}): WalletOrderInput {
  return {
    amountCents: 9600,
    currency: 'EUR',
    description: 'Annual pass',
    reference: `transaction-${randomUUID()}`,
    idempotencyKey: randomUUID(),
    returnUrl: '/en/payment-processing?provider=wallet',
    cancelUrl: 'http://localhost:3000/en/payment/subscription?plan=annual',
    ...overrides,
  };
}

const press = (app: FastifyInstance, url: string, decision: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=${decision}` });

describe('the test wallet', () => {
  it('shows the order at its checkout page, a demo page that works under the app’s CSP', async () => {
    const { wallet, app } = await walletApp();
    const order = await wallet.createOrder(orderInput({ description: 'Annual pass <Newsreel>' }));
    expect(order).toMatchObject({ status: 'created', approveUrl: `/test-wallet/checkout/${order.id}`, captureId: null, payerEmail: null });

    const page = await app.inject({ method: 'GET', url: order.approveUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Test wallet</title>');
    expect(page.body).toContain('Demo wallet: no real money moves.');
    expect(page.body).toContain('€96.00');
    expect(page.body).toContain('Annual pass &#60;Newsreel&#62;');
    expect(page.body).toContain(TEST_WALLET_PAYER.email);
    expect(page.body).toContain('<form method="post">');
    for (const decision of ['approve', 'cancel', 'approve_then_decline'])
      expect(page.body).toContain(`name="decision" value="${decision}"`);
    expect(page.body).not.toContain('<script');
  });

  it('approving sends the buyer to the return URL with the token and PayerID; the capture then completes', async () => {
    const { wallet, app } = await walletApp();
    const order = await wallet.createOrder(orderInput());
    const approved = await press(app, order.approveUrl ?? '', 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/en/payment-processing?provider=wallet&token=${order.id}&PayerID=${TEST_WALLET_PAYER.payerId}`);
    expect(await wallet.getOrder(order.id)).toMatchObject({ status: 'approved', approveUrl: null, payerEmail: TEST_WALLET_PAYER.email });

    const captured = await wallet.captureOrder(order.id, randomUUID());
    expect(captured).toEqual({
      id: order.id,
      status: 'completed',
      approveUrl: null,
      captureId: expect.stringMatching(/^TWC[0-9A-Z]{14}$/) as string,
      payerEmail: TEST_WALLET_PAYER.email,
    });
    expect(await wallet.captureOrder(order.id, randomUUID())).toEqual(captured);

    const page = await app.inject({ method: 'GET', url: `/test-wallet/checkout/${order.id}` });
    expect(page.body).toContain('Payment completed');
    expect(page.body).not.toContain('<form');
    expect((await press(app, `/test-wallet/checkout/${order.id}`, 'cancel')).statusCode).toBe(409);
  });

  it('cancelling sends the buyer to the cancel URL with the token, and voids the order', async () => {
    const { wallet, app } = await walletApp();
    const order = await wallet.createOrder(orderInput());
    const cancelled = await press(app, order.approveUrl ?? '', 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`http://localhost:3000/en/payment/subscription?plan=annual&token=${order.id}`);
    expect(await wallet.getOrder(order.id)).toMatchObject({ status: 'voided', approveUrl: null });
    expect(await wallet.captureOrder(order.id, randomUUID())).toMatchObject({ status: 'voided', captureId: null });
    expect((await press(app, order.approveUrl ?? '', 'approve')).statusCode).toBe(409);
  });

  it('"Simulate a declined payment" approves the order, and its capture fails', async () => {
    const { wallet, app } = await walletApp();
    const order = await wallet.createOrder(orderInput());
    const pressed = await press(app, order.approveUrl ?? '', 'approve_then_decline');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toContain(`token=${order.id}`);
    expect((await wallet.getOrder(order.id)).status).toBe('approved');
    expect(await wallet.captureOrder(order.id, randomUUID())).toMatchObject({ status: 'failed', captureId: null });
    expect((await wallet.getOrder(order.id)).status).toBe('failed');
  });

  it('capturing an order the buyer has not approved answers it unchanged, as created', async () => {
    const { wallet } = await walletApp();
    const order = await wallet.createOrder(orderInput());
    expect(await wallet.captureOrder(order.id, randomUUID())).toEqual(order);
  });

  it('an unknown order is a 404 page at the checkout, and NotFound to the site', async () => {
    const { wallet, app } = await walletApp();
    for (const method of ['GET', 'POST'] as const) {
      const answer = await app.inject({
        method,
        url: '/test-wallet/checkout/TWO00000000000000',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? 'decision=approve' : undefined,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('Payment not found');
    }
    await expect(wallet.getOrder('TWO00000000000000')).rejects.toBeInstanceOf(NotFound);
    await expect(wallet.captureOrder('x', randomUUID())).rejects.toMatchObject({ items: [{ code: 'wallet_order_not_found' }] });
  });

  it('a form without a decision is refused with the error envelope', async () => {
    const { wallet, app } = await walletApp();
    const order = await wallet.createOrder(orderInput());
    const answer = await press(app, order.approveUrl ?? '', 'pay');
    expect(answer.statusCode).toBe(422);
    expect(errorBodySchema.parse(answer.json()).errors[0]).toMatchObject({ code: 'invalid', field: 'decision' });
    expect((await wallet.getOrder(order.id)).status).toBe('created');
  });

  it('the same idempotency key makes one order; approve URLs take the public URL when given', async () => {
    const { wallet } = await walletApp({ publicUrl: 'https://newsreel.example/' });
    const input = orderInput();
    const first = await wallet.createOrder(input);
    expect(await wallet.createOrder(input)).toEqual(first);
    expect(first.approveUrl).toBe(`https://newsreel.example/test-wallet/checkout/${first.id}`);
  });

  it('refunds what was captured, once per idempotency key, and refuses more', async () => {
    const { wallet, app } = await walletApp();
    const order = await wallet.createOrder(orderInput());
    await press(app, order.approveUrl ?? '', 'approve');
    const { captureId } = await wallet.captureOrder(order.id, randomUUID());
    if (!captureId) throw new Error('no capture');
    const key = randomUUID();
    const refund = await wallet.refund({ captureId, amountCents: 9000, currency: 'EUR', idempotencyKey: key });
    expect(refund).toEqual({ id: expect.stringMatching(/^TWR/) as string, status: 'succeeded' });
    expect(await wallet.refund({ captureId, amountCents: 9000, currency: 'EUR', idempotencyKey: key })).toEqual(refund);
    await expect(wallet.refund({ captureId, amountCents: 601, currency: 'EUR', idempotencyKey: randomUUID() })).rejects.toBeInstanceOf(
      Conflict,
    );
    expect((await wallet.refund({ captureId, amountCents: 600, currency: 'EUR', idempotencyKey: randomUUID() })).status).toBe('succeeded');
  });

  it('a capture of its own form it has no record of (made when orders lived in memory) still refunds; any other id is NotFound', async () => {
    const { wallet } = await walletApp();
    const forgotten = await wallet.refund({
      captureId: 'TWC0123456789ABCD',
      amountCents: 9600,
      currency: 'EUR',
      idempotencyKey: randomUUID(),
    });
    expect(forgotten.status).toBe('succeeded');
    const unknown = wallet.refund({ captureId: '3C679366HH908993F', amountCents: 9600, currency: 'EUR', idempotencyKey: randomUUID() });
    await expect(unknown).rejects.toMatchObject({ status: 404, items: [{ code: 'wallet_capture_not_found' }] });
  });

  it('two processes capturing one approved order at once take the money once; a refund asked of both at once is made once', async () => {
    const { wallet, app } = await walletApp();
    const elsewhere = testWallet({ db: database.db, clock: testClock() });
    const order = await wallet.createOrder(orderInput());
    await press(app, order.approveUrl ?? '', 'approve');
    const [here, there] = await Promise.all([wallet.captureOrder(order.id, randomUUID()), elsewhere.captureOrder(order.id, randomUUID())]);
    expect(here).toEqual(there);
    expect(here.status).toBe('completed');
    const refund = { captureId: here.captureId ?? '', amountCents: 9600, currency: 'EUR' as const, idempotencyKey: randomUUID() };
    const [first, second] = await Promise.all([wallet.refund(refund), elsewhere.refund(refund)]);
    expect(first).toEqual(second);
    // Refunded in full once: not a cent more.
    await expect(elsewhere.refund({ ...refund, amountCents: 1, idempotencyKey: randomUUID() })).rejects.toBeInstanceOf(Conflict);
  });
});

describe('the test wallet on several API processes (one database)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // A second API process: its test wallet is an object of its own, as in another process.
    other = await buildApp(testConfig(), testServices(t.database));
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('an order made on one process is shown, approved and completed on the other; completing it again, on either, changes nothing more', async () => {
    const f = paymentFixtures(t);
    const { user, browser } = await f.buyer();
    const elsewhere = new Browser(other, { ip: '10.9.8.7' });
    elsewhere.setCookie('session', browser.cookie('session') ?? '');
    const initiated = await browser.post('/api/current_user/payments/initiate', {
      product: { type: 'pass', subscription: f.subscription },
      provider: 'wallet',
      idempotency_key: randomUUID(),
      confirmations: f.confirmations,
    });
    const started = purchaseResultSchema.parse(initiated.json());
    expect(started.status).toBe('approval_required');

    const page = await elsewhere.get(started.approve_url ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('114.24');
    const approved = await elsewhere.request({
      method: 'POST',
      url: started.approve_url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain(`transaction_id=${started.transaction_id}`);

    const completions = await Promise.all(
      [elsewhere, browser, elsewhere, browser].map((buyer) =>
        buyer.post('/api/current_user/payments/confirm', { transaction_id: started.transaction_id }),
      ),
    );
    expect(completions.map((answer) => purchaseResultSchema.parse(answer.json()).status)).toEqual(Array(4).fill('succeeded'));
    expect(await t.database.db.select().from(agreements).where(eq(agreements.userId, user.id))).toHaveLength(1);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(1);
    const [order] = await t.database.db
      .select()
      .from(testWalletOrders)
      .where(eq(testWalletOrders.id, started.payment_intent_id ?? ''));
    expect(order).toMatchObject({ status: 'completed', captureId: expect.stringMatching(/^TWC/) as string });
    // The first process's page shows the order as the other left it.
    expect((await browser.get(started.approve_url ?? '')).body).toContain('Payment completed');
  });
});
