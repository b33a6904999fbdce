import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cents,
  createOrderSchema,
  debugId,
  decimal,
  invalidRequest,
  oauthError,
  orderJson,
  paypalError,
  paypalId,
  refundJson,
  refundSchema,
  resourceNotFound,
  tokenJson,
  unprocessable,
  type JsonAnswer,
  type PeerBuyer,
  type PeerCapture,
  type PeerOrder,
  type PeerRefund,
} from './paypal-peer-json.ts';
import { checkoutPage, messagePage } from './paypal-peer-page.ts';

/**
 * A local peer speaking the part of PayPal's REST API the wallet adapter uses (OAuth 2 client
 * credentials, Orders v2 create/get/capture, Payments v2 refund) and the buyer's approval page, with
 * PayPal's answer and error shapes. State lives in memory for one test file.
 */

export type PaypalPeer = {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  orders: ReadonlyMap<string, PeerOrder>;
  captures: ReadonlyMap<string, PeerCapture>;
  refunds: ReadonlyMap<string, PeerRefund>;
  /** The buyer approves the order, as the Approve button does. */
  approve(id: string): void;
  /**
   * The next capture is refused: `instrument_declined` answers 422 INSTRUMENT_DECLINED (the order
   * stays approved); `capture_declined` completes the order with a DECLINED capture.
   */
  declineNextCapture(how?: 'instrument_declined' | 'capture_declined'): void;
  /** Every access token issued so far stops working (401 invalid_token). */
  expireTokens(): void;
  tokenRequests(): number;
};

