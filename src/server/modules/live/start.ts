import { eq, isNotNull } from 'drizzle-orm';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStore } from '../downloads/storage.ts';
import { startDemoPublisher, type DemoPublisher } from './demo-publisher.ts';
import type { LiveContext } from './events.ts';
import { startIngest, type Ingest } from './ingest.ts';
import { keepLease, type LeaseKeeper } from './lease.ts';
import { resetTargets, startRestreamer } from './restream.ts';
import { liveEvents } from './schema.ts';
import { DEMO_LIVE_SLUG } from './seed.ts';
import { removeIdleSessionFolders } from './session-sweep.ts';
import { processName, type LiveStorage } from './sessions.ts';
import { ffmpegHasSrt, startSrtIngest, type SrtIngest } from './srt-ingest.ts';
import { startHealthSampler, type HealthSampler } from './desk-health.ts';
import { authorizePublisher, eventsThatMayPublish, recordSrtPort, wentLive } from './stream.ts';

/** The lease of the live ingest: one API process at a time listens for publishers and restreams. */
export const INGEST_LEASE = 'live-ingest';
export type IngestLeaseTiming = { ttlMs: number; everyMs: number };
const INGEST_LEASE_TIMING: IngestLeaseTiming = { ttlMs: 15_000, everyMs: 5_000 };

type LiveOptions = {
  config: Pick<Config, 'host' | 'port' | 'dataDir' | 'live'>;
  ctx: LiveContext & { secret: string; store: FileStore };
  ffmpeg: string;
  log: (message: string) => void;
  lease?: IngestLeaseTiming;
};

export type Live = {
  /** Whether this process holds the ingest now. */
  owns(): boolean;
  /** The RTMP port this process listens on while it owns the ingest. */
  rtmpPort(): number | null;
  /** The first bid for the ingest's lease is over (the embedded default owns it by then). */
  ready: Promise<void>;
  stop(): Promise<void>;
};

/**
 * The live picture's processes beside the API (`npm start`), run by the one API process holding
 * the ingest's lease (lease.ts; ARCHITECTURE "Live video"): the RTMP ingest, the SRT ingest (when
 * ffmpeg has SRT), the restreaming to customers' targets, and with the demo data, the demo
 * publisher. The others wait and take over within the lease's time when it ends; their ports stay
 * closed meanwhile, so a load balancer's TCP check sends publishers to the owner. Sessions are
 * stored as they are packaged (sessions.ts), so every API process plays them.
 */
export async function startLive(options: LiveOptions): Promise<Live> {
  const { config, ctx, log } = options;
  if (config.live.rtmpPort === null)
    return { owns: () => false, rtmpPort: () => null, ready: Promise.resolve(), stop: async () => undefined };
  const root = path.join(config.dataDir, 'live');
  const swept = await removeIdleSessionFolders(root);
  if (swept > 0) log(`removed ${swept} session folders an earlier run left`);
  const storage: LiveStorage = { db: ctx.db, clock: ctx.clock, store: ctx.store, root, owner: processName() };
  let duty: Duty | null = null;
  const timing = options.lease ?? INGEST_LEASE_TIMING;
  const keeper: LeaseKeeper = keepLease({
    db: ctx.db,
    name: INGEST_LEASE,
    owner: storage.owner,
    ...timing,
    gained: async () => {
      duty = await startDuty(options, storage);
    },
    lost: async () => {
      const ending = duty;
      duty = null;
      await ending?.stop();
    },
    log,
  });
  return {
    owns: () => keeper.holds(),
    rtmpPort: () => duty?.rtmpPort ?? null,
    ready: keeper.first,
    stop: () => keeper.stop(),
  };
}

type Duty = { rtmpPort: number; stop(): Promise<void> };

/** What the ingest's owner runs. */
async function startDuty(options: LiveOptions, storage: LiveStorage): Promise<Duty> {
  const { config, ctx, ffmpeg, log } = options;
  // What the live desk shows of each picture this process packages (desk-health.ts).
  const health = startHealthSampler({ ctx, ffmpeg, log });
  const published = (eventId: number, dir: string) => {
    health.publishing(eventId, dir);
    void wentLive(ctx, eventId).catch((error: unknown) => log(`going live failed: ${String(error)}`));
  };
  let ingest: Ingest;
  try {
    ingest = await startIngest({
      host: config.host,
      port: config.live.rtmpPort ?? 0,
      ffmpeg,
      storage,
      authorize: (key, client) => authorizePublisher(ctx, { key, client }),
      limits: config.live.ingestLimits,
      onPublish: published,
      onEnd: (eventId) => health.ended(eventId),
      log,
    });
  } catch (error) {
    health.stop();
    throw error;
  }
  const srt = await startSrt(options, storage, health);
  // Targets were pushed by the previous owner, if any: they start again from here.
  await resetTargets(ctx);
  const restreamer = startRestreamer({ ctx, ffmpeg, origin: `http://127.0.0.1:${config.port}`, log });
  let publisher: DemoPublisher | undefined;
  if (config.live.demoPublisher) {
    const [demo] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.slug, DEMO_LIVE_SLUG));
    if (demo?.streamKey)
      publisher = startDemoPublisher({
        ffmpeg,
        url: `rtmp://127.0.0.1:${ingest.port}/live/${demo.streamKey}`,
        title: demo.title,
        picture: config.live.demoPublisher,
        log,
      });
  }
  return {
    rtmpPort: ingest.port,
    async stop() {
      publisher?.stop();
      restreamer.stop();
      health.stop();
      await Promise.all([ingest.close(), srt?.close()]);
    },
  };
}

/** One SRT listener per event that may stream, its port told to the console through the event's row. */
async function startSrt(options: LiveOptions, storage: LiveStorage, health: HealthSampler): Promise<SrtIngest | null> {
  const { config, ctx, ffmpeg, log } = options;
  if (!config.live.srtPorts) return null;
  if (!ffmpegHasSrt(ffmpeg)) {
    log('this ffmpeg has no SRT: the SRT ingest is off (install Debian ffmpeg or set FFMPEG_PATH)');
    return null;
  }
  // Ports of the previous owner are nobody's now.
  await ctx.db.update(liveEvents).set({ srtPort: null }).where(isNotNull(liveEvents.srtPort));
  return startSrtIngest({
    host: config.host,
    ports: config.live.srtPorts,
    ffmpeg,
    storage,
    openEvents: () => eventsThatMayPublish(ctx),
    onListening: (eventId, port, previous) =>
      void recordSrtPort(ctx, eventId, port, previous).catch((error: unknown) => log(`SRT port not recorded: ${String(error)}`)),
    onPublish: (eventId, dir) => {
      health.publishing(eventId, dir);
      void wentLive(ctx, eventId).catch((error: unknown) => log(`going live failed: ${String(error)}`));
    },
    onEnd: (eventId) => health.ended(eventId),
    log,
  });
}
