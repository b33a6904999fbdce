import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripeLedger, invalid, newId, now, ok, stripeError, type Answer } from './stripe-peer-ledger.ts';
import { parseForm, text } from './stripe-peer-form.ts';

/**
 * A local Stripe: the part of Stripe's REST API the card provider adapter uses
 * (modules/payments/stripe-provider.ts), spoken to the official SDK over HTTP. Form-encoded bodies,
 * the secret key as a bearer token, Idempotency-Key replays, Stripe's objects and error envelope
 * (a 402 card_error becomes the SDK's StripeCardError). The objects and their rules are the ledger's
 * (stripe-peer-ledger.ts), the cards STRIPE_PEER_CARDS (stripe-peer-cards.ts). Listens on a free
 * loopback port: test files run in parallel.
 */

export async function startStripePeer() {
  const secretKey = `sk_test_peer_${randomUUID().replace(/-/g, '')}`;
  const webhookSecret = `whsec_peer_${randomUUID().replace(/-/g, '')}`;
  const ledger = createStripeLedger();
  const idempotent = new Map<string, { path: string; body: string; answer: Answer }>();

  function answer(request: IncomingMessage, raw: string): Answer {
    const url = new URL(request.url ?? '/', 'http://peer');
    const method = request.method ?? 'GET';
    const authentication = url.pathname.match(/^\/_peer\/payment_intents\/([^/]+)\/authenticate$/);
    if (method === 'POST' && authentication) {
      const id = authentication[1] ?? '';
      const json = (request.headers['content-type'] ?? '').includes('json');
      const result = json ? (JSON.parse(raw) as { result?: unknown }).result : text(parseForm(raw).result);
      if (result !== 'succeed' && result !== 'fail') return invalid('result is succeed or fail', { param: 'result' });
      if (ledger.paymentIntents.get(id)?.status !== 'requires_action')
        return invalid(`PaymentIntent ${id} is not waiting for authentication`);
      return ok(ledger.authenticate(id, result));
    }
    if (peer.outage) {
      return {
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        headers: { 'stripe-should-retry': 'false' },
      };
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const form = parseForm(method === 'GET' ? url.search.slice(1) : raw);
    const key = request.headers['idempotency-key'];
    if (method !== 'POST' || typeof key !== 'string') return ledger.route(method, url.pathname, form);
    const stored = idempotent.get(key);
    if (stored && (stored.path !== url.pathname || stored.body !== raw)) {
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (stored) return { ...stored.answer, headers: { 'idempotent-replayed': 'true' } };
    // Stored as sent: a replay answers the first response, not the object as it is now.
    const fresh = { ...ledger.route(method, url.pathname, form) };
    fresh.body = JSON.parse(JSON.stringify(fresh.body)) as unknown;
    idempotent.set(key, { path: url.pathname, body: raw, answer: fresh });
    return fresh;
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let reply: Answer;
      try {
        reply = answer(request, Buffer.concat(chunks).toString());
      } catch (error) {
        // A peer bug (or a body it cannot read) is Stripe's 500, not a crashed test worker.
        reply = stripeError(500, { type: 'api_error', message: error instanceof Error ? error.message : String(error) });
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': newId('req'), ...reply.headers });
      response.end(JSON.stringify(reply.body));
    });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A Stripe event as Stripe's webhooks send it, signed with the peer's (or another) secret. */
  function signedEvent(type: string, object: unknown, options: { timestamp?: number; secret?: string } = {}) {
    const body = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object },
      livemode: false,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? webhookSecret,
      timestamp: options.timestamp,
    });
    return { body, signature };
  }

  const peer = {
    url,
    secretKey,
    webhookSecret,
    paymentIntents: ledger.paymentIntents,
    customers: ledger.customers,
    attachments: ledger.attachments,
    refunds: ledger.refunds,
    /** While true, every API call answers 500 (with Stripe-Should-Retry: false). */
    outage: false,
    /** The browser's 3-D Secure step, as POST /_peer/payment_intents/:id/authenticate does it. */
    authenticate: ledger.authenticate,
    signedEvent,
    /** POSTs a signed event to a webhook endpoint, as Stripe does. */
    async deliver(target: string, type: string, object: unknown): Promise<{ status: number; body: string }> {
      const event = signedEvent(type, object);
      const reply = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.body,
      });
      return { status: reply.status, body: await reply.text() };
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return peer;
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
