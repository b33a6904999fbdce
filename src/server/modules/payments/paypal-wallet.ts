import { z } from 'zod';
import { Conflict, NotFound, Unavailable } from '../../http/errors.ts';
import type { WalletOrder, WalletProvider } from './wallet-provider.ts';

const unavailable = () => new Unavailable({ code: 'wallet_unavailable', message: 'PayPal does not answer; try again later' });
const orderNotFound = (id: string) => new NotFound({ code: 'wallet_order_not_found', message: `PayPal has no order ${id}` });
const captureNotFound = (id: string) => new NotFound({ code: 'wallet_capture_not_found', message: `PayPal has no capture ${id}` });

/** PayPal's ids are short upper-case letters and digits; anything else is no id of theirs (and stays out of the path). */
const RESOURCE_ID = /^[A-Za-z0-9-]{1,64}$/;
/** PayPal's limit on a purchase unit's description. */
const DESCRIPTION_MAX = 127;
/** How long a call may take before PayPal counts as unavailable. */
const TIMEOUT_MS = 10_000;
/** A cached access token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_SECONDS = 60;

/**
 * Capture issues (HTTP 422) that say the order is not in a state to capture: not approved yet,
 * captured already (by an earlier call whose answer was lost), or voided or expired. The order as it
 * is answers them; its status tells the caller what happened.
 */
const ORDER_STATE_ISSUES = new Set(['ORDER_NOT_APPROVED', 'ORDER_ALREADY_CAPTURED', 'ORDER_COMPLETED_OR_VOIDED', 'ORDER_EXPIRED']);

const STATUS: Record<PaypalOrder['status'], WalletOrder['status']> = {
  CREATED: 'created',
  SAVED: 'created',
  PAYER_ACTION_REQUIRED: 'created',
  APPROVED: 'approved',
  COMPLETED: 'completed',
  VOIDED: 'voided',
};

const REFUND_STATUS = { COMPLETED: 'succeeded', PENDING: 'pending', FAILED: 'failed', CANCELLED: 'failed' } as const;

/** The parts of PayPal's answers we read (Orders v2, Payments v2, OAuth 2); other fields pass by. */
const orderSchema = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  payer: z.object({ email_address: z.string().optional() }).optional(),
  payment_source: z.object({ paypal: z.object({ email_address: z.string().optional() }).optional() }).optional(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() }).optional() }))
    .optional(),
});
type PaypalOrder = z.infer<typeof orderSchema>;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const refundSchema = z.object({ id: z.string(), status: z.enum(['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED']) });
const errorSchema = z.object({
  name: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});

type Answer = { status: number; body: unknown };

/** Integer cents as PayPal's decimal string: 9600 → '96.00' (both our currencies have two decimals). */
function paypalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount must be whole cents, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function issuesOf(body: unknown): string[] {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? (parsed.data.details ?? []).flatMap((detail) => (detail.issue ? [detail.issue] : [])) : [];
}

/** An answer we did not ask for (our request was wrong, or PayPal changed): an error for the log, not for the buyer. */
function refusal(what: string, answer: Answer): Error {
  const parsed = errorSchema.safeParse(answer.body);
  const name = parsed.success && parsed.data.name ? ` ${parsed.data.name}` : '';
  const issues = issuesOf(answer.body);
  const debugId = parsed.success && parsed.data.debug_id ? ` (debug_id ${parsed.data.debug_id})` : '';
  return new Error(`PayPal answered ${answer.status}${name} to ${what}${issues.length ? `: ${issues.join(', ')}` : ''}${debugId}`);
}

function walletOrder(order: PaypalOrder): WalletOrder {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  const declined = capture !== undefined && (capture.status === 'DECLINED' || capture.status === 'FAILED');
  const status = declined ? 'failed' : STATUS[order.status];
  return {
    id: order.id,
    status,
    approveUrl: order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href ?? null,
    captureId: status === 'completed' ? (capture?.id ?? null) : null,
    payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? null,
  };
}

/**
 * PayPal as the online wallet, over its REST API (Orders v2: create, the buyer approves at PayPal,
 * capture; Payments v2 for refunds) with plain fetch. An OAuth 2 access token is kept until shortly
 * before it expires; a 401 on a call fetches a new one and retries once. No answer, or a 5xx, is
 * Unavailable (`wallet_unavailable`); an order PayPal does not know is NotFound.
 *
 * Capturing an order the buyer has not approved answers the order as it is, status `created`
 * (PayPal's 422 ORDER_NOT_APPROVED), as the test wallet does: the caller decides.
 */
