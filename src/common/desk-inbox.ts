import { z } from 'zod';

/**
 * The business desk's inboxes (issue 29): requests customers and visitors send (world-exclusive
 * rights, studio bookings, live bookings, job applications), each with a state, the staff member it
 * is assigned to, and the desk's own note. A state moves only along its inbox's transitions; a move
 * the customer should hear of is mailed to them with the desk's message.
 */
export const WORLD_EXCLUSIVE_STATES = ['new', 'offered', 'sold', 'declined'] as const;
export type WorldExclusiveState = (typeof WORLD_EXCLUSIVE_STATES)[number];

export const STUDIO_BOOKING_STATES = ['new', 'confirmed', 'declined', 'canceled'] as const;
export type StudioBookingState = (typeof STUDIO_BOOKING_STATES)[number];

export const CAREER_APPLICATION_STATES = ['new', 'reviewing', 'interview', 'hired', 'declined'] as const;
export type CareerApplicationState = (typeof CAREER_APPLICATION_STATES)[number];

/** Where each state may go next; a state with none is final. */
export const WORLD_EXCLUSIVE_MOVES: Record<WorldExclusiveState, readonly WorldExclusiveState[]> = {
  new: ['offered', 'declined'],
  offered: ['sold', 'declined'],
  sold: [],
  declined: [],
};

export const STUDIO_BOOKING_MOVES: Record<StudioBookingState, readonly StudioBookingState[]> = {
  new: ['confirmed', 'declined'],
  confirmed: ['canceled'],
  declined: [],
  canceled: [],
};

export const CAREER_APPLICATION_MOVES: Record<CareerApplicationState, readonly CareerApplicationState[]> = {
  new: ['reviewing', 'declined'],
  reviewing: ['interview', 'declined'],
  interview: ['hired', 'declined'],
  hired: [],
  declined: [],
};

/** A staff member an item may be assigned to (holders of the sales role, and admins). */
export const assigneeSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;
export const assigneesSchema = z.object({ assignees: z.array(assigneeSchema) });

/** What every inbox item carries besides its own fields. */
export const inboxPartsSchema = {
  assignee: assigneeSchema.nullable(),
  desk_note: z.string(),
  state_changed_at: z.string().nullable(),
  created_at: z.string(),
};

/** PATCH of an item whose moves have calls of their own (live bookings, chats): who has it, and the note. */
export const assignmentChangeSchema = z
  .object({
    assignee_id: z.number().int().positive().nullable().optional(),
    desk_note: z.string().trim().max(4000).optional(),
  })
  .refine((change) => change.assignee_id !== undefined || change.desk_note !== undefined, { message: 'Give an assignee or a note' });
export type AssignmentChange = z.infer<typeof assignmentChangeSchema>;

/** A list's filters: a state, and whose items (`me`, `none` or a staff id). */
export const inboxQuerySchema = <S extends readonly [string, ...string[]]>(states: S) =>
  z.object({
    state: z.enum(states).optional(),
    assignee: z.union([z.enum(['me', 'none']), z.coerce.number().int().positive()]).optional(),
  });

/**
 * A change to an item: a new state (with the message the customer is mailed, when that state is
 * told to them), an assignee (null: nobody), the desk's note. `from` is the state the staff member
 * saw: if someone moved the item meanwhile, the change is refused (409) rather than applied twice.
 */
export const inboxChangeSchema = <S extends readonly [string, ...string[]]>(states: S) =>
  z
    .object({
      state: z.enum(states).optional(),
      from: z.enum(states).optional(),
      message: z.string().trim().max(4000).optional(),
      assignee_id: z.number().int().positive().nullable().optional(),
      desk_note: z.string().trim().max(4000).optional(),
    })
    .refine((change) => change.state !== undefined || change.assignee_id !== undefined || change.desk_note !== undefined, {
      message: 'Give a state, an assignee or a note',
    });
export type InboxChange<S extends string> = {
  state?: S;
  from?: S;
  message?: string;
  assignee_id?: number | null;
  desk_note?: string;
};

/** A world-exclusive request as the desk sees it (GET /api/desk/world_exclusive_requests). */
export const deskWorldExclusiveSchema = z.object({
  id: z.number(),
  state: z.enum(WORLD_EXCLUSIVE_STATES),
  video: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  customer: z.object({ id: z.number(), email: z.string(), name: z.string(), company: z.string().nullable() }),
  ...inboxPartsSchema,
});
export type DeskWorldExclusive = z.infer<typeof deskWorldExclusiveSchema>;
export const deskWorldExclusivesSchema = z.object({ requests: z.array(deskWorldExclusiveSchema) });
export const worldExclusiveQuerySchema = inboxQuerySchema(WORLD_EXCLUSIVE_STATES);
export const worldExclusiveChangeSchema = inboxChangeSchema(WORLD_EXCLUSIVE_STATES);

/** A studio booking as the desk sees it (GET /api/desk/studio_bookings). */
export const deskStudioBookingSchema = z.object({
  id: z.number(),
  state: z.enum(STUDIO_BOOKING_STATES),
  studio: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  job_title: z.string(),
  date: z.string(),
  details: z.string(),
  locale: z.string(),
  ...inboxPartsSchema,
});
export type DeskStudioBooking = z.infer<typeof deskStudioBookingSchema>;
export const deskStudioBookingsSchema = z.object({ bookings: z.array(deskStudioBookingSchema) });
export const studioBookingQuerySchema = inboxQuerySchema(STUDIO_BOOKING_STATES);
export const studioBookingChangeSchema = inboxChangeSchema(STUDIO_BOOKING_STATES);

/** The moves each inbox tells the customer of, by e-mail with the desk's message. */
export const WORLD_EXCLUSIVE_TOLD: readonly WorldExclusiveState[] = ['offered', 'sold', 'declined'];
export const STUDIO_BOOKING_TOLD: readonly StudioBookingState[] = ['confirmed', 'declined', 'canceled'];
