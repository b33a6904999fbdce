import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LIVE_BOOKING_STATES, type LiveBookingState } from '../../../../common/live.ts';
import { LIVE_BOOKING_MOVES, type DeskLiveBooking } from '../../../../common/desk-live-bookings.ts';
import { LINKS } from '../../../../common/routes.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { INBOX_KEYS, inboxApi } from './inbox-api.ts';
import { InboxControls } from './inbox-controls.tsx';
import { InboxList, When } from './inbox-list.tsx';
import { StateFilter, type BoxFilters } from './inbox-page.tsx';

/** Declining asks for the reason the customer is told; confirming needs no words (its e-mail says it). */
const TOLD: readonly LiveBookingState[] = ['declined'];

/** The live bookings: which event, who books at what price; the desk confirms (a one-off licence) or declines. */
export function LiveBookingsBox({ filters, onState }: { filters: BoxFilters; onState: (value: string) => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: INBOX_KEYS.box('live', filters),
    queryFn: ({ signal }) => inboxApi.liveBookings(filters, signal),
    select: (answer) => answer.bookings,
  });
  const label = (state: LiveBookingState) => t(`desk.inbox.liveStates.${state}`);
  return (
    <>
      <StateFilter states={LIVE_BOOKING_STATES} value={filters.state ?? ''} label={label} onChange={onState} />
      <InboxList query={query} testId="inbox-live" item={(booking) => <Booking key={booking.id} booking={booking} label={label} />} />
    </>
  );
}

function Booking({ booking, label }: { booking: DeskLiveBooking; label: (state: LiveBookingState) => string }) {
  const { t, i18n } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  return (
    <li className="desk-inbox__item" data-testid={`live-${booking.id}`} data-state={booking.state}>
      <div className="desk-inbox__facts">
        <a className="desk-inbox__title" href={`/${locale}${LINKS.liveEvent(booking.event.slug)}`} target="_blank" rel="noreferrer">
          {booking.event.title}
        </a>
        <span>
          <When at={booking.event.start_at} /> ·{' '}
          {booking.price_cents === null ? t('desk.inbox.covered') : formatMoney(booking.price_cents, 'EUR', i18n.language)}
        </span>
        <span>
          {booking.customer.name ? `${booking.customer.name} · ` : null}
          <bdi dir="ltr">{booking.customer.email}</bdi>
          {booking.customer.company ? ` · ${booking.customer.company}` : null}
        </span>
        {booking.comment ? <q className="desk-inbox__details">{booking.comment}</q> : null}
        {booking.reason ? <q className="desk-inbox__details">{booking.reason}</q> : null}
        <span className="desk-inbox__when">
          {t('desk.inbox.asked')} <When at={booking.created_at} />
        </span>
      </div>
      <InboxControls
        key={`${booking.id}-${booking.state}`}
        state={booking.state}
        moves={LIVE_BOOKING_MOVES}
        stateLabel={label}
        assignee={booking.assignee}
        deskNote={booking.desk_note}
        toldStates={TOLD}
        onChange={async (change) => {
          if (change.state === 'confirmed') await inboxApi.confirmLiveBooking(booking.id);
          else if (change.state === 'declined') await inboxApi.declineLiveBooking(booking.id, change.message ?? '');
          else await inboxApi.assignLiveBooking(booking.id, { assignee_id: change.assignee_id, desk_note: change.desk_note });
          await client.invalidateQueries({ queryKey: ['desk', 'inbox', 'live'] });
        }}
        testId={`live-${booking.id}-controls`}
      />
    </li>
  );
}
