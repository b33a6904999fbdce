import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';

/**
 * PayPal's JSON as the local peer (paypal-peer.ts) reads and writes it: the request bodies it checks,
 * its orders, captures and error bodies, shaped as in PayPal's Orders v2 and Payments v2 reference.
 */

export type PeerBuyer = { payerId: string; email: string; givenName: string; surname: string };

export type PeerOrder = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  referenceId: string;
  description: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  cancelUrl: string;
  payer: PeerBuyer | null;
  captureId: string | null;
  createTime: string;
};

export type PeerCapture = {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: { currency_code: string; value: string };
  refundedCents: number;
};

export type PeerRefund = { id: string; captureId: string; amount: { currency_code: string; value: string } };

export type JsonAnswer = { status: number; body: unknown };

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal's ids look like 5O190127TN364715T: 17 upper-case letters and digits. */
export const paypalId = () => Array.from({ length: 17 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

export function paypalError(status: number, name: string, message: string, detail: Record<string, string>): JsonAnswer {
  const links = [
    { href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${detail.issue}`, rel: 'information_link', method: 'GET' },
  ];
  return { status, body: { name, message, debug_id: debugId(), details: [detail], links } };
}
export const unprocessable = (issue: string, description: string) =>
  paypalError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    {
      issue,
      description,
    },
  );
export const invalidRequest = (field: string, issue: string, description: string) =>
  paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', {
    field,
    location: 'body',
    issue,
    description,
  });
export const resourceNotFound = (field: string, value: string) =>
  paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', {
    field,
    value,
    location: 'path',
    issue: 'INVALID_RESOURCE_ID',
    description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  });

const moneySchema = z.object({ currency_code: z.enum(['EUR', 'RUB', 'USD', 'GBP']), value: z.string().regex(/^\d{1,10}(\.\d{2})?$/) });
export const createOrderSchema = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(z.object({ reference_id: z.string().min(1).max(256), description: z.string().min(1).max(127), amount: moneySchema }))
    .length(1),
  payment_source: z.object({
    paypal: z.object({
      experience_context: z.object({
        return_url: z.url(),
        cancel_url: z.url(),
        user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
        shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
      }),
    }),
  }),
});
export const refundSchema = z.object({ amount: moneySchema.optional() });

export const cents = (value: string) => Math.round(Number(value) * 100);
export const decimal = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

const linkAt =
  (base: string) =>
  (href: string, rel: string, method = 'GET') => ({ href: `${base}${href}`, rel, method });

export function captureJson(base: string, capture: PeerCapture) {
  const link = linkAt(base);
  return {
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    links: [
      link(`/v2/payments/captures/${capture.id}`, 'self'),
      link(`/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
      link(`/v2/checkout/orders/${capture.orderId}`, 'up'),
    ],
  };
}

export function orderJson(base: string, order: PeerOrder, capture: PeerCapture | undefined) {
  const link = linkAt(base);
  const payer = order.payer;
  const links = [link(`/v2/checkout/orders/${order.id}`, 'self')];
  if (order.status === 'PAYER_ACTION_REQUIRED') links.push(link(`/checkoutnow?token=${order.id}`, 'payer-action'));
  if (order.status === 'APPROVED') links.push(link(`/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST'));
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    payment_source: {
      paypal: payer
        ? {
            email_address: payer.email,
            account_id: payer.payerId,
            account_status: 'VERIFIED',
            name: { given_name: payer.givenName, surname: payer.surname },
          }
        : {},
    },
    purchase_units: [
      {
        reference_id: order.referenceId,
        description: order.description,
        amount: order.amount,
        payee: { merchant_id: 'PEERMERCHANT1', email_address: 'merchant@business.example.com' },
        ...(capture ? { payments: { captures: [captureJson(base, capture)] } } : {}),
      },
    ],
    ...(payer
      ? { payer: { name: { given_name: payer.givenName, surname: payer.surname }, email_address: payer.email, payer_id: payer.payerId } }
      : {}),
    create_time: order.createTime,
    links,
  };
}

export function refundJson(base: string, refund: PeerRefund) {
  const link = linkAt(base);
  return {
    id: refund.id,
    status: 'COMPLETED',
    amount: refund.amount,
    links: [link(`/v2/payments/refunds/${refund.id}`, 'self'), link(`/v2/payments/captures/${refund.captureId}`, 'up')],
  };
}

/** The OAuth 2 token answer; the peer's tokens never expire by time, only by `expireTokens()`. */
export function tokenJson(token: string) {
  return {
    scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
    access_token: token,
    token_type: 'Bearer',
    app_id: 'APP-80W284485P519543T',
    expires_in: 32400,
    nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
  };
}

/** OAuth 2 errors (the token call, and a bearer token PayPal does not take) have their own shape. */
export const oauthError = (status: number, error: string, description: string): JsonAnswer => ({
  status,
  body: { error, error_description: description },
});
