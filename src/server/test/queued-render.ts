import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { jobSender } from '../jobs/sender.ts';
import { insertProjects } from '../modules/catalogue/writer.ts';
import { RENDER_QUEUE } from '../modules/downloads/jobs.ts';
import { videoMasters, videoRequests } from '../modules/downloads/schema.ts';
import { createUser } from './factories.ts';

/**
 * A requested 1080p MXF of a video whose master is `masterKey` (the caller stores it), its render
 * queued: ffmpeg work a process runs for seconds, for tests of what happens to it when the process
 * stops. Resolves with the request's rendition key.
 */
export async function queueRender(database: Database, masterKey: string, masterSeconds: number): Promise<string> {
  const now = new Date();
  const user = await createUser(database.db);
  const [projectId = 0] = await insertProjects(
    database.db,
    [
      {
        ...{ projectId: `RENDER-${randomUUID().slice(0, 8)}`, language: 'en', title: 'Render', datelineDate: '2026-11-20' },
        ...{ duration: masterSeconds, freeAccess: true, publishedAt: now },
      },
    ],
    now,
  );
  await database.db.insert(videoMasters).values({ projectId, storageKey: masterKey, durationSeconds: masterSeconds });
  const renditionKey = randomUUID().replace(/-/g, '');
  await database.db.insert(videoRequests).values({
    ...{ userId: user.id, projectId, quality: 'full_hd', container: 'mxf', format: 'clean', state: 'transcoding' },
    ...{ renditionKey, createdAt: now, updatedAt: now },
  });
  const jobs = jobSender(database.connection);
  try {
    await jobs.send(RENDER_QUEUE, { renditionKey });
  } finally {
    await jobs.stop();
  }
  return renditionKey;
}
