import Stripe from 'stripe';
import { isCardErrorCode, type CardErrorCode } from '../../../common/payment-values.ts';
import { Conflict, Invalid, NotFound, Unavailable } from '../../http/errors.ts';
import {
  CARD_ERROR_MESSAGES,
  CardRefused,
  WebhookSignatureError,
  type CardPayment,
  type CardProvider,
  type CardSummary,
} from './card-provider.ts';

/** Stripe's own default: a signature older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

function unavailable(cause: unknown): Unavailable {
  const error = new Unavailable({ code: 'card_provider_unavailable', message: 'The card provider does not answer; try again later' });
  error.cause = cause;
  return error;
}

/**
 * Stripe reports a refusal as `code` (card_declined, expired_card, incorrect_cvc...) and, for a bank's
 * refusal, a `decline_code` (card_declined with decline_code invalid_cvc, insufficient_funds...). The
 * spec's card errors (accounts §8) are most of Stripe's: the more precise decline_code wins when it is
 * one, then the code; anything else (insufficient_funds, authentication_required...) is card_declined.
 */
function cardErrorCode(error: { code?: string | null; decline_code?: string | null }): CardErrorCode {
  if (error.decline_code && isCardErrorCode(error.decline_code)) return error.decline_code;
  if (error.code && isCardErrorCode(error.code)) return error.code;
  return 'card_declined';
}

function failed(id: string | null, card: CardSummary | null, code: CardErrorCode): CardPayment {
  return { status: 'failed', id, card, error: { code, message: CARD_ERROR_MESSAGES[code] } };
}

function cardSummary(paymentMethod: string | Stripe.PaymentMethod | null | undefined): CardSummary | null {
  if (!paymentMethod || typeof paymentMethod === 'string' || !paymentMethod.card) return null;
  const { brand, last4, exp_month, exp_year } = paymentMethod.card;
  return { brand, last4, exp_month, exp_year };
}

/**
 * A PaymentIntent as one of our payments. A canceled one (by us, by Stripe or from the dashboard) was
 * not paid and not refused by the bank: it is failed with processing_error ("try again"). The card is
 * known when `payment_method` is expanded; a webhook's PaymentIntent carries only its id.
 */
function toPayment(intent: Stripe.PaymentIntent): CardPayment {
  const card = cardSummary(intent.payment_method);
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', id: intent.id, card };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', id: intent.id, card };
    case 'requires_action':
      if (!intent.client_secret) throw unavailable(new Error(`PaymentIntent ${intent.id} requires action but has no client secret`));
      return { status: 'requires_action', id: intent.id, clientSecret: intent.client_secret, card };
    case 'requires_payment_method':
      if (intent.last_payment_error) return failed(intent.id, card, cardErrorCode(intent.last_payment_error));
      return failed(intent.id, card, 'processing_error');
    default:
      return failed(intent.id, card, 'processing_error');
  }
}

/** Our clock and Stripe's may differ by this much: a payment is looked for from this long before its transaction. */
const CLOCK_SKEW_SECONDS = 600;

/** A charge with a key Stripe has seen with other parameters: another card, or a key voided after a crash. */
const keyReused = () =>
  new Conflict({ code: 'idempotency_key_reused', message: 'This purchase was started with other payment details; start a new one' });

const isCardError = (error: unknown): error is Stripe.errors.StripeCardError => error instanceof Stripe.errors.StripeCardError;
/** Stripe answers 400 idempotency_error to a key used with other parameters (409 while the first call still runs). */
const isKeyReused = (error: unknown) => error instanceof Stripe.errors.StripeIdempotencyError && error.statusCode === 400;
const isInvalidRequest = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Stripe.errors.StripeInvalidRequestError;

/** Stripe names the parameter at fault; a payment method it does not know came from the browser. */
function unknownPaymentMethod(error: unknown): Invalid | null {
  if (!isInvalidRequest(error) || error.param !== 'payment_method') return null;
  return new Invalid({ field: 'payment_method', message: 'The card provider does not know this payment method' });
}

function client(secretKey: string, apiUrl: string | undefined): Stripe {
  if (!apiUrl) return new Stripe(secretKey);
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol });
}

/**
 * Stripe as the card provider, through its official SDK and PaymentIntents (spec accounts §8-9).
 * `apiUrl` points the SDK at another host (a local peer in tests); unset, it talks to api.stripe.com.
 * Refused cards are answers, not throws; a Stripe that does not answer (network, 5xx, a key it
 * refuses) is a 503 `card_provider_unavailable`, with Stripe's error as the `cause`.
 */
