import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { HEALTH_STALE_SECONDS, isHealthy, VIEWER_WINDOW_SECONDS, type PictureHealth } from '../../../common/live-desk.ts';
import type { ServiceContext } from '../../context.ts';
import { FFMPEG_MEMORY, spawnFfmpeg } from '../media/ffmpeg.ts';
import { liveIngestHealth, liveViewers } from './desk-schema.ts';
import { currentSession } from './sessions.ts';
import { playbackUrl } from './stream.ts';

/**
 * The incoming picture's health for the live desk (issue "Live desk": publisher connected, bitrate,
 * frame rate, resolution, age of the last segment, viewers). The process running an event's ingest
 * reads its HLS session every few seconds and writes what it saw to the database; the desk's call,
 * in whichever API process, reads that row. Viewers are counted where the playlist is served.
 */
type HealthContext = Pick<ServiceContext, 'db' | 'clock'>;

export const SAMPLE_EVERY_MS = 2000;
/** Resolution and frame rate change rarely; ffmpeg looks at a segment this often per event. */
const PROBE_EVERY_MS = 10_000;
/** Segments the bitrate is averaged over. */
const BITRATE_SEGMENTS = 5;
/** A viewer's row is rewritten at most this often, so a playlist fetched every second costs a write every few. */
const VIEWER_WRITE_EVERY_SECONDS = 5;
/** Viewer rows older than this are removed by the sampler. */
const VIEWER_KEEP_MS = 10 * 60_000;

type Probe = { width: number; height: number; frameRate: number };

/** Width, height and frame rate of a segment, from what ffmpeg says of its input (bounded like every run). */
export async function probeSegment(ffmpeg: string, file: string): Promise<Probe | null> {
  let said = '';
  const segment = await readFile(file).catch(() => null);
  if (!segment) return null; // gone from the sliding window meanwhile
  try {
    // The segment goes through stdin: a short look, not a packager of the session (live/test-support.ts counts those by path).
    const run = spawnFfmpeg(ffmpeg, ['-hide_banner', '-i', 'pipe:0'], {
      timeoutMs: 10_000,
      memoryBytes: FFMPEG_MEMORY.image,
      background: true,
      stdin: 'pipe',
    });
    run.child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    run.child.stdin?.on('error', () => undefined); // ffmpeg may stop reading once it has seen enough
    run.child.stdin?.end(segment);
    // Without an output ffmpeg exits with an error once it has described the input: what we asked for.
    await run.done.catch(() => undefined);
  } catch {
    return null; // the server is stopping
  }
  const video = /Stream #[^\n]*Video:[^\n]*?\b(\d{2,5})x(\d{2,5})\b[^\n]*?([\d.]+) (?:fps|tbr)/.exec(said);
  if (!video) return null;
  return { width: Number(video[1]), height: Number(video[2]), frameRate: Number(video[3]) };
}

/** The playlist's segments, in order, with their durations. */
export function playlistSegments(playlist: string): { file: string; seconds: number }[] {
  const segments: { file: string; seconds: number }[] = [];
  let seconds: number | null = null;
  for (const line of playlist.split('\n').map((text) => text.trim())) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line && !line.startsWith('#') && seconds !== null) {
      segments.push({ file: line, seconds });
      seconds = null;
    }
  }
  return segments;
}

/** One reading of an event's session folder: what the row says. */
export async function readSession(
  dir: string,
): Promise<{ bitrateKbps: number | null; lastSegmentAgeMs: number | null; newest: string | null } | null> {
  const playlistFile = path.join(dir, 'index.m3u8');
  const [playlist, written] = await Promise.all([readFile(playlistFile, 'utf8').catch(() => null), stat(playlistFile).catch(() => null)]);
  if (playlist === null || !written) return null;
  const recent = playlistSegments(playlist).slice(-BITRATE_SEGMENTS);
  const sizes = await Promise.all(
    recent.map((segment) =>
      stat(path.join(dir, segment.file)).then(
        (s) => s.size,
        () => null,
      ),
    ),
  );
  const kept = recent.filter((_segment, index) => sizes[index] !== null);
  const bytes = sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  const seconds = kept.reduce((sum, segment) => sum + segment.seconds, 0);
  const newest = recent.at(-1)?.file ?? null;
  return {
    bitrateKbps: seconds > 0 ? Math.round((bytes * 8) / seconds / 1000) : null,
    // The playlist is rewritten as each segment is done: its age is the newest segment's.
    lastSegmentAgeMs: newest ? Math.max(0, Date.now() - written.mtimeMs) : null,
    newest: newest ? path.join(dir, newest) : null,
  };
}

async function writeReading(ctx: HealthContext, eventId: number, values: Omit<typeof liveIngestHealth.$inferInsert, 'eventId'>) {
  await ctx.db
    .insert(liveIngestHealth)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: liveIngestHealth.eventId, set: values });
}

export type HealthSampler = {
  /** The event's publisher is on in this process, packaged in `dir`: it is read from now on. */
  publishing(eventId: number, dir: string): void;
  /** The publisher left: the row says so at once. */
  ended(eventId: number): void;
  /** One round now (tests; the timer does it every SAMPLE_EVERY_MS). */
  sample(): Promise<void>;
  stop(): void;
};