/** The one buyer account that approves at the peer. */
export const PEER_BUYER: PeerBuyer = {
  payerId: 'QYR5Z8XDVJNXQ',
  email: 'sb-buyer@personal.example.com',
  givenName: 'John',
  surname: 'Doe',
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** Listens on a free port of 127.0.0.1, so parallel test workers each have their own peer. */
export async function startPaypalPeer(): Promise<PaypalPeer> {
  const clientId = `peer-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const orders = new Map<string, PeerOrder>();
  const captures = new Map<string, PeerCapture>();
  const refunds = new Map<string, PeerRefund>();
  const tokens = new Set<string>();
  /** PayPal-Request-Id → the answer given: a retried call gets the same answer and changes nothing. */
  const answered = new Map<string, JsonAnswer>();
  let tokenCount = 0;
  let nextDecline: 'instrument_declined' | 'capture_declined' | null = null;
  let url = '';
  const link = (href: string, rel: string, method = 'GET') => ({ href: `${url}${href}`, rel, method });
  const orderAnswer = (status: number, order: PeerOrder): JsonAnswer => ({
    status,
    body: orderJson(url, order, order.captureId ? captures.get(order.captureId) : undefined),
  });

  function approve(id: string) {
    const order = orders.get(id);
    if (!order) throw new Error(`the peer has no order ${id}`);
    if (order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.payer = PEER_BUYER;
    } else if (order.status !== 'APPROVED') {
      throw new Error(`order ${id} is ${order.status}: it can no longer be approved`);
    }
  }

  function createOrder(body: unknown): JsonAnswer {
    const parsed = createOrderSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return invalidRequest(`/${issue?.path.join('/') ?? ''}`, 'INVALID_PARAMETER_VALUE', issue?.message ?? 'Invalid request');
    }
    const unit = parsed.data.purchase_units[0]!;
    const context = parsed.data.payment_source.paypal.experience_context;
    if (cents(unit.amount.value) <= 0) return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
    const order: PeerOrder = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      referenceId: unit.reference_id,
      description: unit.description,
      amount: unit.amount,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      payer: null,
      captureId: null,
      createTime: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return orderAnswer(201, order);
  }

  function captureOrder(id: string): JsonAnswer {
    const order = orders.get(id);
    if (!order) return resourceNotFound('order_id', id);
    if (order.status === 'PAYER_ACTION_REQUIRED')
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (order.status === 'COMPLETED') {
      return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
    }
    const decline = nextDecline;
    nextDecline = null;
    if (decline === 'instrument_declined') {
      const answer = unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
      (answer.body as { links: unknown[] }).links.push(link(`/checkoutnow?token=${id}`, 'redirect'));
      return answer;
    }
    const capture: PeerCapture = {
      id: paypalId(),
      orderId: id,
      status: decline === 'capture_declined' ? 'DECLINED' : 'COMPLETED',
      amount: order.amount,
      refundedCents: 0,
    };
    captures.set(capture.id, capture);
    order.status = 'COMPLETED';
    order.captureId = capture.id;
    return orderAnswer(201, order);
  }

  function refundCapture(id: string, body: unknown): JsonAnswer {
    const capture = captures.get(id);
    if (!capture) return resourceNotFound('capture_id', id);
    const parsed = refundSchema.safeParse(body);
    if (!parsed.success) return invalidRequest('/amount', 'INVALID_PARAMETER_VALUE', parsed.error.issues[0]?.message ?? 'Invalid amount');
    if (capture.status === 'DECLINED')
      return unprocessable('CAPTURE_STATUS_NOT_VALID', 'Invalid capture status: the capture was declined.');
    if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const remaining = cents(capture.amount.value) - capture.refundedCents;
    const amount = parsed.data.amount ?? { currency_code: capture.amount.currency_code, value: decimal(remaining) };
    if (amount.currency_code !== capture.amount.currency_code) {
      return unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    }
    if (cents(amount.value) <= 0 || cents(amount.value) > remaining) {
      return unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    capture.refundedCents += cents(amount.value);
    capture.status = capture.refundedCents === cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const refund: PeerRefund = { id: paypalId(), captureId: id, amount };
    refunds.set(refund.id, refund);
    return { status: 201, body: refundJson(url, refund) };
  }

  function issueToken(request: IncomingMessage, body: string): JsonAnswer {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return oauthError(401, 'invalid_client', 'Client Authentication failed');
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    }
    tokenCount += 1;
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return { status: 200, body: tokenJson(token) };
  }

  function api(request: IncomingMessage, path: string, text: string): JsonAnswer {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return oauthError(401, 'invalid_token', 'Access Token not found in cache');
    let body: unknown = {};
    if (request.method === 'POST' && text !== '') {
      if (!String(request.headers['content-type']).startsWith('application/json')) {
        return paypalError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The server does not support the request payload media type.', {
          issue: 'UNSUPPORTED_MEDIA_TYPE',
          description: 'Only application/json is accepted.',
        });
      }
      try {
        body = JSON.parse(text);
      } catch {
        return invalidRequest('', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
    }
    const requestId = request.headers['paypal-request-id'];
    const key = request.method === 'POST' && typeof requestId === 'string' ? `${path} ${requestId}` : null;
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) return earlier;
    const answer = route(request.method ?? 'GET', path, body);
    if (key) answered.set(key, answer);
    return answer;
  }

  function route(method: string, path: string, body: unknown): JsonAnswer {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body);
    if (method === 'GET' && (match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path))) {
      const order = orders.get(match[1]!);
      return order ? orderAnswer(200, order) : resourceNotFound('order_id', match[1]!);
    }
    if (method === 'POST' && (match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path))) return captureOrder(match[1]!);
    if (method === 'POST' && (match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) return refundCapture(match[1]!, body);
    return paypalError(404, 'NOT_FOUND', 'The specified resource does not exist.', {
      issue: 'NOT_FOUND',
      description: `${method} ${path}`,
    });
  }

  function html(response: ServerResponse, status: number, page: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  }

  function checkout(request: IncomingMessage, response: ServerResponse, query: URLSearchParams, form: URLSearchParams) {
    const id = (request.method === 'POST' ? form.get('token') : query.get('token')) ?? '';
    const order = orders.get(id);
    if (!order) return html(response, 404, messagePage('Order not found', 'This payment link is not valid or has expired.'));
    if (request.method === 'GET') {
      if (order.status === 'PAYER_ACTION_REQUIRED') {
        const { currency_code: currency, value } = order.amount;
        return html(response, 200, checkoutPage({ id, description: order.description, currency, value, payerEmail: PEER_BUYER.email }));
      }
      return html(response, 200, messagePage('Nothing to approve', `This order is ${order.status.toLowerCase()}.`, order.returnUrl));
    }
    const action = form.get('action');
    if (action === 'cancel') {
      // PayPal leaves the order as it was; the merchant learns of the cancel from the redirect only.
      return response.writeHead(303, { location: withQuery(order.cancelUrl, { token: id }) }).end();
    }
    if (action !== 'approve') return html(response, 400, messagePage('Bad request', 'Choose Approve or Cancel.'));
    if (order.status === 'COMPLETED')
      return html(response, 409, messagePage('Already paid', 'This order was paid already.', order.returnUrl));
    approve(id);
    return response.writeHead(303, { location: withQuery(order.returnUrl, { token: id, PayerID: PEER_BUYER.payerId }) }).end();
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const target = new URL(request.url ?? '/', 'http://peer');
    const text = await readBody(request);
    if (target.pathname === '/checkoutnow' && (request.method === 'GET' || request.method === 'POST')) {
      return checkout(request, response, target.searchParams, new URLSearchParams(text));
    }
    const answer =
      request.method === 'POST' && target.pathname === '/v1/oauth2/token' ? issueToken(request, text) : api(request, target.pathname, text);
    response
      .writeHead(answer.status, { 'content-type': 'application/json', 'paypal-debug-id': debugId() })
      .end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A fault in the peer itself: a 500 the adapter reports as unavailable, and the cause on the console.
      console.error('paypal peer:', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: debugId() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    orders,
    captures,
    refunds,
    approve,
    declineNextCapture: (how = 'instrument_declined') => {
      nextDecline = how;
    },
    expireTokens: () => tokens.clear(),
    tokenRequests: () => tokenCount,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
