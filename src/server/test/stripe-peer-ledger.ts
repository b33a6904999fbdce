import { randomUUID } from 'node:crypto';
import { AUTHENTICATION_REQUIRED, paymentMethodObject, STRIPE_PEER_CARDS } from './stripe-peer-cards.ts';
import { list, record, text, type Form } from './stripe-peer-form.ts';

/**
 * What the local Stripe peer knows and Stripe's rules for it (customers, cards on customers,
 * PaymentIntents, refunds), as Stripe's objects and error envelope; stripe-peer.ts speaks it over HTTP.
 */

type LastPaymentError = {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
  payment_method: ReturnType<typeof paymentMethodObject>;
};
export type StripePeerPaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  /** Null until one is given: a PaymentIntent may be made without one (and then cancelled). */
  payment_method: string | null;
  status: 'requires_confirmation' | 'requires_action' | 'requires_payment_method' | 'succeeded' | 'canceled';
  cancellation_reason: string | null;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: { type: string } } | null;
  setup_future_usage: string | null;
  payment_method_types: string[];
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
};
export type StripePeerRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
};

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
export const now = () => Math.floor(Date.now() / 1000);
export const ok = (body: unknown): Answer => ({ status: 200, body });
export const stripeError = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });
export const invalid = (message: string, extra: Record<string, unknown> = {}, status = 400) =>
  stripeError(status, { type: 'invalid_request_error', message, ...extra });
