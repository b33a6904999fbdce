import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { TEST_CARDS } from '../../../common/payment-values.ts';
import { TextField } from '../../ui/field.tsx';

export type CardInput = { number: string; expiry: string; cvc: string };
export const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };

/** "12/30" or "12 / 2030" as month and full year; null when it is not one. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/** Groups of four digits as the number is typed. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The built-in test provider's card form (number, expiry, CVC), with its test cards listed: the
 * demo takes only those (README "Test cards"). Card digits read left to right in every language.
 */
export function TestCardFields({
  value,
  onChange,
  errors,
}: {
  value: CardInput;
  onChange: (next: CardInput) => void;
  errors: Partial<Record<keyof CardInput, string>>;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [showCards, setShowCards] = useState(false);
  return (
    <div className="card-fields" data-testid="card-fields">
      <TextField
        label={t('payment.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        placeholder="4242 4242 4242 4242"
        required
        value={value.number}
        error={errors.number}
        onChange={(event) => onChange({ ...value, number: formatCardNumber(event.target.value) })}
        data-testid="card-number"
      />
      <div className="form__row card-fields__row">
        <TextField
          label={t('payment.card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          dir="ltr"
          placeholder={t('payment.card.expiryPlaceholder')}
          required
          value={value.expiry}
          error={errors.expiry}
          onChange={(event) => onChange({ ...value, expiry: event.target.value.slice(0, 7) })}
          data-testid="card-expiry"
        />
        <TextField
          label={t('payment.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          dir="ltr"
          placeholder="123"
          required
          value={value.cvc}
          error={errors.cvc}
          onChange={(event) => onChange({ ...value, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })}
          data-testid="card-cvc"
        />
      </div>
      <div className="test-cards">
        <p className="test-cards__note">{t('payment.testCards.note')}</p>
        <button
          type="button"
          className="test-cards__toggle"
          aria-expanded={showCards}
          aria-controls={listId}
          onClick={() => setShowCards(!showCards)}
          data-testid="test-cards-toggle"
        >
          {showCards ? t('payment.testCards.hide') : t('payment.testCards.show')}
        </button>
        {showCards ? (
          <table className="test-cards__table" id={listId} data-testid="test-cards">
            <thead>
              <tr>
                <th scope="col">{t('payment.testCards.number')}</th>
                <th scope="col">{t('payment.testCards.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {TEST_CARDS.map((card) => (
                <tr key={card.number}>
                  <td dir="ltr" className="test-cards__number">
                    <button
                      type="button"
                      className="test-cards__use"
                      onClick={() => onChange({ number: formatCardNumber(card.number), expiry: '12/34', cvc: '123' })}
                    >
                      {formatCardNumber(card.number)}
                    </button>
                  </td>
                  <td>{t(`payment.testCards.outcomes.${card.outcome}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
