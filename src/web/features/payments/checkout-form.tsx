import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link, useNavigate, useParams } from 'react-router';
import type { ContentKind } from '../../../common/agreement-values.ts';
import type { InitiateBody, PaymentConfig } from '../../../common/payments.ts';
import { subscriptionSchema } from '../../../common/payments.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { itemText, validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { CURRENT_USER_KEY } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, SelectField, TextField } from '../../ui/field.tsx';
import { paymentsApi, type PurchaseResult } from './api.ts';
import { EMPTY_CARD, parseExpiry, type CardInput } from './card-fields.tsx';
import { CardDeclined } from './card-declined.tsx';
import { PaymentMethodSection } from './payment-method-section.tsx';
import { BankStepDialog, PaymentsPaused, WaitOverlay } from './payment-dialogs.tsx';
import type { StripeCardHandle } from './stripe-card-field.tsx';
import { cardErrorKey, outcomeOf, outcomeOfFailure, type Outcome, type Rejections } from './purchase-outcome.ts';

export type Product =
  | { type: 'pass'; planId: string }
  | { type: 'video'; videoProjectId: number; title: string; slug: string; image?: string }
  | { type: 'top_up'; agreementId: number; kind: ContentKind; quantity: number };

/**
 * The billing information before a payment: ready; not (its form shows why, at the field); or just
 * saved with a new total, which the buyer sees before paying it.
 */
export type BillingStep = { kind: 'ready' } | { kind: 'invalid' } | { kind: 'repriced'; total: string };

/** How many top-up items the page offers at once. */
export const TOP_UP_CHOICES = [1, 2, 3, 5, 10, 20] as const;

type Confirmations = { withdrawal: boolean; terms: boolean; licence_values: boolean };
const CONFIRMATIONS = ['withdrawal', 'terms', 'licence_values'] as const;

/** A purchase's idempotency key: one per attempt, so a retried request is the same purchase. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The checkout form (spec §2 payment screens, §5 confirmations): the licensed platforms for a pass,
 * the card or the online wallet, the three confirmations; then the "Please wait..." overlay, the
 * bank's extra step, the card-declined view with the rejection dialog, or the processing page.
 */
