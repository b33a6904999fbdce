import { eq } from 'drizzle-orm';
import { bookingDateProblem, type BookingForm } from '../../../common/broadcast.ts';
import { VALIDATION_MESSAGES } from '../../../common/validators.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { fieldError, Invalid } from '../../http/errors.ts';
import { BROADCAST_FACT_LABELS } from '../mail/broadcast-texts.ts';
import { renderMail } from '../mail/templates.ts';
import { jobTitles } from '../reference/schema.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { broadcastBookings } from './schema.ts';
import { townBySlug } from './towns.ts';

/** What the booking call needs beyond the usual: the sales desk's address (SALES_EMAIL). */
export type BroadcastContext = ServiceContext & { salesEmail: string };

/** At most 10 bookings an hour from one client address (docs/decisions.md "Broadcast services"). */
export const BOOKINGS_PER_ADDRESS: RateLimit = { name: 'broadcast_bookings', limit: 10, windowSeconds: 3600 };

const field = (name: string) => `booking.${name}`;

/** Today where it is earliest on Earth (UTC−12): a date no visitor anywhere sees as past yet. */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A booking's day (YYYY-MM-DD) as the customer's language writes it: "1 December 2026". */
function longDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * POST /api/content/broadcast/towns/{slug}/bookings (spec §2 "Broadcast services", §5 privacy
 * acceptance): an existing town, a real job title, a date from today on; then the booking is stored,
 * the sales desk e-mailed its details and the customer a confirmation of the request in the form's
 * language (issue 28), in one transaction. Anyone may book, signed in or not; the hourly limit per
 * address bounds the confirmations one client can send to addresses not theirs.
 */
export async function bookStudio(
  ctx: BroadcastContext,
  input: { town: string; form: BookingForm; locale: Locale; ip: string },
): Promise<{ id: number; town: string; date: string; created_at: string }> {
  const town = await townBySlug(ctx, input.town);
  const { form } = input;
  const now = ctx.clock.now();
  const [title] = await ctx.db.select().from(jobTitles).where(eq(jobTitles.id, form.job_title_id));
  const dateProblem = bookingDateProblem(form.date, earliestToday(now));
  const problems = [
    ...(title ? [] : [fieldError('validation.required', field('job_title_id'))]),
    ...(dateProblem ? [{ ...fieldError(dateProblem, field('date')), message: VALIDATION_MESSAGES[dateProblem] }] : []),
  ];
  if (problems.length > 0) throw new Invalid(problems);
  // Counted once the form is right: a mistyped field costs the visitor nothing.
  await consume(ctx.db, BOOKINGS_PER_ADDRESS, input.ip, now);

  const row = await ctx.db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(broadcastBookings)
      .values({
        townId: town.id,
        firstName: form.first_name,
        lastName: form.last_name,
        phone: form.phone,
        email: form.email,
        jobTitleId: form.job_title_id,
        company: form.company,
        date: form.date,
        details: form.details,
        locale: input.locale,
        createdAt: now,
      })
      .returning();
    if (!booking) throw new Error('inserting a booking returned no row');
    await ctx.mailer.enqueue(
      tx,
      renderMail('broadcast_booking_notice', 'en', ctx.salesEmail, {
        item: town.names.en,
        name: `${form.first_name} ${form.last_name}`,
        facts: [
          { label: 'Booking', value: `#${booking.id}` },
          { label: 'Studio', value: town.names.en },
          { label: 'Date', value: form.date },
          { label: 'First name', value: form.first_name },
          { label: 'Last name', value: form.last_name },
          { label: 'Phone', value: form.phone },
          { label: 'Business e-mail', value: form.email },
          { label: 'Job title', value: title?.names.en ?? '' },
          { label: 'Company', value: form.company },
          { label: 'Details', value: form.details || '—' },
          { label: 'Language', value: input.locale },
        ],
      }),
    );
    const labels = BROADCAST_FACT_LABELS[input.locale];
    const studio = town.names[input.locale] || town.names.en;
    await ctx.mailer.enqueue(
      tx,
      renderMail('broadcast_booking_received', input.locale, form.email, {
        item: studio,
        name: form.first_name,
        facts: [
          { label: labels.studio, value: studio },
          { label: labels.date, value: longDate(form.date, input.locale) },
          { label: labels.name, value: `${form.first_name} ${form.last_name}` },
          { label: labels.phone, value: form.phone },
          { label: labels.email, value: form.email },
          { label: labels.company, value: form.company },
          { label: labels.details, value: form.details || '—' },
        ],
      }),
    );
    return booking;
  });
  ctx.mailer.kick();
  return { id: row.id, town: town.slug, date: row.date, created_at: row.createdAt.toISOString() };
}