export function stripeCardProvider(options: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  apiUrl: string | undefined;
}): CardProvider {
  const stripe = client(options.secretKey, options.apiUrl);

  return {
    name: 'stripe',
    browserConfig: { provider: 'stripe', publishable_key: options.publishableKey },

    async createCustomer({ email, name, userId }) {
      try {
        return (await stripe.customers.create({ email, name, metadata: { user_id: String(userId) } })).id;
      } catch (error) {
        throw unavailable(error);
      }
    },

    async charge(input) {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        payment_method: input.paymentMethod,
        // The payment method is the card form's; no redirect can follow a confirm-at-once payment.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        description: input.description,
        metadata: input.metadata,
        expand: ['payment_method'],
        ...(input.customer ? { customer: input.customer } : {}),
        ...(input.offSession ? { off_session: true } : input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      };
      try {
        return toPayment(await stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }));
      } catch (error) {
        // A 402: the PaymentIntent exists, refused; its payment method rides along on the error.
        if (isCardError(error)) return failed(error.payment_intent?.id ?? null, cardSummary(error.payment_method), cardErrorCode(error));
        if (isKeyReused(error)) throw keyReused();
        throw unknownPaymentMethod(error) ?? unavailable(error);
      }
    },

    /**
     * Listed rather than searched: Stripe's list is consistent, its search lags behind by up to a
     * minute. The void is a PaymentIntent created with the key and other parameters, then cancelled:
     * a charge still on its way with the key is refused by Stripe as a key used with other
     * parameters (Stripe keeps keys 24 hours; the list finds older payments).
     */
    async findOrVoid(input) {
      const made = async () => {
        const found: Stripe.PaymentIntent[] = [];
        const since = Math.floor(input.since.getTime() / 1000) - CLOCK_SKEW_SECONDS;
        for await (const intent of stripe.paymentIntents.list({ created: { gte: since }, limit: 100, expand: ['data.payment_method'] }))
          if (intent.metadata.transaction_id === input.metadata.transaction_id) found.push(intent);
        return found.find((intent) => intent.status === 'succeeded') ?? found[0];
      };
      try {
        const earlier = await made();
        if (earlier) return toPayment(earlier);
        let voided: Stripe.PaymentIntent;
        try {
          voided = await stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency.toLowerCase(),
              allowed_payment_method_types: ['card'],
              description: 'Voided: the purchase was interrupted before its payment',
              metadata: { ...input.metadata, voided: 'true' },
            },
            { idempotencyKey: input.idempotencyKey },
          );
        } catch (error) {
          if (!isKeyReused(error)) throw error;
          // The key was used, so its payment is there now; if it is not, we cannot tell yet.
          const late = await made();
          if (!late) throw new Error(`Stripe knows the key ${input.idempotencyKey} but lists no payment of it`, { cause: error });
          return toPayment(late);
        }
        await stripe.paymentIntents.cancel(voided.id, { cancellation_reason: 'abandoned' }).catch((error: unknown) => {
          // Cancelled already (by a reconciliation running at the same moment): that is the state we want.
          if (!isInvalidRequest(error)) throw error;
        });
        return null;
      } catch (error) {
        throw unavailable(error);
      }
    },

    async cancel(paymentId) {
      try {
        return toPayment(await stripe.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned', expand: ['payment_method'] }));
      } catch (error) {
        // Paid (or refused) meanwhile: Stripe cancels only a payment still open; it answers as it is.
        if (isInvalidRequest(error) && error.code === 'payment_intent_unexpected_state') {
          return toPayment(
            await stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }).catch((again: unknown) => {
              throw unavailable(again);
            }),
          );
        }
        throw unavailable(error);
      }
    },

    async retrieve(paymentId) {
      try {
        return toPayment(await stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }));
      } catch (error) {
        if (isInvalidRequest(error) && error.statusCode === 404) {
          throw new NotFound({ code: 'payment_not_found', message: 'The card provider has no such payment' });
        }
        throw unavailable(error);
      }
    },

    async attachCard(customer, paymentMethod) {
      let attached: Stripe.PaymentMethod;
      try {
        attached = await stripe.paymentMethods.attach(paymentMethod, { customer });
      } catch (error) {
        if (isCardError(error)) {
          const code = cardErrorCode(error);
          throw new CardRefused(code, CARD_ERROR_MESSAGES[code]);
        }
        throw unknownPaymentMethod(error) ?? unavailable(error);
      }
      const card = cardSummary(attached);
      if (!card) throw new Invalid({ field: 'payment_method', message: 'Only a card can be kept' });
      return card;
    },

    async detachCard(paymentMethod) {
      try {
        await stripe.paymentMethods.detach(paymentMethod);
      } catch (error) {
        if (!isInvalidRequest(error)) throw unavailable(error);
        // Stripe refuses to detach a card that is on no customer (or gone): that is the state we want.
        const current = await stripe.paymentMethods.retrieve(paymentMethod).catch((retrieveError: unknown) => {
          if (isInvalidRequest(retrieveError) && retrieveError.statusCode === 404) return null;
          throw unavailable(retrieveError);
        });
        if (current?.customer) throw unavailable(error);
      }
    },

    async refund({ paymentId, amountCents, idempotencyKey }) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents }, { idempotencyKey });
      } catch (error) {
        // Already refunded, more than was paid, not paid at all: Stripe's reason, as a conflict.
        if (isInvalidRequest(error)) throw new Conflict({ code: 'refund_refused', message: error.message });
        throw unavailable(error);
      }
      const status =
        refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { id: refund.id, status };
    },

    webhookEvent(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured (STRIPE_WEBHOOK_SECRET)');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'The webhook signature does not hold', { cause: error });
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.processing':
        case 'payment_intent.canceled':
          return { id: event.id, type: event.type, payment: toPayment(event.data.object) };
        default:
          return { id: event.id, type: event.type, payment: null };
      }
    },
  };
}
