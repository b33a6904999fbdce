import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { LiveRecording } from '../../../common/live.ts';
import type { Locale } from '../../../common/locales.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { signedFileUrl, type DownloadFiles } from '../downloads/files.ts';
import { videoMasters } from '../downloads/schema.ts';
import { storyboards } from '../media/schema.ts';
import { STORYBOARD_FILES, storyboardPath } from '../media/storyboards.ts';
import { eventViews } from './events.ts';
import { liveEvents, liveRecordings } from './schema.ts';
import { currentSession } from './sessions.ts';
import { entitledEvent, type TargetsContext } from './targets.ts';

/** The recordings list and the embed of one (spec §7): recordings of visible events only. */
export type RecordingsContext = TargetsContext & { files: DownloadFiles };

const EMBED_TTL_SECONDS = 24 * 3600;
const recordingNotFound = () => new NotFound({ code: 'recording_not_found', message: 'Recording not found' });

export async function listRecordings(
  ctx: Pick<RecordingsContext, 'db'>,
  query: { page: number; per_page: number },
  userId: number | null,
  locale: Locale,
) {
  const shown = eq(liveEvents.visible, true);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(liveRecordings)
    .innerJoin(liveEvents, eq(liveEvents.id, liveRecordings.eventId))
    .where(shown);
  // The storyboard of the recording's master, as its video answer names it (media/storyboards.ts).
  const rows = await ctx.db
    .select({ recording: liveRecordings, event: liveEvents, slug: videoProjects.projectSlug, storyboard: storyboards.token })
    .from(liveRecordings)
    .innerJoin(liveEvents, eq(liveEvents.id, liveRecordings.eventId))
    .innerJoin(videoProjects, eq(videoProjects.id, liveRecordings.projectId))
    .leftJoin(videoMasters, eq(videoMasters.projectId, liveRecordings.projectId))
    .leftJoin(storyboards, eq(storyboards.masterKey, videoMasters.storageKey))
    .where(shown)
    .orderBy(desc(liveRecordings.createdAt), desc(liveRecordings.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const events = await eventViews(
    ctx,
    rows.map((row) => row.event),
    userId,
    locale,
  );
  const recordings: LiveRecording[] = rows.flatMap(({ recording, slug, storyboard }, index) => {
    const event = events[index];
    return event
      ? [
          {
            id: recording.id,
            event,
            project_id: recording.projectId,
            project_slug: slug,
            duration: recording.durationSeconds,
            recorded_at: recording.createdAt.toISOString(),
            storyboard_url: storyboard ? storyboardPath(recording.projectId, storyboard, STORYBOARD_FILES.vtt) : null,
          },
        ]
      : [];
  });
  const n = total?.n ?? 0;
  return { recordings, count: n, page: query.page, pages: Math.max(1, Math.ceil(n / query.per_page)) };
}

/** A player of the recording to embed: a signed MP4 link valid a day, for whoever may watch the event. */
export async function embedRecording(ctx: RecordingsContext, user: UserRow, id: number, booking: { privacy_accepted?: boolean }) {
  const [row] = await ctx.db
    .select({ event: liveEvents, key: videoMasters.storageKey })
    .from(liveRecordings)
    .innerJoin(liveEvents, and(eq(liveEvents.id, liveRecordings.eventId), eq(liveEvents.visible, true)))
    .innerJoin(videoMasters, eq(videoMasters.projectId, liveRecordings.projectId))
    .where(eq(liveRecordings.id, id));
  if (!row) throw recordingNotFound();
  if (!booking.privacy_accepted)
    throw new Invalid({ code: 'privacy_required', field: 'book_recording.privacy_accepted', message: 'Please accept the Privacy Policy' });
  await entitledEvent(ctx, user, row.event.slug);
  const now = ctx.clock.now();
  const url = signedFileUrl(ctx.files.secret, { key: row.key, name: `${row.event.slug}.mp4`, now, ttlSeconds: EMBED_TTL_SECONDS });
  const title = row.event.title.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return {
    url,
    embed_html: `<video src="${url.replace(/&/g, '&amp;')}" controls playsinline title="${title}" style="width:100%;aspect-ratio:16/9"></video>`,
    expires_at: new Date(now.getTime() + EMBED_TTL_SECONDS * 1000).toISOString(),
  };
}

/**
 * GET /api/content/live/events/available_for_cut: the events whose picture a newsroom can cut clips
 * from now: live with the picture on, or finished with a recording.
 */
export async function availableForCut(ctx: Pick<RecordingsContext, 'db' | 'clock'>, userId: number, locale: Locale) {
  const rows = await ctx.db
    .select({ event: liveEvents, recording: liveRecordings.id })
    .from(liveEvents)
    .leftJoin(liveRecordings, eq(liveRecordings.eventId, liveEvents.id))
    .where(and(eq(liveEvents.visible, true), inArray(liveEvents.status, ['live', 'finished'])))
    .orderBy(desc(liveEvents.startAt))
    .limit(100);
  const cuttable: (typeof liveEvents.$inferSelect)[] = [];
  for (const { event, recording } of rows)
    if (event.status === 'finished' ? recording !== null : (await currentSession(ctx, event.id)) !== null) cuttable.push(event);
  return { live_events: await eventViews(ctx, cuttable, userId, locale) };
}
