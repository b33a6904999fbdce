import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';

/**
 * The part of Stripe.js (https://js.stripe.com/v3) the payment page uses: a card element, a
 * payment method from it, and the bank's extra step for a payment that asks for it.
 */
type StripeError = { code?: string; decline_code?: string; message?: string };
type CardElement = {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { error?: StripeError }) => void): void;
};
type StripeJs = {
  elements(options: { locale: string }): { create(type: 'card', options: { hidePostalCode: boolean }): CardElement };
  createPaymentMethod(options: { type: 'card'; card: CardElement }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3';
let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

/** Loads Stripe.js once per page (Stripe asks that it be loaded from its own origin, never bundled). */
function loadStripe(): Promise<NonNullable<Window['Stripe']>> {
  loading ??= new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export type StripeCardHandle = {
  /** A payment method of the card entered, or the card error's code. */
  createPaymentMethod(): Promise<{ id: string } | { error: string }>;
  /** Runs the bank's extra step; answers whether the buyer got through it. */
  handleNextAction(clientSecret: string): Promise<boolean>;
};

/** The card field of Stripe's own form (spec §2: the active provider's card form). */
export const StripeCardField = forwardRef<StripeCardHandle, { publishableKey: string; locale: string }>(function StripeCardField(
  { publishableKey, locale },
  ref,
) {
  const { t } = useTranslation();
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<StripeJs | null>(null);
  const card = useRef<CardElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    loadStripe()
      .then((Stripe) => {
        if (gone || !mountPoint.current) return;
        stripe.current = Stripe(publishableKey);
        card.current = stripe.current.elements({ locale }).create('card', { hidePostalCode: true });
        card.current.on('change', (event) => setError(event.error?.message ?? null));
        card.current.mount(mountPoint.current);
        setState('ready');
      })
      .catch(() => setState('unavailable'));
    return () => {
      gone = true;
      card.current?.destroy();
      card.current = null;
    };
  }, [publishableKey, locale]);

  useImperativeHandle(ref, () => ({
    async createPaymentMethod() {
      if (!stripe.current || !card.current) return { error: 'processing_error' };
      const made = await stripe.current.createPaymentMethod({ type: 'card', card: card.current });
      if (made.paymentMethod) return { id: made.paymentMethod.id };
      return { error: made.error?.decline_code ?? made.error?.code ?? 'card_declined' };
    },
    async handleNextAction(clientSecret) {
      if (!stripe.current) return false;
      const done = await stripe.current.handleNextAction({ clientSecret });
      return !done.error;
    },
  }));

  return (
    <div className="stripe-card" data-testid="stripe-card">
      <div className="stripe-card__field" ref={mountPoint} />
      {state === 'loading' ? <p className="checkout-form__hint">{t('common.loading')}</p> : null}
      {state === 'unavailable' ? (
        <p className="field__error" role="alert">
          {t('payment.card.unavailable')}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
