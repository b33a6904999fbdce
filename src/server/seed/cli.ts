import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { cacheBusFor } from '../services.ts';
import { seedDemoMedia } from './demo-media.ts';

/**
 * `npm run seed`: migrate, then seed reference and demo data into the configured database, and the
 * demo's masters into the configured file store (DEMO_MASTERS of them, 20 by default, made by ffmpeg
 * one at a time: 10 to 20 s each on two cores; a smaller DEMO_MASTERS seeds sooner).
 */
const config = parseConfig(process.env);
const database = await openDatabase(config);
const log = {
  info: (details: object, message: string) => console.log(message, details),
  warn: (details: object, message: string) => console.warn(message, details),
};
try {
  await prepareDatabase(database, { seedDemo: true });
  console.log(`Seeded ${database.kind === 'pglite' ? `${config.dataDir}/db` : 'the PostgreSQL database'}.`);
  const made = await seedDemoMedia(database.db, config, log);
  const store = config.s3 ? `the bucket ${config.s3.bucket}` : `${config.dataDir}/storage`;
  console.log(`Demo masters: ${made.masters} made into ${store}; newsroom drafts: ${made.drafts}.`);
  // Processes already running (with REDIS_URL) drop what they cached of the catalogue and the reference tables.
  const caches = await cacheBusFor(config, log);
  caches.invalidate('catalogue');
  caches.invalidate('reference');
  await caches.close();
} finally {
  await database.close();
}
