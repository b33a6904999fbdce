import path from 'node:path';
import { z } from 'zod';
import { systemClock } from '../context.ts';
import { openPostgres } from '../db/client.ts';
import { startJobRunner, type JobLog } from '../jobs/runner.ts';
import { deliverJob, renderJob } from '../modules/downloads/jobs.ts';
import { localFileStore } from '../modules/downloads/storage.ts';
import { outboxMailer } from '../modules/mail/mailer.ts';
import { testCardProvider } from '../modules/payments/test-card-provider.ts';
import { unusedPushSender } from '../modules/push/sender.ts';
import { outboundPolicy } from '../modules/security/outbound.ts';

/**
 * A job worker in a process of its own, for tests that SIGKILL one in the middle of a render
 * (downloads/worker-kill.test.ts): it works the downloads queues on a PostgreSQL test database with
 * supervision every second, on the test app's files, and prints one JSON line to stdout when it is
 * working and for every real-time message a job sends (render progress, completion).
 *
 * Run as `node --import tsx src/server/test/render-worker.ts '<options as JSON>'`.
 */
const optionsSchema = z.object({
  databaseUrl: z.string().startsWith('postgres'),
  /** The test app's files: `storage/` is its store, `work/` the renders' scratch folder. */
  filesRoot: z.string(),
  ffmpeg: z.string(),
  secret: z.string(),
});
export type RenderWorkerOptions = z.infer<typeof optionsSchema>;

/** What the worker prints: one JSON object a line. */
export type RenderWorkerLine = { event: 'working' } | { event: 'broadcast'; channel: string; stream: string; message: unknown };

const print = (line: RenderWorkerLine) => process.stdout.write(`${JSON.stringify(line)}\n`);
const toStderr =
  (level: string) =>
  (details: object, message: string): void => {
    const err = 'err' in details && details.err instanceof Error ? { err: details.err.message } : {};
    process.stderr.write(`${JSON.stringify({ level, message, ...details, ...err })}\n`);
  };
const log: JobLog = { debug: () => undefined, info: toStderr('info'), warn: toStderr('warn'), error: toStderr('error') };

async function renderWorker(options: RenderWorkerOptions) {
  const database = await openPostgres(options.databaseUrl, { max: 2 });
  const mailer = outboxMailer(systemClock);
  const runner = await startJobRunner({
    database,
    clock: systemClock,
    services: {
      mailer,
      cards: testCardProvider({ db: database.db, clock: systemClock }),
      publicOrigin: 'http://localhost',
      push: unusedPushSender(),
      outbound: outboundPolicy({ allow: [], ownPorts: [] }),
      files: {
        store: localFileStore(path.join(options.filesRoot, 'storage')),
        ffmpeg: options.ffmpeg,
        workDir: path.join(options.filesRoot, 'work'),
        credit: '© Newsreel',
        secret: options.secret,
      },
      broadcast: (channel, stream, message) => print({ event: 'broadcast', channel, stream, message }),
    },
    log,
    name: 'worker',
    // Only the downloads queues: the periodic agreement jobs would move balances the test counts.
    queues: [renderJob, deliverJob],
    pollingIntervalSeconds: 0.5,
    // Production's supervision timings and retry delay: the test proves the redo within a minute.
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  process.once('SIGTERM', () => {
    void (async () => {
      await runner.stop();
      await mailer.stop();
      await database.close();
      process.exit(0);
    })();
  });
  print({ event: 'working' });
}

renderWorker(optionsSchema.parse(JSON.parse(process.argv[2] ?? '{}'))).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
