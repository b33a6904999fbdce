import { z } from 'zod';
import { MAX_ID, isCalendarDate, zod } from './validators.ts';

/**
 * Broadcast services (spec: content §2 "Broadcast services", §3 "Broadcast town", "Broadcast event",
 * §5 privacy acceptance): studios by city, the future events and the studio booking form.
 */

/** What a town's icon shows: a studio, the outside-broadcast van, the launch site. */
export const BROADCAST_TOWN_ICONS = ['studio', 'ob_van', 'launch_site'] as const;
export type BroadcastTownIcon = (typeof BROADCAST_TOWN_ICONS)[number];

export const broadcastPhotoSchema = z.object({ url: z.string(), alt: z.string() });
/** A video of the town (spec: title, src); src is the catalogue's preview clip once it is made, `link` its video page. */
export const broadcastVideoSchema = z.object({
  title: z.string(),
  src: z.string().nullable(),
  poster: z.string(),
  link: z.string(),
});

export const broadcastTownSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  icon: z.enum(BROADCAST_TOWN_ICONS),
  photo: z.string(),
});
export const broadcastTownsResponseSchema = z.object({ towns: z.array(broadcastTownSummarySchema) });

export const broadcastTownSchema = broadcastTownSummarySchema.extend({
  text: z.string().nullable(),
  features: z.array(z.string()),
  photos: z.array(broadcastPhotoSchema),
  videos: z.array(broadcastVideoSchema),
});

export const broadcastEventSchema = z.object({
  id: z.number().int(),
  start_at: z.string(),
  finish_at: z.string(),
  country: z.object({ code: z.string(), name: z.string() }),
  city: z.string(),
  title: z.string(),
});
export const broadcastEventsResponseSchema = z.object({ events: z.array(broadcastEventSchema) });

/** How far ahead a studio may be booked: two years. */
export const BOOKING_HORIZON_DAYS = 730;

/**
 * Whether a booking date can be taken, given today's date (YYYY-MM-DD): not a real date, before
 * today, or beyond the horizon. The browser passes its own today; the server the earliest today on
 * Earth (UTC−12), so no visitor's today is refused (docs/decisions.md "Broadcast services").
 */
export function bookingDateProblem(date: string, today: string): 'validation.date' | 'validation.date_past' | 'validation.date_far' | null {
  if (!isCalendarDate(date)) return 'validation.date';
  if (date < today) return 'validation.date_past';
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + BOOKING_HORIZON_DAYS * 86_400_000).toISOString().slice(0, 10);
  return date > last ? 'validation.date_far' : null;
}

/** The booking form (spec §2): every field but the details is required, and the privacy policy accepted. */
export const bookingFormSchema = z
  .object({
    first_name: zod.requiredText(100),
    last_name: zod.requiredText(100),
    phone: zod.requiredText(40).refine((value) => /^\+?[\d\s().\-/]+$/.test(value), 'validation.phone'),
    email: zod.email(),
    job_title_id: z
      .number({ error: 'validation.required' })
      .int('validation.number')
      .min(1, 'validation.required')
      .max(MAX_ID, 'validation.number'),
    company: zod.requiredText(200),
    date: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').refine(isCalendarDate, 'validation.date'),
    details: z.string().trim().max(2000, 'validation.max_length').default(''),
    privacy_accepted: z.literal(true, { error: 'validation.privacy_required' }),
  })
  .strict();
export type BookingForm = z.infer<typeof bookingFormSchema>;

/** The form as the browser checks it: the schema and the date rule against the visitor's today. */
export function bookingFormSchemaFor(today: string) {
  return bookingFormSchema.superRefine((value, ctx) => {
    const problem = bookingDateProblem(value.date, today);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['date'] });
  });
}

export const bookingBodySchema = z.object({ booking: bookingFormSchema });

export const bookingResponseSchema = z.object({
  booking: z.object({ id: z.number().int(), town: z.string(), date: z.string(), created_at: z.string() }),
});

export type BroadcastTownSummary = z.infer<typeof broadcastTownSummarySchema>;
export type BroadcastTown = z.infer<typeof broadcastTownSchema>;
export type BroadcastEvent = z.infer<typeof broadcastEventSchema>;
