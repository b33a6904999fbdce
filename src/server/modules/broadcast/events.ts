import { asc, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { broadcastEventSchema } from '../../../common/broadcast.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { countryName } from '../reference/service.ts';
import { broadcastEvents } from './schema.ts';

/**
 * GET /api/content/broadcast/events: the future-events table (spec §2), the events not yet over,
 * the soonest first, in the reader's language.
 */
export async function listUpcomingEvents(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  locale: Locale,
): Promise<{ events: z.infer<typeof broadcastEventSchema>[] }> {
  const rows = await ctx.db
    .select()
    .from(broadcastEvents)
    .where(gt(broadcastEvents.endsAt, ctx.clock.now()))
    .orderBy(asc(broadcastEvents.startsAt), asc(broadcastEvents.id));
  return {
    events: rows.map((row) => ({
      id: row.id,
      start_at: row.startsAt.toISOString(),
      finish_at: row.endsAt.toISOString(),
      country: { code: row.country, name: countryName(row.country, locale) },
      city: row.city[locale] || row.city.en,
      title: row.titles[locale] || row.titles.en,
    })),
  };
}