const noSuchPaymentMethod = (id: string) =>
  invalid(`No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' }, 404);

const update = (intent: StripePeerPaymentIntent, change: Partial<StripePeerPaymentIntent>) => Object.assign(intent, change);

export function createStripeLedger() {
  const paymentIntents = new Map<string, StripePeerPaymentIntent>();
  const customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Record<string, string> }
  >();
  /** Which customer each payment method is attached to. */
  const attachments = new Map<string, string>();
  const refunds = new Map<string, StripePeerRefund>();
  /** Ids are checked against STRIPE_PEER_CARDS where they come in. */
  function paymentMethod(id: string) {
    const card = STRIPE_PEER_CARDS[id];
    if (!card) throw new Error(`${id} is not one of the peer's cards`);
    return paymentMethodObject(id, card, attachments.get(id) ?? null);
  }
  const expanded = (intent: StripePeerPaymentIntent, expand: string[]) =>
    expand.includes('payment_method') && intent.payment_method
      ? { ...intent, payment_method: paymentMethod(intent.payment_method) }
      : intent;

  function succeed(intent: StripePeerPaymentIntent) {
    update(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: newId('ch'),
      next_action: null,
      last_payment_error: null,
    });
    if (intent.setup_future_usage && intent.customer && intent.payment_method) attachments.set(intent.payment_method, intent.customer);
  }

  function refuse(intent: StripePeerPaymentIntent, refusal: Omit<LastPaymentError, 'payment_method'>) {
    const error: LastPaymentError = { ...refusal, payment_method: paymentMethod(intent.payment_method ?? '') };
    update(intent, { status: 'requires_payment_method', last_payment_error: error, latest_charge: newId('ch'), next_action: null });
    return error;
  }

  /** The browser's 3-D Secure step (Stripe.js handleNextAction), which the server never sees. */
  function authenticate(id: string, result: 'succeed' | 'fail'): StripePeerPaymentIntent {
    const intent = paymentIntents.get(id);
    if (!intent || intent.status !== 'requires_action') throw new Error(`PaymentIntent ${id} is not waiting for authentication`);
    if (result === 'succeed') succeed(intent);
    // What Stripe records when the person fails (or abandons) 3-D Secure.
    else
      refuse(intent, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. Provide a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      });
    return intent;
  }

  function createPaymentIntent(form: Form): Answer {
    const pm = text(form.payment_method) ?? null;
    const confirm = text(form.confirm) === 'true';
    const card = pm === null ? null : STRIPE_PEER_CARDS[pm];
    if (pm !== null && !card) return invalid(`No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' });
    if (!card && confirm)
      return invalid('You cannot confirm this PaymentIntent because it’s missing a payment method.', {
        code: 'payment_intent_unexpected_state',
      });
    const amount = Number(text(form.amount));
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid integer', { code: 'parameter_invalid_integer', param: 'amount' });
    const currency = text(form.currency);
    if (!currency || currency !== currency.toLowerCase())
      return invalid('Invalid currency', { code: 'parameter_invalid', param: 'currency' });
    const customer = text(form.customer) ?? null;
    if (customer && !customers.has(customer))
      return invalid(`No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
    const owner = pm === null ? undefined : attachments.get(pm);
    const offSession = text(form.off_session) === 'true';
    if ((owner && owner !== customer) || (offSession && !owner)) {
      return invalid(
        `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`,
        { param: 'payment_method' },
      );
    }
    const id = newId('pi');
    const intent: StripePeerPaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer,
      payment_method: pm,
      status: card ? 'requires_confirmation' : 'requires_payment_method',
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      description: text(form.description) ?? null,
      metadata: record(form.metadata),
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      setup_future_usage: text(form.setup_future_usage) ?? null,
      payment_method_types: ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      livemode: false,
    };
    paymentIntents.set(id, intent);
    if (card && confirm) {
      const refusal = card.outcome === 'authenticate' && offSession ? AUTHENTICATION_REQUIRED : card.outcome;
      if (refusal === 'success') succeed(intent);
      else if (refusal === 'authenticate') {
        update(intent, {
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
        });
      } else {
        const error = refuse(intent, { type: 'card_error', ...refusal });
        return stripeError(402, { ...error, charge: intent.latest_charge, payment_intent: intent });
      }
    }
    return ok(expanded(intent, list(form.expand)));
  }

  function createRefund(form: Form): Answer {
    const intent = paymentIntents.get(text(form.payment_intent) ?? '');
    if (!intent)
      return invalid(`No such payment_intent: '${text(form.payment_intent)}'`, { code: 'resource_missing', param: 'payment_intent' });
    if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = text(form.amount) === undefined ? intent.amount - refunded : Number(text(form.amount));
    if (refunded >= intent.amount)
      return invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount - refunded) {
      return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund: StripePeerRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return ok({ ...refund, charge: intent.latest_charge, created: now(), metadata: {}, reason: null });
  }

  /** Newest first, as Stripe lists; `created[gte]` and `created[lte]`, `limit` and `starting_after` page it. */
  function listPaymentIntents(form: Form): Answer {
    const created = record(form.created);
    const inRange = (intent: StripePeerPaymentIntent) =>
      (created.gte === undefined || intent.created >= Number(created.gte)) &&
      (created.lte === undefined || intent.created <= Number(created.lte));
    const all = [...paymentIntents.values()].reverse().filter(inRange);
    const after = text(form.starting_after);
    const start = after === undefined ? 0 : all.findIndex((intent) => intent.id === after) + 1;
    if (start === 0 && after !== undefined) return invalid(`No such payment_intent: '${after}'`, { code: 'resource_missing' }, 404);
    const limit = Math.min(100, Math.max(1, Number(text(form.limit) ?? 10)));
    const expand = list(form.expand).flatMap((path) => (path.startsWith('data.') ? [path.slice('data.'.length)] : []));
    const data = all.slice(start, start + limit).map((intent) => expanded(intent, expand));
    return ok({ object: 'list', url: '/v1/payment_intents', has_more: start + limit < all.length, data });
  }

  const CANCELABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
  function cancelPaymentIntent(intent: StripePeerPaymentIntent, form: Form): Answer {
    if (!CANCELABLE.has(intent.status)) {
      return invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    update(intent, { status: 'canceled', cancellation_reason: text(form.cancellation_reason) ?? null, next_action: null });
    return ok(expanded(intent, list(form.expand)));
  }

  function route(method: string, path: string, form: Form): Answer {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer' as const,
        email: text(form.email) ?? null,
        name: text(form.name) ?? null,
        metadata: record(form.metadata),
      };
      customers.set(customer.id, customer);
      return ok({ ...customer, created: now(), livemode: false });
    }
    if ((match = path.match(/^\/v1\/payment_methods\/([^/]+)(?:\/(attach|detach))?$/))) {
      const [, id = '', action] = match;
      const card = STRIPE_PEER_CARDS[id];
      if (!card) return noSuchPaymentMethod(id);
      if (method === 'GET' && !action) return ok(paymentMethod(id));
      if (method === 'POST' && action === 'attach') {
        const customer = text(form.customer) ?? '';
        if (!customers.has(customer)) return invalid(`No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
        // Stripe checks the card with its bank on attach: a refusing card is not kept.
        const refusal = card.outcome === 'success' || card.outcome === 'authenticate' ? null : card.outcome;
        if (refusal) return stripeError(402, { type: 'card_error', ...refusal, payment_method: paymentMethod(id) });
        attachments.set(id, customer);
        return ok(paymentMethod(id));
      }
      if (method === 'POST' && action === 'detach') {
        if (!attachments.delete(id))
          return invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
        return ok(paymentMethod(id));
      }
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(form);
    if (method === 'GET' && path === '/v1/payment_intents') return listPaymentIntents(form);
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const intent = paymentIntents.get(match[1] ?? '');
      if (!intent) return invalid(`No such payment_intent: '${match[1]}'`, { code: 'resource_missing', param: 'intent' }, 404);
      return cancelPaymentIntent(intent, form);
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = paymentIntents.get(match[1] ?? '');
      if (!intent) return invalid(`No such payment_intent: '${match[1]}'`, { code: 'resource_missing', param: 'intent' }, 404);
      return ok(expanded(intent, list(form.expand)));
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    return invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  return { paymentIntents, customers, attachments, refunds, authenticate, route };
}

export type StripeLedger = ReturnType<typeof createStripeLedger>;
