import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { videoMasters } from '../modules/downloads/schema.ts';
import { createDraft } from '../modules/newsroom/items.ts';
import { contentItems } from '../modules/newsroom/schema.ts';

/** Drafts the demo's newsroom starts with: footage in, nothing written yet. */
export const DEMO_DRAFTS = 12;

/**
 * The demo newsroom's inbox (issue 24): a dozen drafts whose master is in and ready, sharing the
 * demo's first generated master, so an editor can describe and publish one on a fresh clone before
 * any upload. Made once, after the demo masters; nothing when there is no master yet or any story.
 */
export async function seedDemoNewsroom(db: Db, now: Date): Promise<number> {
  const [stories] = await db.select({ n: count() }).from(contentItems);
  if (Number(stories?.n ?? 0) > 0) return 0;
  const [master] = await db.select().from(videoMasters).orderBy(desc(videoMasters.projectId)).limit(1);
  if (!master) return 0;
  const clock = { now: () => now };
  for (let n = 1; n <= DEMO_DRAFTS; n += 1) {
    const draft = await createDraft({ db, clock }, null, { sourceName: `camera-card-${String(n).padStart(2, '0')}.mp4`, media: true });
    await db
      .update(contentItems)
      .set({
        mediaState: 'ready',
        mediaProgress: 100,
        masterKey: master.storageKey,
        probe: {
          container: 'mov,mp4,m4a,3gp,3g2,mj2',
          duration_seconds: master.durationSeconds,
          video_codec: 'h264',
          width: 1920,
          height: 1080,
          frame_rate: 25,
          audio_codec: 'aac',
          audio_channels: 2,
          size_bytes: 0,
        },
      })
      .where(eq(contentItems.id, draft.id));
  }
  return DEMO_DRAFTS;
}