export function paypalWallet(options: { clientId: string; clientSecret: string; apiUrl: string; fetch?: typeof fetch }): WalletProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw unavailable();
    }
    if (response.status >= 500) throw unavailable();
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (answer.status === 401) throw new Error('PayPal refused the client id and secret (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET)');
    if (answer.status !== 200) throw refusal('POST /v1/oauth2/token', answer);
    const parsed = tokenSchema.safeParse(answer.body);
    if (!parsed.success) throw unavailable();
    const lifetime = parsed.data.expires_in;
    token = { value: parsed.data.access_token, renewAt: Date.now() + (lifetime - Math.min(TOKEN_MARGIN_SECONDS, lifetime / 2)) * 1000 };
    return token.value;
  }

  /** Concurrent calls without a token wait for one token request. */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  async function api(method: 'GET' | 'POST', path: string, extra: { body?: unknown; requestId?: string } = {}): Promise<Answer> {
    const attempt = (bearer: string) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (method === 'POST') headers['content-type'] = 'application/json';
      if (extra.requestId) headers['paypal-request-id'] = extra.requestId;
      return send(path, { method, headers, body: extra.body === undefined ? undefined : JSON.stringify(extra.body) });
    };
    const bearer = await accessToken();
    const first = await attempt(bearer);
    if (first.status !== 401) return first;
    // The token expired or was revoked before we expected: one new token, one retry.
    if (token?.value === bearer) token = null;
    const second = await attempt(await accessToken());
    if (second.status === 401) throw new Error(`PayPal refused a fresh access token on ${method} ${path}`);
    return second;
  }

  function answeredOrder(what: string, answer: Answer): WalletOrder {
    if (answer.status !== 200 && answer.status !== 201) throw refusal(what, answer);
    const parsed = orderSchema.safeParse(answer.body);
    if (!parsed.success) throw unavailable();
    return walletOrder(parsed.data);
  }

  function orderPath(id: string): string {
    if (!RESOURCE_ID.test(id)) throw orderNotFound(id);
    return `/v2/checkout/orders/${id}`;
  }

  async function getOrder(id: string): Promise<WalletOrder> {
    const path = orderPath(id);
    const answer = await api('GET', path);
    if (answer.status === 404) throw orderNotFound(id);
    return answeredOrder(`GET ${path}`, answer);
  }

  return {
    name: 'paypal',

    async createOrder(input) {
      const answer = await api('POST', '/v2/checkout/orders', {
        requestId: input.idempotencyKey,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.reference,
              description: input.description.slice(0, DESCRIPTION_MAX),
              amount: { currency_code: input.currency, value: paypalValue(input.amountCents) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
      });
      return answeredOrder('POST /v2/checkout/orders', answer);
    },

    getOrder,

    async captureOrder(id, idempotencyKey) {
      const path = `${orderPath(id)}/capture`;
      const answer = await api('POST', path, { requestId: idempotencyKey });
      if (answer.status === 404) throw orderNotFound(id);
      if (answer.status === 422) {
        const issues = issuesOf(answer.body);
        // The buyer's funding was refused; PayPal keeps the order approved so another source may be chosen.
        if (issues.includes('INSTRUMENT_DECLINED')) return { id, status: 'failed', approveUrl: null, captureId: null, payerEmail: null };
        if (issues.some((issue) => ORDER_STATE_ISSUES.has(issue))) return getOrder(id);
      }
      return answeredOrder(`POST ${path}`, answer);
    },

    async refund({ captureId, amountCents, currency, idempotencyKey }) {
      if (!RESOURCE_ID.test(captureId)) throw captureNotFound(captureId);
      const path = `/v2/payments/captures/${captureId}/refund`;
      const answer = await api('POST', path, {
        requestId: idempotencyKey,
        body: { amount: { currency_code: currency, value: paypalValue(amountCents) } },
      });
      if (answer.status === 404) throw captureNotFound(captureId);
      if (answer.status === 422) {
        const issues = issuesOf(answer.body);
        throw new Conflict({
          code: 'wallet_refund_refused',
          message: `PayPal refused the refund: ${issues.join(', ') || 'no reason given'}`,
        });
      }
      if (answer.status !== 200 && answer.status !== 201) throw refusal(`POST ${path}`, answer);
      const parsed = refundSchema.safeParse(answer.body);
      if (!parsed.success) throw unavailable();
      return { id: parsed.data.id, status: REFUND_STATUS[parsed.data.status] };
    },
  };
}
