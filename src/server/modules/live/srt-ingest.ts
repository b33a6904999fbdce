import { spawnSync } from 'node:child_process';
import dgram from 'node:dgram';
import { startHlsSession, type HlsSession } from './hls-session.ts';
import type { LiveStorage } from './sessions.ts';

/**
 * The SRT ingest (ARCHITECTURE "Live video"): each event that may stream now has an SRT listener of
 * its own, on a port of the range given, encrypted with the event's stream key as passphrase. A
 * caller with another passphrase is refused by SRT's handshake inside the waiting ffmpeg, which
 * goes on waiting: wrong passphrases and stray datagrams cost no process and no folder. The
 * listener packages the stream as HLS like the RTMP ingest does (hls-session.ts), and is started
 * again after each session; one whose sessions end without a picture is started again less and
 * less often.
 */
export type SrtIngestOptions = {
  /** The address listeners bind to. */
  host: string;
  ports: { first: number; last: number };
  ffmpeg: string;
  /** Where sessions are packaged and stored (sessions.ts). */
  storage: LiveStorage;
  /** The events that may publish now, with their keys (SRT passphrases: 10 to 79 characters). */
  openEvents(): Promise<{ eventId: number; streamKey: string }[]>;
  /** An event's listener took a port, or gave `previous` back (null). */
  onListening?(eventId: number, port: number | null, previous?: number): void;
  onPublish?(eventId: number, dir: string): void;
  onEnd?(eventId: number): void;
  log?(message: string): void;
  /** How often the events that may publish are read again. */
  pollMs?: number;
  /** The first wait before a listener is started again, doubled after each session without a picture. */
  respawnMs?: number;
};

export type SrtIngest = { portOf(eventId: number): number | undefined; close(): Promise<void> };

type Listener = {
  eventId: number;
  streamKey: string;
  port: number;
  session: HlsSession | null;
  /** The current session's whole life, from its start to its folder tidied. */
  running: Promise<void>;
  /** Sessions in a row that ended without publishing, and the wait before the next. */
  quiet: number;
  retry: NodeJS.Timeout | undefined;
  closed: boolean;
};

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

/** libsrt's own diagnostics say five lines for each caller it refuses; one is enough, naming why. */
function libsrtLine(line: string): string | null {
  if (!line.includes('/SRT:')) return line;
  const refusal = /rsp\(REJECT\): \d+ - (.*)$/.exec(line);
  return refusal ? `refused a caller: ${refusal[1]}` : null;
}

const RESPAWN_MS = 300;
const RESPAWN_MAX_MS = 30_000;

/** One SRT listener's sessions: ffmpeg waits for the caller, packages it, and is started again once it leaves. */
function listen(listener: Listener, options: SrtIngestOptions) {
  const url = `srt://${options.host}:${listener.port}?mode=listener&passphrase=${encodeURIComponent(listener.streamKey)}`;
  // Without a short probe the first segment waits 5 s (../shared/STACK.md).
  const input = ['-analyzeduration', '500000', '-probesize', '200000', '-i', url];
  listener.running = (async () => {
    let published = false;
    try {
      const session = await startHlsSession({
        ffmpeg: options.ffmpeg,
        storage: options.storage,
        eventId: listener.eventId,
        input,
        stdin: false,
        log: (message) => {
          const line = libsrtLine(message);
          if (line) options.log?.(`srt ${listener.port}: ${line}`);
        },
        onPublish: (eventId, dir) => options.onPublish?.(eventId, dir),
        onEnd: (eventId) => options.onEnd?.(eventId),
      });
      listener.session = session;
      if (listener.closed) session.stop();
      ({ published } = await session.ended);
    } catch (error) {
      options.log?.(`the SRT listener of live event ${listener.eventId} did not start: ${String(error)}`);
    }
    listener.session = null;
    listener.quiet = published ? 0 : listener.quiet + 1;
    if (listener.closed) return;
    // Its port taken, or a caller with the key that sent no picture: no reason to spin.
    const wait = Math.min((options.respawnMs ?? RESPAWN_MS) * 2 ** Math.max(0, listener.quiet - 1), RESPAWN_MAX_MS);
    listener.retry = setTimeout(() => !listener.closed && listen(listener, options), wait);
  })();
}

export function startSrtIngest(options: SrtIngestOptions): SrtIngest {
  const listeners = new Map<number, Listener>();
  let stopped = false;
  let reconciling: Promise<void> = Promise.resolve();

  const stop = (listener: Listener) => {
    listener.closed = true;
    clearTimeout(listener.retry);
    listener.session?.stop();
    listeners.delete(listener.eventId);
    options.onListening?.(listener.eventId, null, listener.port);
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
      const listener: Listener = { ...event, port, session: null, running: Promise.resolve(), quiet: 0, retry: undefined, closed: false };
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
      all.forEach(stop);
      await Promise.all(all.map((listener) => listener.running));
    },
  };
}
