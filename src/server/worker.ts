import pino from 'pino';
import { ConfigError, parseConfig, requireSharedSecrets } from './config.ts';
import { systemClock } from './context.ts';
import { readableLogs, terminalLogStream } from './terminal-log.ts';
import { openPostgres } from './db/client.ts';
import { startJobRunner } from './jobs/runner.ts';
import type { JobDeps } from './jobs/definition.ts';
import { JOB_QUEUES } from './jobs/queues.ts';
import { stopFfmpegRuns } from './modules/media/ffmpeg.ts';
import { paypalWallet } from './modules/payments/paypal-wallet.ts';
import { testWallet } from './modules/payments/test-wallet.ts';
import { outboundPolicyFor } from './modules/security/outbound.ts';
import {
  broadcasterFor,
  cacheBusFor,
  cardProviderFor,
  downloadFilesFor,
  loadOrCreateSecret,
  mailerFor,
  publicOrigin,
  pushSenderFor,
} from './services.ts';

/**
 * `npm run worker`: works the job queues in a process of its own, beside API processes started
 * with WORKERS=off (or not), against the PostgreSQL server at DATABASE_URL. Start as many as the
 * work needs: pg-boss hands each job to one of them. The schema is the API's to migrate at start.
 */
async function worker() {
  const config = parseConfig(process.env);
  requireSharedSecrets(config);
  if (!config.databaseUrl)
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (postgres://…): the embedded database belongs to the one process that opened it,\n' +
        'and `npm start` works the jobs in that process already.',
    );
  const logOptions = { level: config.logLevel === 'silent' ? 'silent' : config.logLevel };
  const log = (readableLogs(config) ? pino(logOptions, terminalLogStream()) : pino(logOptions)).child({ part: 'jobs' });
  const database = await openPostgres(config.databaseUrl);
  // E-mail goes out through SMTP_URL; renewals charge through the configured card provider.
  // Real-time messages (render progress) reach the API processes' clients through Redis.
  const broadcaster = await broadcasterFor(config, log);
  // Scheduled publishing changes the catalogue: the API processes drop their cached answers of it.
  const caches = await cacheBusFor(config, log);
  const services: Omit<JobDeps, 'db' | 'clock' | 'jobs'> = {
    mailer: mailerFor(config, database, systemClock, log),
    cards: await cardProviderFor(config, database, systemClock),
    publicOrigin: publicOrigin(config),
    files: await downloadFilesFor(config, await loadOrCreateSecret(config)),
    push: await pushSenderFor(config),
    outbound: outboundPolicyFor(config),
    broadcast: (channel, stream, message) => broadcaster.broadcast(channel, stream, message),
    caches,
    // The test wallet keeps its orders in the database: a worker reconciles them as it does PayPal's.
    payments: {
      wallet: config.paypal
        ? paypalWallet(config.paypal)
        : testWallet({ db: database.db, clock: systemClock, publicUrl: config.publicUrl }),
      graceSeconds: config.payments.graceSeconds,
    },
  };
  // A job may start before the runner has finished starting: SIGTERM is handled from the start.
  const starting = startJobRunner({ database, clock: systemClock, services, log, name: 'worker' }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { graceSeconds } = config.shutdown;
    log.info({ signal, graceSeconds }, 'worker stopping: no new jobs, running ones have the grace to finish');
    const force = setTimeout(() => process.exit(1), (graceSeconds + 10) * 1000);
    force.unref();
    // A job still running after the grace is failed and its ffmpeg ended (its signal aborts), and
    // pg-boss hands it to another worker; no ffmpeg outlives this process.
    const jobs = await starting;
    await jobs.stop({ timeoutMs: graceSeconds * 1000 });
    await stopFfmpegRuns();
    await services.mailer.stop();
    await broadcaster.close();
    await caches.close();
    await database.close();
    process.exit(0);
  };
  const onSignal = (signal: string) =>
    void shutdown(signal).catch((error: unknown) => {
      log.error({ err: error }, 'worker shutdown failed');
      process.exit(1);
    });
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  await starting;
  console.log(`Newsreel worker is working ${JOB_QUEUES.map((definition) => definition.queue).join(', ')}`);
}

worker().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