/** Started beside the ingest (start.ts): reads every session this process packages. */
export function startHealthSampler(options: {
  ctx: HealthContext;
  ffmpeg: string;
  everyMs?: number;
  log(message: string): void;
}): HealthSampler {
  const { ctx, ffmpeg } = options;
  /** The events publishing here, and their sessions' local folders. */
  const active = new Map<number, string>();
  const probes = new Map<number, { at: number; probe: Probe | null }>();

  const sampleEvent = async (eventId: number) => {
    const dir = active.get(eventId);
    const reading = dir ? await readSession(dir) : null;
    const known = probes.get(eventId);
    let probe = known?.probe ?? null;
    if (reading?.newest && (!known || Date.now() - known.at >= PROBE_EVERY_MS || !known.probe)) {
      probe = await probeSegment(ffmpeg, reading.newest);
      probes.set(eventId, { at: Date.now(), probe });
    }
    const now = ctx.clock.now();
    await writeReading(ctx, eventId, {
      connected: active.has(eventId),
      bitrateKbps: reading?.bitrateKbps ?? null,
      frameRate: probe?.frameRate ?? null,
      width: probe?.width ?? null,
      height: probe?.height ?? null,
      // The test clock and the files' real times differ: the age is kept, counted back from the clock.
      lastSegmentAt: reading?.lastSegmentAgeMs == null ? null : new Date(now.getTime() - reading.lastSegmentAgeMs),
      sampledAt: now,
    });
  };

  const sample = async () => {
    for (const eventId of [...active.keys()])
      await sampleEvent(eventId).catch((error: unknown) => options.log(`health of event ${eventId}: ${String(error)}`));
    await ctx.db
      .delete(liveViewers)
      .where(lt(liveViewers.seenAt, new Date(ctx.clock.now().getTime() - VIEWER_KEEP_MS)))
      .catch((error: unknown) => options.log(`viewers not tidied: ${String(error)}`));
  };

  let running = false;
  const timer = setInterval(() => {
    if (running || active.size === 0) return;
    running = true;
    void sample().finally(() => (running = false));
  }, options.everyMs ?? SAMPLE_EVERY_MS);
  timer.unref();

  return {
    publishing(eventId, dir) {
      active.set(eventId, dir);
      probes.delete(eventId);
    },
    ended(eventId) {
      active.delete(eventId);
      probes.delete(eventId);
      void writeReading(ctx, eventId, {
        connected: false,
        bitrateKbps: null,
        frameRate: null,
        width: null,
        height: null,
        lastSegmentAt: null,
        sampledAt: ctx.clock.now(),
      }).catch((error: unknown) => options.log(`health of event ${eventId}: ${String(error)}`));
    },
    sample,
    stop: () => clearInterval(timer),
  };
}

/** Who fetched the playlist: the address and the signed link (one per opened player), hashed. */
export function viewerOf(address: string, signature: string): string {
  return createHash('sha256').update(`${address}|${signature}`).digest('base64url').slice(0, 22);
}

/** A playlist was served to a viewer; rewritten at most every few seconds per viewer. */
export async function noteViewer(ctx: HealthContext, eventId: number, viewer: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(liveViewers)
    .values({ eventId, viewer, seenAt: now })
    .onConflictDoUpdate({
      target: [liveViewers.eventId, liveViewers.viewer],
      set: { seenAt: now },
      setWhere: sql`${liveViewers.seenAt} < ${new Date(now.getTime() - VIEWER_WRITE_EVERY_SECONDS * 1000)}`,
    });
}

/** GET /api/desk/live/events/{id}/health: the last reading, judged now, and the viewers of the last half minute. */
export async function pictureHealth(ctx: HealthContext & { secret: string }, eventId: number): Promise<PictureHealth> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(liveIngestHealth).where(eq(liveIngestHealth.eventId, eventId));
  const [watching] = await ctx.db
    .select({ n: count() })
    .from(liveViewers)
    .where(and(eq(liveViewers.eventId, eventId), gte(liveViewers.seenAt, new Date(now.getTime() - VIEWER_WINDOW_SECONDS * 1000))));
  // A reading nobody renewed: the ingest holding the event is gone.
  const fresh = row ? now.getTime() - row.sampledAt.getTime() <= HEALTH_STALE_SECONDS * 1000 : false;
  const connected = Boolean(row?.connected && fresh);
  const reading = {
    connected,
    bitrate_kbps: connected ? (row?.bitrateKbps ?? null) : null,
    frame_rate: connected && row?.frameRate != null ? Math.round(row.frameRate * 100) / 100 : null,
    width: connected ? (row?.width ?? null) : null,
    height: connected ? (row?.height ?? null) : null,
    last_segment_age_seconds: row?.lastSegmentAt ? Math.max(0, Math.round((now.getTime() - row.lastSegmentAt.getTime()) / 100) / 10) : null,
  };
  return {
    ...reading,
    healthy: isHealthy(reading),
    viewers: watching?.n ?? 0,
    sampled_at: row?.sampledAt.toISOString() ?? null,
    preview_url: (await currentSession(ctx, eventId)) ? playbackUrl(ctx.secret, eventId, now) : null,
  };
}
