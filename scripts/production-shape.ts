/**
 * `npm run production:local`: production's shape on this machine (docs/operations.md): two API
 * processes with WORKERS=off (http://127.0.0.1:{port}, each with an RTMP port the ingest's holder
 * listens on), two `npm run worker` processes, each with a data folder of its own, on one
 * PostgreSQL database, one Redis and an S3 store (s3rver, in this process). CI runs the same shape
 * in src/server/production-shape.test.ts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/newsreel REDIS_URL=redis://127.0.0.1:6379 npm run production:local
 *
 * Ctrl-C stops every process (SIGTERM: each drains) and the S3 store, whose objects go with it.
 */
import { listening, startProductionShape } from '../src/server/test/production-shape.ts';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error('production:local needs DATABASE_URL (a PostgreSQL database) and REDIS_URL');
  process.exit(1);
}

const shape = await startProductionShape({
  databaseUrl,
  redisUrl,
  apis: Number(process.env.APIS ?? 2),
  workers: Number(process.env.SHAPE_WORKERS ?? 2),
  echo: true,
});
console.log(`S3 store: ${shape.s3.endpoint} (bucket ${shape.s3.bucket})`);
for (const api of shape.apis) {
  const ingest = (await listening(api.rtmpPort ?? 0))
    ? `holds the ingest: rtmp://127.0.0.1:${api.rtmpPort}/live/{stream key}`
    : 'stands by for the ingest';
  console.log(`${api.name}: ${api.http} (pid ${api.pid}, DATA_DIR ${api.dataDir}); ${ingest}`);
}
for (const worker of shape.workers) console.log(`${worker.name}: pid ${worker.pid}, DATA_DIR ${worker.dataDir}`);
console.log('Ctrl-C stops them all.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await shape.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
