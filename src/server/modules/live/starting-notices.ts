import { and, eq, isNotNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { LINKS } from '../../../common/routes.ts';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { tellNotices } from '../notice-centre/service.ts';
import { liveEventFollows, liveEvents } from './schema.ts';

export const LIVE_STARTING_QUEUE = 'live.starting-notices';

const startingSchema = z.object({ eventId: z.number().int().positive() });

/** Asks the workers to tell the event's audience that it went live (beside its web push). */
export async function queueStartingNotices(ctx: { jobs?: JobSender }, eventId: number) {
  await ctx.jobs?.send(LIVE_STARTING_QUEUE, { eventId });
}

/**
 * Keeps a "live now" notice for each follower of the event and each user whose booking of it was
 * confirmed (an active one-off licence of theirs or of their company), the audience web push tells
 * too (push/notify.ts). The title travels in every language the desk wrote (`title_es`…), so the
 * notice reads in the page's. Once per user and event, however often it goes live.
 */
export async function tellLiveStarting(deps: Pick<JobDeps, 'db' | 'clock' | 'broadcast'>, eventId: number) {
  const [event] = await deps.db.select().from(liveEvents).where(eq(liveEvents.id, eventId));
  if (!event || event.status !== 'live' || !event.visible) return { noticed: 0 };
  const [followers, bookers] = await Promise.all([
    deps.db.select({ id: liveEventFollows.userId }).from(liveEventFollows).where(eq(liveEventFollows.eventId, eventId)),
    deps.db
      .select({ id: users.id })
      .from(agreements)
      .innerJoin(
        users,
        or(eq(users.id, agreements.userId), and(isNotNull(agreements.companyId), eq(users.companyId, agreements.companyId))),
      )
      .where(and(eq(agreements.agreementType, 'one_off'), eq(agreements.status, 'active'), eq(agreements.liveEventId, eventId))),
  ]);
  const audience = [...new Set([...followers, ...bookers].map((row) => row.id))];
  const titles = Object.fromEntries(
    Object.entries(event.titles).flatMap(([locale, title]) => (title ? [[`title_${locale}`, title] as const] : [])),
  );
  const noticed = await tellNotices(
    deps,
    audience.map((userId) => ({
      userId,
      kind: 'live_starting' as const,
      textKey: 'liveStarting' as const,
      values: { title: event.title, ...titles },
      link: LINKS.liveEvent(event.slug),
      subject: `live:${event.id}`,
    })),
  );
  return { noticed };
}

export const liveStartingJob: JobDefinition = {
  queue: LIVE_STARTING_QUEUE,
  expireInSeconds: 300,
  key: (data) => {
    const parsed = startingSchema.safeParse(data);
    return parsed.success ? String(parsed.data.eventId) : undefined;
  },
  run: async (deps, data) => {
    const parsed = startingSchema.safeParse(data);
    if (!parsed.success) return { noticed: 0 };
    return tellLiveStarting(deps, parsed.data.eventId);
  },
};
