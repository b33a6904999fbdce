import type { ChildProcess } from 'node:child_process';
import { inArray } from 'drizzle-orm';
import { PUSHED_TARGET_KINDS, type TargetState } from '../../../common/live.ts';
import type { ServiceContext } from '../../context.ts';
import { FfmpegError, FFMPEG_MEMORY, spawnFfmpeg } from '../media/ffmpeg.ts';
import { OutboundRefused } from '../security/outbound.ts';
import { restreamDestination, type RestreamDestination } from './restream-destination.ts';
import { liveTargets } from './schema.ts';
import { currentSession } from './sessions.ts';
import { playbackUrl } from './stream.ts';

/**
 * Restreaming (issue: live events, "Restreaming"): while an event's picture is on, each of its
 * customers' push targets (a platform's or their own RTMP ingest, an SRT listener we call) gets one
 * ffmpeg of its own pulling the event's HLS from the platform and sending it on, copied. Each
 * target is supervised on its own: one that fails is marked failed and reconnected after a pause,
 * without touching the others (a tee muxer's failed output never reconnects: STACK.md). A
 * deleted target, or the end of the picture, stops its ffmpeg. Each start checks the target's
 * address again (restream-destination.ts): one the outbound policy refuses now is marked failed.
 */
export type RestreamOptions = {
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'secret' | 'outbound'>;
  ffmpeg: string;
  /** Where this process's platform answers, for the HLS pull: http://127.0.0.1:{port}. */
  origin: string;
  everyMs?: number;
  reconnectMs?: number;
  log?(message: string): void;
};

type Running = { child: ChildProcess; startedAt: number };
type TargetRow = typeof liveTargets.$inferSelect;

/**
 * The one ffmpeg a target gets: the event's HLS pulled from the platform, copied to the checked
 * destination; bounded like every run (media/ffmpeg.ts), with no timeout while the event streams.
 */
function spawnRestream(ffmpeg: string, source: string, destination: RestreamDestination): ChildProcess {
  const args = [
    ...['-loglevel', 'error', '-i', source, '-map', '0', '-c', 'copy'],
    ...destination.options,
    ...['-f', destination.format, destination.url],
  ];
  return spawnFfmpeg(ffmpeg, args, { timeoutMs: null, memoryBytes: FFMPEG_MEMORY.video }).child;
}

export function startRestreamer(options: RestreamOptions): { sync(): Promise<void>; stop(): void } {
  const { ctx } = options;
  const running = new Map<number, Running>();
  const resting = new Map<number, number>();
  const reconnectMs = options.reconnectMs ?? 5000;
  let stopped = false;

  const mark = (ids: number[], state: TargetState) =>
    ids.length === 0
      ? Promise.resolve()
      : ctx.db
          .update(liveTargets)
          .set({ state })
          .where(inArray(liveTargets.id, ids))
          .then(() => undefined);

  const rest = (id: number) => {
    resting.set(id, Date.now() + reconnectMs);
    void mark([id], 'failed');
  };

  const launch = async (target: TargetRow) => {
    let destination: RestreamDestination | null;
    try {
      destination = await restreamDestination(ctx, target);
    } catch (error) {
      if (!(error instanceof OutboundRefused)) throw error;
      options.log?.(`restream ${target.id}: ${error.message}`);
      rest(target.id);
      return;
    }
    if (!destination || stopped) return;
    const source = `${options.origin}${playbackUrl(ctx.secret, target.eventId, ctx.clock.now())}`;
    let child: ChildProcess;
    try {
      child = spawnRestream(options.ffmpeg, source, destination);
    } catch (error) {
      // The server is stopping: no new ffmpeg, and nothing to rest.
      if (error instanceof FfmpegError) return;
      throw error;
    }
    child.stderr?.on('data', (chunk: Buffer) => options.log?.(`restream ${target.id}: ${chunk.toString().trim()}`));
    running.set(target.id, { child, startedAt: Date.now() });
    child.on('exit', () => {
      if (running.get(target.id)?.child !== child) return;
      running.delete(target.id);
      if (!stopped) rest(target.id);
    });
  };

  async function sync() {
    if (stopped) return;
    const targets = await ctx.db
      .select()
      .from(liveTargets)
      .where(inArray(liveTargets.kind, [...PUSHED_TARGET_KINDS]));
    // A session is on for pulling once its first playlist is stored (before that the pull would fail).
    const on = new Map<number, boolean>();
    for (const eventId of new Set(targets.map((target) => target.eventId))) on.set(eventId, (await currentSession(ctx, eventId)) !== null);
    const wanted = targets.filter((target) => on.get(target.eventId));
    const wantedIds = new Set(wanted.map((target) => target.id));
    // Gone, or the picture ended: stop and rest.
    for (const [id, { child }] of running)
      if (!wantedIds.has(id)) {
        running.delete(id);
        child.kill('SIGTERM');
      }
    await mark(
      targets.filter((target) => !wantedIds.has(target.id) && target.state !== 'idle').map((target) => target.id),
      'idle',
    );
    const now = Date.now();
    const starting: TargetRow[] = [];
    const streaming: number[] = [];
    for (const target of wanted) {
      const current = running.get(target.id);
      if (current) {
        if (target.state !== 'streaming' && now - current.startedAt > 2000) streaming.push(target.id);
        continue;
      }
      if ((resting.get(target.id) ?? 0) > now) continue;
      resting.delete(target.id);
      starting.push(target);
    }
    // Marked before launching: a target that fails at once must end up 'failed', not 'connecting'.
    await mark(
      starting.map((target) => target.id),
      'connecting',
    );
    for (const target of starting) if (!stopped) await launch(target);
    await mark(streaming, 'streaming');
  }

  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      void sync()
        .catch((error: unknown) => options.log?.(`restream: ${String(error)}`))
        .finally(() => {
          if (!stopped) loop();
        });
    }, options.everyMs ?? 3000);
    timer.unref();
  };
  loop();
  return {
    sync,
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const { child } of running.values()) child.kill('SIGTERM');
      running.clear();
    },
  };
}

/** A target that was streaming when its process went away is not streaming any more. */
export async function resetTargets(ctx: Pick<ServiceContext, 'db'>) {
  await ctx.db
    .update(liveTargets)
    .set({ state: 'idle' })
    .where(inArray(liveTargets.state, ['connecting', 'streaming']));
}
