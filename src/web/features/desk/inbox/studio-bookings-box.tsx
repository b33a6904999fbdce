import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STUDIO_BOOKING_MOVES,
  STUDIO_BOOKING_STATES,
  STUDIO_BOOKING_TOLD,
  type DeskStudioBooking,
  type StudioBookingState,
} from '../../../../common/desk-inbox.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { INBOX_KEYS, inboxApi } from './inbox-api.ts';
import { InboxControls } from './inbox-controls.tsx';
import { InboxList, When } from './inbox-list.tsx';
import { StateFilter, type BoxFilters } from './inbox-page.tsx';

/** The studio bookings of the broadcast services form: the studio and day, who books, and the desk's answer. */
export function StudioBookingsBox({ filters, onState }: { filters: BoxFilters; onState: (value: string) => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: INBOX_KEYS.box('studio', filters),
    queryFn: ({ signal }) => inboxApi.studioBookings(filters, signal),
    select: (answer) => answer.bookings,
  });
  const label = (state: StudioBookingState) => t(`desk.inbox.studioStates.${state}`);
  return (
    <>
      <StateFilter states={STUDIO_BOOKING_STATES} value={filters.state ?? ''} label={label} onChange={onState} />
      <InboxList query={query} testId="inbox-studio" item={(booking) => <Booking key={booking.id} booking={booking} label={label} />} />
    </>
  );
}

function Booking({ booking, label }: { booking: DeskStudioBooking; label: (state: StudioBookingState) => string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <li className="desk-inbox__item" data-testid={`studio-${booking.id}`} data-state={booking.state}>
      <div className="desk-inbox__facts">
        <span className="desk-inbox__title">
          {booking.studio.name} · <When at={booking.date} dateOnly />
        </span>
        <span>
          {booking.name} · {booking.job_title} · {booking.company}
        </span>
        <span>
          <bdi dir="ltr">{booking.email}</bdi> · <bdi dir="ltr">{booking.phone}</bdi> · {booking.locale.toUpperCase()}
        </span>
        {booking.details ? <q className="desk-inbox__details">{booking.details}</q> : null}
        <span className="desk-inbox__when">
          {t('desk.inbox.asked')} <When at={booking.created_at} />
        </span>
      </div>
      <InboxControls
        key={`${booking.id}-${booking.state}`}
        state={booking.state}
        moves={STUDIO_BOOKING_MOVES}
        stateLabel={label}
        assignee={booking.assignee}
        deskNote={booking.desk_note}
        toldStates={STUDIO_BOOKING_TOLD}
        onChange={async (change) => {
          await inboxApi.changeStudioBooking(booking.id, change);
          await client.invalidateQueries({ queryKey: ['desk', 'inbox', 'studio'] });
        }}
        testId={`studio-${booking.id}-controls`}
      />
    </li>
  );
}
