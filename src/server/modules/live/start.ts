import { eq, isNotNull } from 'drizzle-orm';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { startDemoPublisher, type DemoPublisher } from './demo-publisher.ts';
import type { LiveContext } from './events.ts';
import { startIngest, type Ingest } from './ingest.ts';
import { resetTargets, startRestreamer } from './restream.ts';
import { liveEvents } from './schema.ts';
import { DEMO_LIVE_SLUG } from './seed.ts';
import { removeUnpublishedSessions } from './session-sweep.ts';
import { ffmpegHasSrt, startSrtIngest, type SrtIngest } from './srt-ingest.ts';
import { startHealthSampler, type HealthSampler } from './desk-health.ts';
import { authorizePublisher, eventsThatMayPublish, recordSrtPort, wentLive } from './stream.ts';

/**
 * The live picture's processes beside the API (`npm start`): the RTMP ingest, the SRT ingest (when
 * ffmpeg has SRT), the restreaming to customers' targets, and with the demo data, the demo
 * publisher pushing to the demo live event. Session folders an earlier run left without a picture
 * are removed first (session-sweep.ts).
 */
export async function startLive(
  config: Pick<Config, 'host' | 'port' | 'dataDir' | 'live'>,
  ctx: LiveContext & { secret: string },
  ffmpeg: string,
  log: (message: string) => void,
): Promise<{ stop(): Promise<void> }> {
  if (config.live.rtmpPort === null) return { stop: async () => undefined };
  const hlsRoot = path.join(config.dataDir, 'live');
  const swept = await removeUnpublishedSessions(hlsRoot);
  if (swept > 0) log(`removed ${swept} session folders of sessions that never published`);
  // What the live desk shows of each picture this process packages (desk-health.ts).
  const health = startHealthSampler({ ctx, hlsRoot, ffmpeg, log });
  const published = (eventId: number) => {
    health.publishing(eventId);
    void wentLive(ctx, eventId).catch((error: unknown) => log(`going live failed: ${String(error)}`));
  };
  const ingest: Ingest = await startIngest({
    host: config.host,
    port: config.live.rtmpPort,
    ffmpeg,
    hlsRoot,
    authorize: (key, client) => authorizePublisher(ctx, { key, client }),
    limits: config.live.ingestLimits,
    onPublish: published,
    onEnd: (eventId) => health.ended(eventId),
    log,
  });
  const srt = await startSrt(config, ctx, ffmpeg, log, health);
  // Targets are pushed from this process, which also serves the HLS they pull.
  await resetTargets(ctx);
  const restreamer = startRestreamer({
    ctx,
    hlsRoot,
    ffmpeg,
    origin: `http://127.0.0.1:${config.port}`,
    log,
  });
  let publisher: DemoPublisher | undefined;
  if (config.live.demoPublisher) {
    const [demo] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.slug, DEMO_LIVE_SLUG));
    if (demo?.streamKey)
      publisher = startDemoPublisher({ ffmpeg, url: `rtmp://127.0.0.1:${ingest.port}/live/${demo.streamKey}`, title: demo.title, log });
  }
  return {
    async stop() {
      publisher?.stop();
      restreamer.stop();
      health.stop();
      await Promise.all([ingest.close(), srt?.close()]);
    },
  };
}

/** One SRT listener per event that may stream, its port told to the console through the event's row. */
async function startSrt(
  config: Pick<Config, 'host' | 'dataDir' | 'live'>,
  ctx: LiveContext,
  ffmpeg: string,
  log: (message: string) => void,
  health: HealthSampler,
): Promise<SrtIngest | null> {
  if (!config.live.srtPorts) return null;
  if (!ffmpegHasSrt(ffmpeg)) {
    log('this ffmpeg has no SRT: the SRT ingest is off (install Debian ffmpeg or set FFMPEG_PATH)');
    return null;
  }
  // Ports of an earlier run are nobody's now.
  await ctx.db.update(liveEvents).set({ srtPort: null }).where(isNotNull(liveEvents.srtPort));
  return startSrtIngest({
    host: config.host,
    ports: config.live.srtPorts,
    ffmpeg,
    hlsRoot: path.join(config.dataDir, 'live'),
    openEvents: () => eventsThatMayPublish(ctx),
    onListening: (eventId, port) =>
      void recordSrtPort(ctx, eventId, port).catch((error: unknown) => log(`SRT port not recorded: ${String(error)}`)),
    onPublish: (eventId) => {
      health.publishing(eventId);
      void wentLive(ctx, eventId).catch((error: unknown) => log(`going live failed: ${String(error)}`));
    },
    onEnd: (eventId) => health.ended(eventId),
    log,
  });
}
