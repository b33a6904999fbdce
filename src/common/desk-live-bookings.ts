import { z } from 'zod';
import { assigneeSchema, inboxQuerySchema } from './desk-inbox.ts';
import { LIVE_BOOKING_STATES, LIVE_EVENT_STATUSES, LIVE_LIMITS, liveBookingSchema, type LiveBookingState } from './live.ts';

/**
 * The sales desk's side of live bookings (issue 28's desk calls; issue 29's inbox): a booking as the
 * desk sees it, the list's filters, the moves the desk makes, and a decline's reason.
 */
/** The sales desk's view of a booking (GET /api/desk/live_bookings). */
export const deskLiveBookingSchema = liveBookingSchema.omit({ can_cancel: true }).extend({
  event: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), start_at: z.string(), status: z.enum(LIVE_EVENT_STATUSES) }),
  customer: z.object({ id: z.number().int(), email: z.string(), name: z.string(), company: z.string().nullable() }),
  decided_at: z.string().nullable(),
  // The business desk's inbox (issue 29): who has it and the desk's note.
  assignee: assigneeSchema.nullable(),
  desk_note: z.string(),
});
export type DeskLiveBooking = z.infer<typeof deskLiveBookingSchema>;
export const deskLiveBookingsSchema = z.object({ bookings: z.array(deskLiveBookingSchema) });
export const deskLiveBookingsQuerySchema = inboxQuerySchema(LIVE_BOOKING_STATES);
/** The moves the desk makes on a live booking; the customer cancels their own. */
export const LIVE_BOOKING_MOVES: Record<LiveBookingState, readonly LiveBookingState[]> = {
  pending: ['confirmed', 'declined'],
  confirmed: [],
  declined: [],
  canceled: [],
};
/** POST /api/desk/live_bookings/{id}/rejection: why, told to the customer. */
export const liveBookingDeclineBodySchema = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(LIVE_LIMITS.descriptionMax, 'validation.max_length'),
});
