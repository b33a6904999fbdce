import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link, useParams } from 'react-router';
import type { LiveEventDetail, LiveEventStatus } from '../../../common/live.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';

/** An event in one of these can no longer be booked (the server answers `event_over`). */
const OVER: readonly LiveEventStatus[] = ['finished', 'terminated', 'canceled'];

/**
 * Booking an event (spec: content §5): the privacy policy accepted and a note for the desk. Whether
 * the user may book (billing country, the event still to come) is the server's to say; its refusal
 * is shown in the dialog.
 */
export function EventBooking({ event, describedBy }: { event: LiveEventDetail; describedBy?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (event.booked)
    return (
      <p className="event-booking__booked" data-testid="event-booked">
        {t('live.bookedState')}
      </p>
    );
  if (OVER.includes(event.status)) return null;
  return (
    <>
      <Button variant="secondary" size="big" aria-describedby={describedBy} onClick={() => setOpen(true)} data-testid="book-event">
        {t('live.bookEvent')}
      </Button>
      {open ? <BookingDialog event={event} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BookingDialog({ event, onClose }: { event: LiveEventDetail; onClose: () => void }) {
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
