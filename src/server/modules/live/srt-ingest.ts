import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { hlsArgs, pointTo } from './ingest.ts';

/**
 * The SRT ingest (ARCHITECTURE "Live video"): each event that may stream now has an SRT listener of
 * its own, on a port of the range given, encrypted with the event's stream key as passphrase. A
 * caller with another passphrase is refused by SRT's handshake, so no picture without the key
 * reaches ffmpeg. The listener packages the stream as HLS like the RTMP ingest does, names the
 * session in the same pointer file once its first playlist is written, and is started again after
 * each publisher leaves, while its event may stream.
 */
export type SrtIngestOptions = {
  /** The address listeners bind to. */
  host: string;
  ports: { first: number; last: number };
  ffmpeg: string;
  hlsRoot: string;
  /** The events that may publish now, with their keys (SRT passphrases: 10 to 79 characters). */
  openEvents(): Promise<{ eventId: number; streamKey: string }[]>;
  /** An event's listener took a port, or gave it back (null). */
  onListening?(eventId: number, port: number | null): void;
  onPublish?(eventId: number): void;
  onEnd?(eventId: number): void;
  log?(message: string): void;
  /** How often the events that may publish are read again. */
  pollMs?: number;
};

export type SrtIngest = { portOf(eventId: number): number | undefined; close(): Promise<void> };

type Listener = { eventId: number; streamKey: string; port: number; ffmpeg: ChildProcess | null; closed: boolean };

/** Whether this ffmpeg build speaks SRT (Debian's does; the npm fallback build does not). */
export function ffmpegHasSrt(ffmpeg: string): boolean {
  const probe = spawnSync(ffmpeg, ['-hide_banner', '-protocols'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0 && /^\s*srt\s*$/m.test(probe.stdout);
}

/** Whether nobody holds a UDP port now. */
function udpPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, host, () => socket.close(() => resolve(true)));
  });
}

const PLAYLIST_POLL_MS = 100;
const RESPAWN_MS = 300;

/** One SRT listener's sessions: ffmpeg waits for the caller, packages it, and is started again once it leaves. */
function listen(listener: Listener, options: SrtIngestOptions) {
  const log = (message: string) => options.log?.(message);
  const dir = path.join(options.hlsRoot, 'sessions', randomUUID());
  const url = `srt://${options.host}:${listener.port}?mode=listener&passphrase=${encodeURIComponent(listener.streamKey)}`;
  // Without a short probe the first segment waits 5 s (../shared/STACK.md).
  const input = ['-analyzeduration', '500000', '-probesize', '200000', '-i', url];
  let published = false;
  void mkdir(dir, { recursive: true }).then(() => {
    if (listener.closed) return;
    const ffmpeg = spawn(options.ffmpeg, hlsArgs(input, dir), { stdio: ['ignore', 'ignore', 'pipe'] });
    listener.ffmpeg = ffmpeg;
    ffmpeg.stderr?.on('data', (chunk: Buffer) => log(`ffmpeg (srt ${listener.port}): ${chunk.toString().trim()}`));
    // The session is the event's once its first playlist is written: a caller came with the key.
    const watch = setInterval(() => {
      if (published || !existsSync(path.join(dir, 'index.m3u8'))) return;
      published = true;
      void pointTo(options.hlsRoot, listener.eventId, dir, dir).then(() => options.onPublish?.(listener.eventId));
    }, PLAYLIST_POLL_MS);
    ffmpeg.on('exit', () => {
      clearInterval(watch);
      listener.ffmpeg = null;
      if (published) void pointTo(options.hlsRoot, listener.eventId, null, dir).finally(() => options.onEnd?.(listener.eventId));
      else void rm(dir, { recursive: true, force: true });
      if (!listener.closed) setTimeout(() => !listener.closed && listen(listener, options), RESPAWN_MS);
    });
  });
}

export function startSrtIngest(options: SrtIngestOptions): SrtIngest {
  const listeners = new Map<number, Listener>();
  let stopped = false;
  let reconciling: Promise<void> = Promise.resolve();

  const stop = (listener: Listener) => {
    listener.closed = true;
    listener.ffmpeg?.kill('SIGTERM');
    listeners.delete(listener.eventId);
    options.onListening?.(listener.eventId, null);
  };

  const freePort = async (): Promise<number | null> => {
    const taken = new Set([...listeners.values()].map((listener) => listener.port));
    for (let port = options.ports.first; port <= options.ports.last; port += 1)
      if (!taken.has(port) && (await udpPortFree(options.host, port))) return port;
    return null;
  };

  /** Listens for each event that may publish, and stops listening for the rest. */
  const reconcile = async () => {
    const open = await options.openEvents().catch((error: unknown) => {
      options.log?.(`the SRT ingest could not read the events: ${String(error)}`);
      return null;
    });
    if (!open || stopped) return;
    for (const listener of listeners.values())
      if (!open.some((event) => event.eventId === listener.eventId && event.streamKey === listener.streamKey)) stop(listener);
    for (const event of open) {
      if (listeners.has(event.eventId)) continue;
      const port = await freePort();
      if (port === null) {
        options.log?.(`no SRT port left for live event ${event.eventId}`);
        return;
      }
      if (stopped) return;
      const listener: Listener = { ...event, port, ffmpeg: null, closed: false };
      listeners.set(event.eventId, listener);
      options.onListening?.(event.eventId, port);
      listen(listener, options);
    }
  };

  const tick = () => {
    reconciling = reconciling.then(reconcile);
  };
  tick();
  const timer = setInterval(tick, options.pollMs ?? 5000);
  return {
    portOf: (eventId) => listeners.get(eventId)?.port,
    async close() {
      stopped = true;
      clearInterval(timer);
      await reconciling;
      const all = [...listeners.values()];
      const exits = all.map(
        (listener) => new Promise<void>((resolve) => (listener.ffmpeg ? listener.ffmpeg.once('exit', () => resolve()) : resolve())),
      );
      all.forEach(stop);
      await Promise.all(exits);
    },
  };
}
