import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link, useParams } from 'react-router';
import type { LiveBookingQuote, LiveEventDetail, LiveEventStatus } from '../../../common/live.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';

/** An event in one of these can no longer be booked (the server answers `event_over`). */
const OVER: readonly LiveEventStatus[] = ['finished', 'terminated', 'canceled'];

/**
 * Booking an event (spec: content §5; issue 28): the price first (or that the user's agreements
 * cover it), the privacy policy accepted and a note for the desk. The booking then waits for the
 * sales desk, which confirms or declines it; until the event starts the user may cancel it. Whether
 * the user may book (billing country, the event still to come) is the server's to say; its refusal
 * is shown in the dialog.
 */
export function EventBooking({ event, describedBy }: { event: LiveEventDetail; describedBy?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const booking = event.booking ?? null;
  const waiting = booking?.state === 'pending';
  const confirmed = event.booked || booking?.state === 'confirmed';
  if (waiting || confirmed)
    return (
      <div className="event-booking__state" data-testid="event-booking-state" data-state={waiting ? 'pending' : 'confirmed'}>
        <p className="event-booking__booked" data-testid="event-booked">
          {waiting ? t('live.bookingPending') : t('live.bookedState')}
        </p>
        {booking?.can_cancel ? <CancelBooking event={event} /> : null}
      </div>
    );
  if (OVER.includes(event.status) || !event.booking_quote) return null;
  return (
    <>
      {booking?.state === 'declined' ? (
        <p className="event-booking__declined" data-testid="event-booking-declined">
          {booking.reason ? t('live.bookingDeclinedBecause', { reason: booking.reason }) : t('live.bookingDeclined')}
        </p>
      ) : null}
      <Button variant="secondary" size="big" aria-describedby={describedBy} onClick={() => setOpen(true)} data-testid="book-event">
        {t('live.bookEvent')}
      </Button>
      {open ? <BookingDialog event={event} quote={event.booking_quote} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** What booking costs, said before the user books: a price the desk invoices once it confirms, or nothing. */
function QuoteLine({ quote }: { quote: LiveBookingQuote }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <p className="event-booking__quote" data-testid="booking-quote" data-covered={quote.price_cents === null}>
      {quote.price_cents === null
        ? t('live.bookingCovered')
        : t('live.bookingPrice', { price: formatMoney(quote.price_cents, quote.currency, locale) })}
    </p>
  );
}

/** Cancel the booking before the start, after asking. */
function CancelBooking({ event }: { event: LiveEventDetail }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => liveApi.cancelBooking(event.slug),
    onSuccess: async (canceled) => {
      queryClient.setQueryData(LIVE_KEYS.event(locale, event.slug, userId), canceled);
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: LIVE_KEYS.allMyEvents });
    },
  });
  return (
    <>
      <Button variant="secondary" size="small" onClick={() => setAsking(true)} data-testid="booking-cancel-open">
        {t('live.bookingCancel')}
      </Button>
      {asking ? (
        <Dialog
          open
          onOpenChange={(next) => (next ? undefined : setAsking(false))}
          title={t('live.bookingCancelTitle')}
          description={t('live.bookingCancelLead', { title: event.title })}
          size="small"
          testId="booking-cancel-dialog"
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} data-testid="booking-cancel-keep">
                {t('live.bookingKeep')}
              </Button>
              <Button loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="booking-cancel-confirm">
                {t('live.bookingCancel')}
              </Button>
            </>
          }
        >
          <FormErrors messages={cancel.error ? [errorText(cancel.error, translateIfExists)] : []} testId="booking-cancel-errors" />
        </Dialog>
      ) : null}
    </>
  );
}

function BookingDialog({ event, quote, onClose }: { event: LiveEventDetail; quote: LiveBookingQuote; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  const commentId = useId();
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [comment, setComment] = useState('');
  const book = useMutation({
    mutationFn: () => liveApi.book(event.slug, { privacy_accepted: privacyAccepted, ...(comment.trim() ? { comment } : {}) }),
    onSuccess: async (booked) => {
      queryClient.setQueryData(LIVE_KEYS.event(locale, event.slug, userId), booked);
      onClose();
      await queryClient.invalidateQueries({ queryKey: LIVE_KEYS.allMyEvents });
    },
  });
  const failure = book.error instanceof ApiError ? book.error : null;

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('live.bookTitle')}
      description={t('live.bookLead', { title: event.title })}
      size="medium"
      testId="booking-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="booking-cancel">
            {t('live.cancel')}
          </Button>
          <Button loading={book.isPending} onClick={() => book.mutate()} data-testid="booking-submit">
            {t('live.bookSubmit')}
          </Button>
        </>
      }
    >
      <div className="event-booking">
        <QuoteLine quote={quote} />
        <Checkbox
          checked={privacyAccepted}
          onCheckedChange={setPrivacyAccepted}
          testId="booking-privacy"
          label={
            <Trans i18nKey="live.embedPrivacy" components={{ privacy: <Link to={`/${locale}${LINKS.privacyPolicy}`} target="_blank" /> }} />
          }
        />
        <label className="field__label" htmlFor={commentId}>
          {t('live.bookComment')}
        </label>
        <textarea
          id={commentId}
          className="field__control event-booking__comment"
          rows={3}
          value={comment}
          onChange={(change) => setComment(change.target.value)}
          data-testid="booking-comment"
        />
        <FormErrors messages={book.error ? [errorText(book.error, translateIfExists)] : []} testId="booking-errors" />
        {failure?.hasCode('billing_country_missing') ? (
          <Link className={buttonClass('secondary', 'small')} to={`/${locale}${LINKS.billingSettings}`} data-testid="booking-billing-link">
            {t('live.toBillingSettings')}
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}
