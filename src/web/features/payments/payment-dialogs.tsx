import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { CARD_REJECTION_LIMIT } from '../../../common/payment-values.ts';
import { Link, useParams } from 'react-router';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { minutesLeft, type Rejections } from './purchase-outcome.ts';

/** Spec §2: the full-screen "Please wait..." overlay while a purchase is pending. */
export function WaitOverlay({ open }: { open: boolean }) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <div
      className="wait-overlay"
      role="alertdialog"
      aria-modal="true"
      aria-live="assertive"
      aria-label={t('payment.wait')}
      data-testid="wait-overlay"
    >
      <span className="wait-overlay__spinner" aria-hidden />
      <p className="wait-overlay__text">{t('payment.wait')}</p>
    </div>
  );
}

/**
 * Spec §4 and §8: the card-rejection warning: how many cards were declined and how many tries are
 * left out of 5; at 5 the ban message, after which the user is signed out.
 */
export function RejectionDialog({ rejections, onClose }: { rejections: Rejections | null; onClose: () => void }) {
  const { t } = useTranslation();
  // When the dialog opened: the ban's counter is read against it.
  const [openedAt] = useState(() => Date.now());
  if (!rejections) return null;
  const banned = rejections.bannedUntil !== null || rejections.count >= CARD_REJECTION_LIMIT;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('payment.rejections.title')}
      size="small"
      testId="rejection-dialog"
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <p data-testid="rejection-count">{t('payment.rejections.count', { count: rejections.count })}</p>
      {banned ? (
        <p className="rejection-dialog__banned" role="alert" data-testid="rejection-banned">
          {t('payment.rejections.banned', { minutes: minutesLeft(rejections.bannedUntil ?? '', openedAt) })}
        </p>
      ) : (
        <p data-testid="rejection-remaining">
          {t('payment.rejections.remaining', { remaining: rejections.remaining, limit: CARD_REJECTION_LIMIT })}
        </p>
      )}
    </Dialog>
  );
}

/**
 * Payments paused (spec §4, §9: 20 minutes after the fifth declined card): the user signed in again
 * and tried to pay; no card was tried. Says so, and when they may pay again, in their time zone.
 */
export function PaymentsPaused({ until, back }: { until: string; back: string }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const [openedAt] = useState(() => Date.now());
  const at = Date.parse(until);
  const time = Number.isNaN(at) ? '' : new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(at);
  return (
    <section className="card-declined" data-testid="payments-paused" role="alert">
      <h2 className="card-declined__title">{t('payment.paused.title')}</h2>
      <p className="card-declined__reason" data-testid="payments-paused-until">
        {t('payment.paused.text', { time, minutes: minutesLeft(until, openedAt) })}
      </p>
      <div className="card-declined__actions">
        <Link className={buttonClass('secondary')} to={back} data-testid="paused-back">
          {t('payment.declined.back')}
        </Link>
      </div>
    </section>
  );
}

/**
 * The test provider's bank step (what 3-D Secure looks like at a real bank): the buyer confirms or
 * refuses the payment.
 */
export function BankStepDialog({ open, busy, onAnswer }: { open: boolean; busy: boolean; onAnswer: (result: 'succeed' | 'fail') => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || busy ? undefined : onAnswer('fail'))}
      title={t('payment.bank.title')}
      description={t('payment.bank.text')}
      size="small"
      testId="bank-step"
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onAnswer('fail')} data-testid="bank-fail">
            {t('payment.bank.fail')}
          </Button>
          <Button loading={busy} onClick={() => onAnswer('succeed')} data-testid="bank-confirm">
            {t('payment.bank.confirm')}
          </Button>
        </>
      }
    />
  );
}
