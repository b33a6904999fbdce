import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { checkoutPage, messagePage } from './test-wallet-page.ts';
import type { WalletOrder, WalletOrderInput, WalletProvider } from './wallet-provider.ts';

/** The demo buyer who approves at the test wallet. */
export const TEST_WALLET_PAYER = { email: 'buyer@test-wallet.example', payerId: 'TESTWALLETBUY' };

/** Where the buyer approves an order: a page of our own site (`routes`). */
export const testWalletCheckoutPath = (id: string) => `/test-wallet/checkout/${id}`;

export type TestWallet = WalletProvider & { readonly name: 'test_wallet'; routes: FastifyPluginAsync };

type StoredOrder = {
  id: string;
  status: WalletOrder['status'];
  input: WalletOrderInput;
  payerEmail: string | null;
  /** The buyer chose "Simulate a declined payment": approved, then refused at capture. */
  declineAtCapture: boolean;
  captureId: string | null;
};
type StoredCapture = { amountCents: number; currency: WalletOrderInput['currency']; refundedCents: number };
type Refund = { id: string; status: 'succeeded' | 'pending' | 'failed' };

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const randomId = (prefix: string) =>
  prefix + Array.from({ length: 17 - prefix.length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const CAPTURE_ID = /^TWC[0-9A-Z]{14}$/;

const decisionSchema = z.object({ decision: z.enum(['approve', 'approve_then_decline', 'cancel']) });

const orderNotFound = (id: string) => new NotFound({ code: 'wallet_order_not_found', message: `The test wallet has no order ${id}` });

/** Adds query parameters to an absolute URL or to a path on our own site. */
function withQuery(target: string, params: Record<string, string>): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target);
  const url = new URL(target, 'http://relative.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

const returnTarget = (order: StoredOrder) => withQuery(order.input.returnUrl, { token: order.id, PayerID: TEST_WALLET_PAYER.payerId });
const cancelTarget = (order: StoredOrder) => withQuery(order.input.cancelUrl, { token: order.id });

function html(reply: FastifyReply, status: number, page: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

const notFoundPage = () =>
  messagePage('Payment not found', 'This test wallet payment does not exist, or the server was restarted since it began.');

/** The page for an order the buyer has decided on already. */
function settledPage(order: StoredOrder): string {
  switch (order.status) {
    case 'voided':
      return messagePage('Payment cancelled', 'This payment was cancelled.', cancelTarget(order));
    case 'completed':
      return messagePage('Payment completed', 'This payment is completed.', returnTarget(order));
    case 'failed':
      return messagePage('Payment declined', 'The test wallet declined this payment.', returnTarget(order));
    default:
      return messagePage('Payment approved', 'You approved this payment; the site completes it.', returnTarget(order));
  }
}

/**
 * The built-in test wallet, the embedded default when PayPal is not configured: a new user can pay by
 * wallet on `npm start` without any account. The buyer approves at our own page
 * (`/test-wallet/checkout/{id}`, served by `routes`) as they would at PayPal; nothing is charged.
 *
 * Orders live in this process's memory: a restart forgets them (an order the buyer had not finished
 * is gone; its page answers 404), and several API processes do not share them, which is why the test
 * wallet is for the one-process embedded mode only. A refund of a capture the wallet no longer
 * remembers but that has its form is answered succeeded: the site's transaction is the record of it.
 *
 * A declined payment on the demo: the page's "Simulate a declined payment" button approves the order,
 * and its capture is then `failed`. Capturing an order not approved yet answers it unchanged
 * (`created`): the caller decides.
 */
export function testWallet(options: { publicUrl?: string } = {}): TestWallet {
  const base = (options.publicUrl ?? '').replace(/\/+$/, '');
  const orders = new Map<string, StoredOrder>();
  const ordersByKey = new Map<string, string>();
  const captures = new Map<string, StoredCapture>();
  const refunds = new Map<string, Refund>();

  const answer = (order: StoredOrder): WalletOrder => ({
    id: order.id,
    status: order.status,
    approveUrl: order.status === 'created' ? `${base}${testWalletCheckoutPath(order.id)}` : null,
    captureId: order.captureId,
    payerEmail: order.payerEmail,
  });

  function stored(id: string): StoredOrder {
    const order = orders.get(id);
    if (!order) throw orderNotFound(id);
    return order;
  }

  const routes: FastifyPluginAsync = async (app) => {
    // The page's form posts urlencoded; the app itself parses only JSON, so this scope reads forms.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get<{ Params: { id: string } }>('/test-wallet/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const order = orders.get(request.params.id);
      if (!order) return html(reply, 404, notFoundPage());
      if (order.status !== 'created') return html(reply, 200, settledPage(order));
      const { amountCents, currency, description } = order.input;
      return html(reply, 200, checkoutPage({ amountCents, currency, description, payerEmail: TEST_WALLET_PAYER.email }));
    });

    app.post<{ Params: { id: string } }>('/test-wallet/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const order = orders.get(request.params.id);
      if (!order) return html(reply, 404, notFoundPage());
      const parsed = decisionSchema.safeParse(request.body);
      if (!parsed.success) throw new Invalid({ field: 'decision', message: 'Choose approve, cancel or approve_then_decline' });
      if (parsed.data.decision === 'cancel') {
        // Until the site captures it, the buyer may still cancel an approved order.
        if (order.status === 'created' || order.status === 'approved') order.status = 'voided';
        return order.status === 'voided' ? reply.redirect(cancelTarget(order), 303) : html(reply, 409, settledPage(order));
      }
      if (order.status === 'created') {
        order.status = 'approved';
        order.payerEmail = TEST_WALLET_PAYER.email;
        order.declineAtCapture = parsed.data.decision === 'approve_then_decline';
      }
      // Approving twice (a second click, the back button) lands on the return page again.
      return order.status === 'approved' ? reply.redirect(returnTarget(order), 303) : html(reply, 409, settledPage(order));
    });
  };

  return {
    name: 'test_wallet',
    routes,

    async createOrder(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw new RangeError(`amount must be a positive number of cents, got ${input.amountCents}`);
      }
      const earlier = ordersByKey.get(input.idempotencyKey);
      if (earlier) return answer(stored(earlier));
      const order: StoredOrder = {
        id: randomId('TWO'),
        status: 'created',
        input,
        payerEmail: null,
        declineAtCapture: false,
        captureId: null,
      };
      orders.set(order.id, order);
      ordersByKey.set(input.idempotencyKey, order.id);
      return answer(order);
    },

    async getOrder(id) {
      return answer(stored(id));
    },

    async captureOrder(id) {
      const order = stored(id);
      if (order.status !== 'approved') return answer(order);
      if (order.declineAtCapture) {
        order.status = 'failed';
        return answer(order);
      }
      order.status = 'completed';
      order.captureId = randomId('TWC');
      captures.set(order.captureId, { amountCents: order.input.amountCents, currency: order.input.currency, refundedCents: 0 });
      return answer(order);
    },

    async refund({ captureId, amountCents, currency, idempotencyKey }) {
      const earlier = refunds.get(idempotencyKey);
      if (earlier) return earlier;
      const capture = captures.get(captureId);
      if (!capture && !CAPTURE_ID.test(captureId)) {
        throw new NotFound({ code: 'wallet_capture_not_found', message: `The test wallet has no capture ${captureId}` });
      }
      if (capture) {
        if (currency !== capture.currency || amountCents <= 0 || amountCents > capture.amountCents - capture.refundedCents) {
          throw new Conflict({
            code: 'wallet_refund_refused',
            message: 'The refund exceeds what is left of the payment, or is in another currency',
          });
        }
        capture.refundedCents += amountCents;
      }
      const refund: Refund = { id: randomId('TWR'), status: 'succeeded' };
      refunds.set(idempotencyKey, refund);
      return refund;
    },
  };
}
