import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { LINKS } from '../../../common/routes.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { videoRequests } from '../downloads/schema.ts';
import { liveBookings, liveEventFollows, type liveEvents } from '../live/schema.ts';
import { contentItems } from '../newsroom/schema.ts';
import type { ContentNewsHandler } from './content-news.ts';
import { endpointsHearing, raiseWebhookEvent } from './webhook-delivery.ts';
import { wakeWebhookSender } from './webhooks.ts';

/**
 * The webhook events this module raises itself (issue 30): a story corrected or killed, to
 * everyone who received it; a requested file ready; a live event's status changed. The saved
 * searches raise `content.published` and automatic delivery `delivery.failed` through
 * raiseWebhookEvent.
 */

type RaiseDeps = { db: Db; clock: Clock; jobs?: Pick<JobSender, 'send'> | undefined; publicOrigin?: string | undefined };

type VideoRequestRow = typeof videoRequests.$inferSelect;

const link = (origin: string | undefined, path: string) => (origin ? `${origin}/en${path}` : `/en${path}`);

/**
 * content.corrected and content.killed reach every company (or user without one) that received the
 * item: a ready file of its video project, however it was asked for (browser, API, delivery). One
 * message per endpoint, item, event and revision, so the job run again sends nothing twice.
 */
export const webhookContentNews: ContentNewsHandler = async (deps, news) => {
  if (news.event === 'published') return { webhooks: 0 };
  const [found] = await deps.db
    .select({ item: contentItems, slug: videoProjects.projectSlug })
    .from(contentItems)
    .leftJoin(videoProjects, eq(videoProjects.id, contentItems.videoProjectId))
    .where(eq(contentItems.id, news.itemId));
  if (!found?.item.videoProjectId) return { webhooks: 0 };
  const { item, slug } = found;
  const receivers = await deps.db
    .selectDistinct({ userId: videoRequests.userId })
    .from(videoRequests)
    .where(and(eq(videoRequests.projectId, item.videoProjectId!), eq(videoRequests.state, 'ready')));
  const type = news.event === 'killed' ? 'content.killed' : 'content.corrected';
  const headline = item.fields.texts[item.fields.language]?.headline ?? '';
  const now = deps.clock.now();
  const raised = await raiseWebhookEvent(
    deps.db,
    {
      recipients: receivers.map((row) => row.userId),
      type,
      dedupeKey: `${type}:${item.id}:${news.revision}`,
      data: {
        item_id: item.id,
        guid: item.guid,
        uri: item.guid,
        version: news.revision,
        headline,
        language: item.fields.language,
        ...(news.event === 'killed' ? { reason: item.killedReason ?? '' } : { note: item.correctionNote ?? '' }),
        video_project_id: item.videoProjectId,
        links: {
          ...(slug ? { video: link(deps.publicOrigin, LINKS.video(slug)) } : {}),
          my_content: link(deps.publicOrigin, LINKS.myContent),
        },
        at: now.toISOString(),
      },
    },
    now,
  );
  if (raised) await wakeWebhookSender(deps);
  return { webhooks: raised };
};

/** download.ready: each requested file made ready (the render's requests, or one made at once). */
export async function raiseDownloadsReady(
  deps: RaiseDeps,
  rows: readonly Pick<VideoRequestRow, 'id' | 'userId' | 'projectId' | 'quality' | 'container' | 'format'>[],
): Promise<number> {
  // A file made ready for someone no endpoint listens for (the common case) costs one statement.
  if ((await endpointsHearing(deps.db, [...new Set(rows.map((row) => row.userId))], 'download.ready')).length === 0) return 0;
  const now = deps.clock.now();
  const projects = await deps.db
    .select({ id: videoProjects.id, slug: videoProjects.projectSlug, title: videoProjects.title })
    .from(videoProjects)
    .where(inArray(videoProjects.id, [...new Set(rows.map((row) => row.projectId))]));
  const byId = new Map(projects.map((project) => [project.id, project]));
  let raised = 0;
  for (const row of rows) {
    const project = byId.get(row.projectId);
    raised += await raiseWebhookEvent(
      deps.db,
      {
        recipients: [row.userId],
        type: 'download.ready',
        dedupeKey: `download.ready:${row.id}`,
        data: {
          request_id: row.id,
          video_project_id: row.projectId,
          headline: project?.title ?? '',
          quality: row.quality,
          file_type: row.container,
          video_format: row.format,
          links: {
            ...(project ? { video: link(deps.publicOrigin, LINKS.video(project.slug)) } : {}),
            my_content: link(deps.publicOrigin, LINKS.myContent),
          },
        },
      },
      now,
    );
  }
  if (raised) await wakeWebhookSender(deps);
  return raised;
}

/**
 * live_event.status: the event's new status, to the owners of those who follow it or booked it
 * (any booking not declined or cancelled). One message per endpoint, event, status and change.
 */
export async function raiseLiveStatus(
  deps: RaiseDeps,
  row: Pick<typeof liveEvents.$inferSelect, 'id' | 'slug' | 'title' | 'status' | 'startAt' | 'updatedAt'>,
  previous: string | null,
): Promise<number> {
  if (previous === row.status) return 0;
  const followers = await deps.db
    .select({ userId: liveEventFollows.userId })
    .from(liveEventFollows)
    .where(eq(liveEventFollows.eventId, row.id));
  const bookers = await deps.db
    .select({ userId: liveBookings.userId })
    .from(liveBookings)
    .where(and(eq(liveBookings.eventId, row.id), notInArray(liveBookings.state, ['declined', 'canceled'])));
  const raised = await raiseWebhookEvent(
    deps.db,
    {
      recipients: [...followers, ...bookers].map((entry) => entry.userId),
      type: 'live_event.status',
      dedupeKey: `live_event.status:${row.id}:${row.status}:${row.updatedAt.getTime()}`,
      data: {
        live_event_id: row.id,
        slug: row.slug,
        title: row.title,
        status: row.status,
        previous_status: previous,
        start_at: row.startAt.toISOString(),
        links: { live_event: link(deps.publicOrigin, LINKS.liveEvent(row.slug)) },
      },
    },
    deps.clock.now(),
  );
  if (raised) await wakeWebhookSender(deps);
  return raised;
}
