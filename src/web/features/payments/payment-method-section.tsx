import type { RefObject } from 'react';
import type { PaymentConfig } from '../../../common/payments.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TestCardFields, type CardInput } from './card-fields.tsx';
import { StripeCardField, type StripeCardHandle } from './stripe-card-field.tsx';

/** Checkout's payment method: the card (the test provider's fields or Stripe's) with "save the card", or the online wallet. */
export function PaymentMethodSection({
  config,
  method,
  onMethodChange,
  card,
  onCardChange,
  cardErrors,
  saveCard,
  onSaveCardChange,
  stripeCard,
  locale,
}: {
  config: PaymentConfig;
  method: 'card' | 'wallet';
  onMethodChange: (method: 'card' | 'wallet') => void;
  card: CardInput;
  onCardChange: (card: CardInput) => void;
  cardErrors: Partial<Record<keyof CardInput, string>>;
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
  stripeCard: RefObject<StripeCardHandle | null>;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout-form__section">
      <legend>{t('payment.method.title')}</legend>
      <div className="checkout-form__methods" role="radiogroup" aria-label={t('payment.method.title')}>
        {(['card', 'wallet'] as const).map((option) => (
          <label key={option} className={`method-choice${method === option ? ' method-choice--chosen' : ''}`}>
            <input
              type="radio"
              name="method"
              value={option}
              checked={method === option}
              onChange={() => onMethodChange(option)}
              data-testid={`method-${option}`}
            />
            <span>{option === 'card' ? t('payment.method.card') : t(`payment.method.${config.wallet}`)}</span>
          </label>
        ))}
      </div>
      {method === 'card' ? (
        config.card.provider === 'test' ? (
          <>
            <TestCardFields value={card} onChange={onCardChange} errors={cardErrors} />
            <Checkbox checked={saveCard} onCheckedChange={onSaveCardChange} label={t('payment.card.save')} testId="save-card" />
          </>
        ) : (
          <>
            <StripeCardField ref={stripeCard} publishableKey={config.card.publishable_key} locale={locale} />
            <Checkbox checked={saveCard} onCheckedChange={onSaveCardChange} label={t('payment.card.save')} testId="save-card" />
          </>
        )
      ) : (
        <p className="checkout-form__hint">{t('payment.method.walletHint')}</p>
      )}
    </fieldset>
  );
}
