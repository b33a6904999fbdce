import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import type { SavedCard } from '../../../common/payments.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { PAYMENT_KEYS, paymentsApi } from './api.ts';
import { EMPTY_CARD, parseExpiry, TestCardFields, type CardInput } from './card-fields.tsx';
import { cardErrorKey } from './purchase-outcome.ts';
import { cardBrandName } from './purchase-view.ts';
import './payments.css';
import './saved-cards.css';

type CardFieldErrors = Partial<Record<keyof CardInput, string>>;

/** "Visa •••• 4242": the same in every language, read left to right. */
const cardName = (card: SavedCard) => `${cardBrandName(card.brand)} •••• ${card.last4}`;
const expiry = (card: SavedCard) => `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/**
 * The saved cards of the billing settings page (spec: accounts §2 billing settings, §7
 * payment_methods, §8 "Payment method added", "Payment method updated"): the cards kept for renewals and later purchases, the
 * default one marked; a card is added through the provider's card form and removed after asking.
 * With Stripe the card form is Stripe.js, which only checkout loads: cards are added when paying.
 */
export function SavedCards() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const userId = useSignedInUserId();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  // Where focus goes once the card form or the dialog has gone: what opened it may be gone too.
  const focusNext = useRef<'heading' | 'add' | null>(null);
  const config = useQuery({ queryKey: PAYMENT_KEYS.config, queryFn: ({ signal }) => paymentsApi.config(signal), staleTime: Infinity });
  const cards = useQuery({
    queryKey: PAYMENT_KEYS.savedCards(userId),
    queryFn: ({ signal }) => paymentsApi.savedCards(signal),
    enabled: userId !== null,
  });
  const keep = (answer: { payment_methods: SavedCard[] }) => client.setQueryData(PAYMENT_KEYS.savedCards(userId), answer);

  const remove = useMutation({
    mutationFn: (card: SavedCard) => paymentsApi.removeCard(card.id),
    onSuccess: (answer) => {
      keep(answer);
      setRemoving(null);
      focusNext.current = 'heading';
      // The cards on file, and maybe the one renewals are charged to, changed (docs/decisions.md).
      notifications.notify({ type: 'success', children: t('alert.flash.payment_card_updated') });
    },
  });

  useEffect(() => {
    const target = focusNext.current;
    if (!target || adding || removing) return;
    focusNext.current = null;
    // On a timer: the dialog hands focus back on one when it closes, and must not take it after us.
    setTimeout(() => (target === 'add' ? actions.current?.querySelector('button') : heading.current)?.focus(), 0);
  });

  const list = cards.data?.payment_methods ?? [];
  const provider = config.data?.card.provider;

  return (
    <section className="saved-cards" aria-labelledby={titleId} data-testid="saved-cards">
      <h2 className="saved-cards__title" id={titleId} ref={heading} tabIndex={-1}>
        {t('savedCards.title')}
      </h2>
      <p className="saved-cards__lead">{t('savedCards.lead')}</p>

      {cards.isError ? (
        <FormErrors messages={[errorText(cards.error, translateIfExists)]} testId="saved-cards-failed" />
      ) : !cards.data ? (
        <p className="saved-cards__empty">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="saved-cards__empty" data-testid="saved-cards-empty">
          {t('savedCards.empty')}
        </p>
      ) : (
        <ul className="saved-cards__list">
          {list.map((card) => (
            <li key={card.id} className="saved-card" data-testid="saved-card">
              <div className="saved-card__about">
                <span className="saved-card__text">
                  <Trans
                    i18nKey="savedCards.card"
                    values={{ card: cardName(card), date: expiry(card) }}
                    components={{ card: <bdi dir="ltr" className="saved-card__number" />, date: <bdi dir="ltr" /> }}
                  />
                </span>
                {card.is_default ? (
                  <span className="saved-card__default" data-testid="saved-card-default">
                    {t('savedCards.default')}
                  </span>
                ) : null}
              </div>
              <Button
                variant="secondary"
                size="small"
                aria-label={t('savedCards.removeLabel', { card: cardName(card) })}
                onClick={() => {
                  remove.reset();
                  setRemoving(card);
                }}
                data-testid="saved-card-remove"
              >
                {t('savedCards.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {provider === 'stripe' ? (
        <p className="saved-cards__note" data-testid="saved-cards-stripe">
          {t('savedCards.stripe')}
        </p>
      ) : provider === 'test' && cards.data ? (
        adding ? (
          <AddCardForm
            onAdded={(answer) => {
              keep(answer);
              setAdding(false);
              focusNext.current = 'add';
              notifications.notify({ type: 'success', children: t('alert.flash.payment_card_update') });
            }}
            onCancel={() => {
              setAdding(false);
              focusNext.current = 'add';
            }}
          />
        ) : (
          <div className="saved-cards__actions" ref={actions}>
            <Button variant="secondary" onClick={() => setAdding(true)} data-testid="saved-cards-add">
              {t('savedCards.add')}
            </Button>
          </div>
        )
      ) : null}

      {removing ? (
        <RemoveCardDialog
          card={removing}
          others={list.length - 1}
          busy={remove.isPending}
          failure={remove.isError ? errorText(remove.error, translateIfExists) : null}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

/** The test provider's card form, inline: the card becomes a payment method, then is kept. */
function AddCardForm({ onAdded, onCancel }: { onAdded: (answer: { payment_methods: SavedCard[] }) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [fieldErrors, setFieldErrors] = useState<CardFieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  const add = useMutation({
    mutationFn: async (input: { number: string; exp_month: number; exp_year: number; cvc: string }) => {
      const method = await paymentsApi.testPaymentMethod(input).catch((error: unknown) => {
        throw new CardFormRefused(error);
      });
      return paymentsApi.addCard(method.id);
    },
    onSuccess: onAdded,
    onError: (failure) => {
      const refusedByForm = failure instanceof CardFormRefused;
      const error = refusedByForm ? failure.error : failure;
      if (!(error instanceof ApiError) || error.status !== 402) {
        setFormErrors([errorText(error, translateIfExists)]);
        return;
      }
      const code = error.codes[0] ?? '';
      // The card form's own checks belong to a field; a card the provider refuses, to the whole card.
      if (refusedByForm)
        setFieldErrors({ [code.includes('expiry') ? 'expiry' : code.includes('cvc') ? 'cvc' : 'number']: t(cardErrorKey(code)) });
      else setFormErrors([t(cardErrorKey(code))]);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormErrors([]);
    // The card form checks the number, expiry and CVC; here only what it needs to be asked at all.
    const date = parseExpiry(card.expiry);
    const required = validationText(t, 'validation.required');
    const missing: CardFieldErrors = {
      ...(card.number.trim() === '' ? { number: required } : {}),
      ...(card.expiry.trim() === '' ? { expiry: required } : date ? {} : { expiry: t('payment.cardErrors.invalid_expiry_month') }),
      ...(card.cvc === '' ? { cvc: required } : {}),
    };
    setFieldErrors(missing);
    if (!date || Object.keys(missing).length > 0) return;
    add.mutate({ number: card.number, exp_month: date.month, exp_year: date.year, cvc: card.cvc });
  }

  return (
    <form ref={form} className="form saved-cards__form" noValidate onSubmit={submit} data-testid="saved-cards-form">
      <TestCardFields value={card} onChange={setCard} errors={fieldErrors} />
      <FormErrors messages={formErrors} testId="saved-cards-error" />
      <div className="form__actions">
        <Button type="submit" loading={add.isPending} data-testid="saved-cards-save">
          {t('savedCards.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={add.isPending} data-testid="saved-cards-cancel">
          {t('savedCards.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The card form refused the number, expiry or CVC: shown on its field, unlike a card refused later. */
class CardFormRefused extends Error {
  constructor(readonly error: unknown) {
    super('card form refused');
  }
}

function RemoveCardDialog({
  card,
  others,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  card: SavedCard;
  others: number;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={t('savedCards.removeTitle')}
      size="small"
      testId="remove-card-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={onClose} data-testid="remove-card-keep">
            {t('savedCards.keep')}
          </Button>
          <Button variant="red" loading={busy} onClick={onConfirm} data-testid="remove-card-confirm">
            {t('savedCards.confirmRemove')}
          </Button>
        </>
      }
    >
      <p className="saved-cards__dialog-text">
        <Trans i18nKey="savedCards.removeText" values={{ card: cardName(card) }} components={{ card: <bdi dir="ltr" /> }} />
      </p>
      {card.is_default ? (
        <p className="saved-cards__dialog-text">{others > 0 ? t('savedCards.removeDefault') : t('savedCards.removeLast')}</p>
      ) : null}
      <FormErrors messages={failure ? [failure] : []} testId="remove-card-error" />
    </Dialog>
  );
}