export function CheckoutForm({
  product,
  config,
  billing,
  onQuantityChange,
}: {
  product: Product;
  config: PaymentConfig;
  /** The billing form above: `check` shows its errors, `prepare` saves it when open. */
  billing: { check: () => Promise<boolean>; prepare: () => Promise<BillingStep> };
  onQuantityChange?: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [key, setKey] = useState(newKey);
  const [method, setMethod] = useState<'card' | 'wallet'>('card');
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof CardInput, string>>>({});
  const [saveCard, setSaveCard] = useState(product.type === 'pass');
  const [licence, setLicence] = useState({ project_name: '', url_1: '', url_2: '' });
  const [licenceErrors, setLicenceErrors] = useState<Partial<Record<keyof typeof licence, string>>>({});
  const [confirmed, setConfirmed] = useState<Confirmations>({ withdrawal: false, terms: false, licence_values: false });
  const [confirmationsMissing, setConfirmationsMissing] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** The new total after "Pay" saved the billing form and the price changed with it. */
  const [repriced, setRepriced] = useState<string | null>(null);
  const [bankStep, setBankStep] = useState<PurchaseResult | null>(null);
  const [declined, setDeclined] = useState<Extract<Outcome, { kind: 'declined' }> | null>(null);
  const [rejections, setRejections] = useState<Rejections | null>(null);
  /** When payments are paused after too many declined cards (the server's 403), until when. */
  const [pausedUntil, setPausedUntil] = useState<string | null>(null);
  const stripeCard = useRef<StripeCardHandle>(null);

  const back =
    product.type === 'video'
      ? `/${locale}${LINKS.video(product.slug)}`
      : product.type === 'top_up'
        ? `/${locale}${LINKS.planDetails}`
        : `/${locale}${LINKS.plans}`;

  function follow(outcome: Outcome) {
    switch (outcome.kind) {
      case 'paid':
      case 'waiting':
        void navigate(`/${locale}/payment-processing?transaction_id=${outcome.result.transaction_id}`);
        return;
      case 'bank_step':
        if (config.card.provider === 'stripe') void stripeBankStep(outcome.result);
        else setBankStep(outcome.result);
        return;
      case 'wallet':
        window.location.assign(outcome.approveUrl);
        return;
      case 'declined':
        setBankStep(null);
        setDeclined(outcome);
        setRejections(outcome.rejections);
        // Spec §4 keeps the count in a cookie: here it only mirrors the server's figure (strictly
        // necessary, for the payment itself; it decides nothing).
        if (outcome.rejections) writeCookie('card_rejections', String(outcome.rejections.count), 1);
        return;
      case 'banned':
        // Refused before any card was tried: not a declined card, but the pause and when it ends.
        setBankStep(null);
        setPausedUntil(outcome.bannedUntil);
        return;
    }
  }

  function failed(error: unknown) {
    const outcome = outcomeOfFailure(error);
    if (outcome) follow(outcome);
    else setFormErrors([errorText(error, translateIfExists)]);
  }

  /** Stripe's card field's payment method; its refusal is the form's error. */
  async function stripePaymentMethod(): Promise<string | null> {
    const made = await stripeCard.current?.createPaymentMethod();
    if (made && 'id' in made) return made.id;
    setFormErrors([t(cardErrorKey(made?.error ?? 'processing_error'))]);
    return null;
  }

  /** Stripe.js runs the bank's step in its own frame; then the server asks Stripe how it ended. */
  async function stripeBankStep(result: PurchaseResult) {
    if (!result.client_secret || !result.payment_intent_id) return;
    setBusy(true);
    try {
      await stripeCard.current?.handleNextAction(result.client_secret);
      follow(outcomeOf(await paymentsApi.confirm({ payment_intent_id: result.payment_intent_id })));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  /** The card form's payment method; a number, expiry or CVC that is not one stays on its field. */
  async function paymentMethod(): Promise<string | null> {
    const expiry = parseExpiry(card.expiry);
    const errors: typeof cardErrors = {};
    if (card.number.replace(/\D/g, '').length < 12) errors.number = t('payment.cardErrors.invalid_number');
    if (!expiry) errors.expiry = t('payment.cardErrors.invalid_expiry_month');
    if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = t('payment.cardErrors.invalid_cvc');
    setCardErrors(errors);
    if (!expiry || Object.keys(errors).length > 0) return null;
    try {
      const made = await paymentsApi.testPaymentMethod({
        number: card.number,
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: card.cvc,
      });
      return made.id;
    } catch (error) {
      const code = error instanceof ApiError ? (error.codes[0] ?? '') : '';
      const field: keyof CardInput = code.includes('expiry') ? 'expiry' : code.includes('cvc') ? 'cvc' : 'number';
      if (error instanceof ApiError && error.status === 402) setCardErrors({ [field]: t(cardErrorKey(code)) });
      else setFormErrors([errorText(error, translateIfExists)]);
      return null;
    }
  }

  function checkForm(): boolean {
    let ok = true;
    if (product.type === 'pass') {
      const parsed = subscriptionSchema.safeParse({ plan_id: product.planId, ...licence });
      const errors: typeof licenceErrors = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as keyof typeof licence;
          errors[field] ??= validationText(t, issue.message);
        }
      setLicenceErrors(errors);
      ok = parsed.success;
    }
    const allConfirmed = CONFIRMATIONS.every((name) => confirmed[name]);
    setConfirmationsMissing(!allConfirmed);
    return ok && allConfirmed;
  }

  async function pay() {
    setFormErrors([]);
    setRepriced(null);
    const formReady = checkForm();
    // The billing form sits above: its first wrong field takes the focus.
    if (!(await billing.check()) || !formReady) return;
    setBusy(true);
    try {
      const step = await billing.prepare();
      if (step.kind === 'invalid') return;
      if (step.kind === 'repriced') {
        setRepriced(step.total);
        return;
      }
      const methodId = method !== 'card' ? null : config.card.provider === 'stripe' ? await stripePaymentMethod() : await paymentMethod();
      if (method === 'card' && !methodId) return;
      const body: InitiateBody = {
        product:
          product.type === 'pass'
            ? { type: 'pass', subscription: { plan_id: product.planId, ...licence } }
            : product.type === 'top_up'
              ? { type: 'top_up', agreement_id: product.agreementId, kind: product.kind, quantity: product.quantity }
              : { type: 'video', video_project_id: product.videoProjectId },
        provider: method,
        ...(methodId ? { payment_method: methodId, save_card: saveCard } : { save_card: false }),
        idempotency_key: key,
        confirmations: { withdrawal: true, terms: true, licence_values: true },
      };
      follow(outcomeOf(await paymentsApi.initiate(body)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setFormErrors(error.errors.map((item) => itemText(item)));
      else failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function answerBank(result: 'succeed' | 'fail') {
    if (!bankStep?.payment_intent_id) return;
    setBusy(true);
    try {
      follow(outcomeOf(await paymentsApi.testAuthentication(bankStep.payment_intent_id, result)));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setBankStep(null);
    }
  }

  function tryAgain() {
    setDeclined(null);
    setKey(newKey());
    setCard(EMPTY_CARD);
  }

  function closeRejections() {
    const banned = rejections?.bannedUntil !== null && rejections?.bannedUntil !== undefined;
    setRejections(null);
    // At the ban the server has signed the user out: reloading the user takes them to sign-in.
    if (banned) void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }

  if (pausedUntil) return <PaymentsPaused until={pausedUntil} back={back} />;

  if (declined)
    return <CardDeclined code={declined.code} rejections={rejections} back={back} onTryAgain={tryAgain} onClose={closeRejections} />;

  const licenceField = (name: keyof typeof licence, label: string, required: boolean) => (
    <TextField
      label={label}
      required={required}
      dir={name === 'project_name' ? undefined : 'ltr'}
      value={licence[name]}
      error={licenceErrors[name]}
      onChange={(event) => setLicence({ ...licence, [name]: event.target.value })}
      data-testid={`licence-${name}`}
    />
  );

  return (
    <form
      className="form checkout-form"
      noValidate
      data-testid="checkout-form"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      {product.type === 'pass' ? (
        <fieldset className="checkout-form__section">
          <legend>{t('payment.licence.title')}</legend>
          <p className="checkout-form__hint">{t('payment.licence.hint')}</p>
          {licenceField('project_name', t('payment.licence.projectName'), true)}
          <div className="form__row">
            {licenceField('url_1', t('payment.licence.url1'), true)}
            {licenceField('url_2', t('payment.licence.url2'), false)}
          </div>
        </fieldset>
      ) : null}

      {product.type === 'top_up' ? (
        <fieldset className="checkout-form__section">
          <legend>{t('payment.topUp.title')}</legend>
          <SelectField
            label={t('payment.topUp.quantity')}
            value={String(product.quantity)}
            options={TOP_UP_CHOICES.map((count) => ({ value: String(count), label: String(count) }))}
            onChange={(event) => onQuantityChange?.(Number(event.target.value))}
            data-testid="top-up-quantity"
          />
        </fieldset>
      ) : null}

      <PaymentMethodSection
        config={config}
        method={method}
        onMethodChange={setMethod}
        card={card}
        onCardChange={setCard}
        cardErrors={cardErrors}
        saveCard={saveCard}
        onSaveCardChange={setSaveCard}
        stripeCard={stripeCard}
        locale={locale}
      />

      <fieldset className="checkout-form__section">
        <legend>{t('payment.confirmations.title')}</legend>
        {CONFIRMATIONS.map((name) => (
          <Checkbox
            key={name}
            checked={confirmed[name]}
            onCheckedChange={(checked) => setConfirmed({ ...confirmed, [name]: checked })}
            testId={`confirm-${name}`}
            label={
              name === 'terms' ? (
                <Trans
                  i18nKey="payment.confirmations.terms"
                  components={{ terms: <Link to={`/${locale}${LINKS.termsOfService}`} target="_blank" /> }}
                />
              ) : (
                t(`payment.confirmations.${name}`)
              )
            }
          />
        ))}
        {confirmationsMissing ? (
          <p className="field__error" role="alert" data-testid="confirmations-missing">
            {t('payment.confirmations.missing')}
          </p>
        ) : null}
      </fieldset>

      <FormErrors messages={formErrors} />
      {repriced ? (
        <p className="checkout-form__repriced" role="status" data-testid="checkout-repriced">
          {t('payment.billing.repriced', { total: repriced })}
        </p>
      ) : null}
      <div className="form__actions">
        <Button type="submit" loading={busy} data-testid="pay">
          {method === 'card' ? t('payment.pay') : t('payment.payWithWallet', { wallet: t(`payment.method.${config.wallet}`) })}
        </Button>
        <Link to={back}>{t('payment.cancel')}</Link>
      </div>
      <WaitOverlay open={busy && !bankStep} />
      <BankStepDialog open={bankStep !== null} busy={busy} onAnswer={(result) => void answerBank(result)} />
    </form>
  );
}
