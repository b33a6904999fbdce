import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig, requireSharedSecrets } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startJobRunner, type JobRunner } from './jobs/runner.ts';
import { seedDemoMasters } from './modules/downloads/demo-masters-seed.ts';
import { seedDemoNewsroom } from './seed/newsroom.ts';
import { reconcilePayments } from './modules/payments/reconciliation.ts';
import { startLive, type Live } from './modules/live/start.ts';
import { generateDemoClips } from './modules/media/demo-clips.ts';
import { queueMissingStoryboards } from './modules/media/storyboards.ts';
import { resolveFfmpeg, stopFfmpegRuns } from './modules/media/ffmpeg.ts';
import { projectRoot } from './paths.ts';
import { createServices, publicOrigin } from './services.ts';
import { readableLogs, terminalLogStream } from './terminal-log.ts';
import pino from 'pino';

const webRoot = path.join(projectRoot, 'dist', 'web');
/** At shutdown, between no longer accepting connections and closing the idle ones. */
const STOP_ACCEPTING_MS = 250;

async function main() {
  const config = parseConfig(process.env, { webRoot: existsSync(webRoot) ? webRoot : undefined });
  requireSharedSecrets(config);
  const database = await openDatabase(config);
  await prepareDatabase(database, { seedDemo: config.seedDemo });
  const logStream = readableLogs(config) ? terminalLogStream() : undefined;
  const logOptions = { level: config.logLevel === 'silent' ? 'silent' : config.logLevel };
  const services = { ...(await createServices(config, database, logStream ? pino(logOptions, logStream) : pino(logOptions))), logStream };
  const app = await buildApp(config, services);
  let jobs: JobRunner | undefined;
  let live: Live | undefined = undefined;
  app.addHook('onClose', async () => {
    // The children, once requests in flight have finished: the live ingest, any ffmpeg still
    // running (a render cut short is taken up again by a worker), the jobs.
    await live?.stop();
    await stopFfmpegRuns();
    await jobs?.stop();
    await services.jobs.stop();
    await services.background.idle();
    await services.mailer.stop();
    await services.broadcaster.close();
    await services.caches.close();
    await database.close();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainSeconds, graceSeconds } = config.shutdown;
    app.log.info({ signal, drainSeconds, graceSeconds }, 'shutting down: readiness answers 503 for the drain');
    // The drain: the load balancer's probe fails and it sends no more; what still comes is served.
    app.drain();
    await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    // Past the grace, connections still busy (a download to a client that reads too slowly) are cut,
    // and if even the children will not end, the process exits anyway. A SIGKILL, which no handler
    // sees, ends every ffmpeg by its parent-death signal.
    const cut = setTimeout(() => {
      app.log.warn('shutdown: requests still in flight after SHUTDOWN_GRACE_SECONDS are cut');
      app.server.closeAllConnections();
    }, graceSeconds * 1000);
    const force = setTimeout(() => process.exit(1), (graceSeconds + 10) * 1000);
    cut.unref();
    force.unref();
    // Stop accepting first, at the socket: a connection accepted a moment ago has its request read
    // and answered. Closing the server at once would close it as idle, unread, a reset to its client.
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, STOP_ACCEPTING_MS));
    // Lets requests in flight finish, closes idle connections, then ends the children (onClose above).
    await app.close();
    process.exit(0);
  };
  const onSignal = (signal: string) =>
    void shutdown(signal).catch((error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // Jobs are worked here unless WORKERS=off leaves them to `npm run worker` processes; they start
  // once the app answers, so readiness does not wait for pg-boss.
  if (config.workers === 'in-process')
    jobs = await startJobRunner({
      database,
      clock: services.clock,
      services: {
        mailer: services.mailer,
        cards: services.cards,
        publicOrigin: publicOrigin(config),
        files: services.files,
        push: services.push,
        outbound: services.outbound,
        broadcast: (channel, stream, message) => services.broadcaster.broadcast(channel, stream, message),
        caches: services.caches,
        payments: { wallet: services.wallet, graceSeconds: config.payments.graceSeconds },
      },
      log: app.log.child({ part: 'jobs' }),
      name: 'api',
    }).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
  // Purchases a crash left pending are asked about at their providers now, not only at the job's next minute.
  void reconcilePayments({
    db: database.db,
    clock: services.clock,
    mailer: services.mailer,
    publicOrigin: publicOrigin(config),
    cards: services.cards,
    wallet: services.wallet,
    graceSeconds: config.payments.graceSeconds,
  }).then(
    (counts) => app.log.info({ part: 'payments', ...counts }, 'pending payments reconciled at start-up'),
    (error: unknown) =>
      app.log.error({ part: 'payments', err: error }, 'pending payments not all reconciled at start-up; the job tries again'),
  );
  live = await startLive({
    config,
    ctx: {
      db: database.db,
      clock: services.clock,
      secret: services.secret,
      store: services.files.store,
      caches: services.caches,
      broadcast: (channel, stream, message) => services.broadcaster.broadcast(channel, stream, message),
      jobs: services.jobs,
      outbound: services.outbound,
    },
    ffmpeg: resolveFfmpeg(config.ffmpegPath),
    // A taken RTMP port leaves the platform up without an ingest, and says so here.
    log: (message) => app.log.warn({ part: 'live' }, message),
  });
  await live.ready;
  const shown = config.publicUrl ?? `http://localhost:${config.port}`;
  const where = database.kind === 'pglite' ? `embedded, ${config.dataDir}/db` : 'PostgreSQL';
  console.log(`Newsreel is ready at ${shown} (database: ${where}; jobs: ${jobs ? 'in this process' : 'left to npm run worker'})`);
  if (!config.webRoot) console.log('The browser app is not built; run `npm run build` or use `npm start`.');
  // Storyboards of masters that have none (the demo's, those stored before storyboards existed): asked
  // of the job queue, which makes them one at a time at the lowest priority; start-up waits for none.
  const storyboards = () =>
    queueMissingStoryboards(database.db, services.jobs).then((queued) => {
      if (queued > 0) app.log.info({ queued }, 'storyboards asked for');
    });
  if (config.seedDemo) {
    // Playable previews for the demo, made in the background so start-up does not wait for ffmpeg.
    void generateDemoClips({
      db: database.db,
      storageDir: path.join(config.dataDir, 'storage'),
      ffmpeg: resolveFfmpeg(config.ffmpegPath),
      log: app.log,
      count: 20,
    })
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo preview clips failed'))
      // Then the masters downloads are rendered from, one at a time.
      .then(() => seedDemoMasters({ db: database.db, files: services.files, log: app.log, count: config.demoMasters }))
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo masters failed'))
      .then(storyboards)
      .catch((error: unknown) => app.log.warn({ err: error }, 'storyboards were not asked for'))
      // Then the newsroom's drafts, whose footage is one of those masters.
      .then(() => seedDemoNewsroom(database.db, new Date()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo newsroom failed'));
  } else void storyboards().catch((error: unknown) => app.log.warn({ err: error }, 'storyboards were not asked for'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
