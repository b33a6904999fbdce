import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { seedDemoMasters } from '../modules/downloads/demo-masters-seed.ts';
import { resolveFfmpeg } from '../modules/media/ffmpeg.ts';
import { fileStoreFor } from '../services.ts';
import { seedDemoNewsroom } from './newsroom.ts';

type Log = { info(details: object, message: string): void; warn(details: object, message: string): void };

/**
 * The demo's media for `npm run seed`: the masters downloads are rendered from, into the store the
 * server and the workers use (the S3 bucket when configured, built by the same `fileStoreFor`), then
 * the newsroom's drafts whose footage is one of them. Nothing stays on this machine's disk but
 * scratch files, removed as it goes: a worker on another machine, with its own DATA_DIR, finds the
 * masters through the database and the bucket. (`npm start` on the embedded default makes the same
 * in the background, main.ts.) The demo's preview clips are not made here: they are served from
 * the API process's own DATA_DIR (media/routes.ts), so only the process that serves them can make them.
 */
export async function seedDemoMedia(db: Db, config: Config, log: Log): Promise<{ masters: number; drafts: number }> {
  const files = {
    store: await fileStoreFor(config),
    ffmpeg: resolveFfmpeg(config.ffmpegPath),
    workDir: path.join(config.dataDir, 'work'),
  };
  const masters = await seedDemoMasters({ db, files, log, count: config.demoMasters });
  const drafts = await seedDemoNewsroom(db, new Date());
  return { masters, drafts };
}
