import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { RtmpPublishReader } from './rtmp-publish.ts';

/**
 * The RTMP ingest (ARCHITECTURE "Live video"): publishers push to rtmp://host:port/live/{stream key}.
 * Each connection gets its own ffmpeg listener on a loopback port, which packages the stream as HLS
 * (1 s segments, copied, not re-encoded: H.264/AAC in). The proxy in front reads the publish
 * command's stream key and forwards the picture only when `authorize` accepts it; a wrong key, or
 * an event outside its window, is disconnected before any picture reaches ffmpeg.
 *
 * The session's folder is named in `{hlsRoot}/events/{eventId}.json`, written atomically, so that
 * any API process serves the playlist of the session going on (`dir`), and the recording job finds
 * the last one (`last`).
 */
export type IngestOptions = {
  host: string;
  port: number;
  ffmpeg: string;
  hlsRoot: string;
  /** The event a stream key may publish to now, or null. */
  authorize(streamKey: string): Promise<{ eventId: number } | null>;
  onPublish?(eventId: number): void;
  onEnd?(eventId: number): void;
  log?(message: string): void;
};

export type Ingest = { port: number; close(): Promise<void> };

const LISTEN_TIMEOUT_MS = 5000;

/** A port nobody listens on now, for one ffmpeg listener. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Connects to ffmpeg's listener as soon as it listens: that connection is the one it accepts. */
async function connectWhenListening(port: number, ffmpeg: ChildProcess): Promise<net.Socket> {
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  for (;;) {
    if (ffmpeg.exitCode !== null) throw new Error('ffmpeg ended before it listened');
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The session's whole stream, kept beside the live window (MPEG-TS, copied). */
export const RECORD_FILE = 'record.ts';

/**
 * The HLS packaging of one publisher read with `input` (ffmpeg's input options and `-i`): copy in,
 * 1 s segments, a sliding window of 60; and the whole of it.
 */
export function hlsArgs(input: string[], dir: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', ...input],
    ...['-map', '0', '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '60'],
    ...['-hls_flags', 'delete_segments+independent_segments', '-hls_segment_filename', path.join(dir, 'seg%05d.ts')],
    path.join(dir, 'index.m3u8'),
    // The whole session as it came, for the recording made when the event finishes.
    ...['-map', '0', '-c', 'copy', '-f', 'mpegts', path.join(dir, RECORD_FILE)],
  ];
}

/** Names the event's session folder for every process: a JSON file replaced atomically. */
export async function pointTo(hlsRoot: string, eventId: number, dir: string | null, last: string) {
  const events = path.join(hlsRoot, 'events');
  await mkdir(events, { recursive: true });
  const file = path.join(events, `${eventId}.json`);
  const scratch = `${file}.${randomUUID().slice(0, 8)}`;
  await writeFile(scratch, JSON.stringify({ dir, last, at: new Date().toISOString() }));
  await rename(scratch, file);
}

function handle(client: net.Socket, options: IngestOptions) {
  const log = (message: string) => options.log?.(message);
  const dir = path.join(options.hlsRoot, 'sessions', randomUUID());
  const reader = new RtmpPublishReader();
  const held: Buffer[] = [];
  let upstream: net.Socket | null = null;
  let ffmpeg: ChildProcess | null = null;
  let eventId: number | null = null;
  const state: { verdict: 'pending' | 'checking' | 'accepted' } = { verdict: 'pending' };
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    client.destroy();
    upstream?.destroy();
    ffmpeg?.kill('SIGTERM');
    if (eventId !== null) {
      const id = eventId;
      void pointTo(options.hlsRoot, id, null, dir).finally(() => options.onEnd?.(id));
    }
  };
  client.on('error', end);
  client.on('close', end);

  const forward = () => {
    if (!upstream) return;
    for (const bytes of held.splice(0)) upstream.write(bytes);
  };
  const check = async (key: string) => {
    state.verdict = 'checking';
    const allowed = await options.authorize(key).catch(() => null);
    if (!allowed || ended) {
      log(`refused a publisher with stream key ${key.slice(0, 4)}…`);
      end();
      return;
    }
    eventId = allowed.eventId;
    state.verdict = 'accepted';
    forward();
    await pointTo(options.hlsRoot, eventId, dir, dir);
    options.onPublish?.(eventId);
  };

  client.on('data', (bytes: Buffer) => {
    held.push(bytes);
    if (state.verdict === 'pending') {
      let key: string | null;
      try {
        key = reader.push(bytes);
      } catch {
        end();
        return;
      }
      if (key !== null) {
        void check(key);
        return;
      }
    }
    if (state.verdict !== 'checking') forward();
  });

  void (async () => {
    try {
      await mkdir(dir, { recursive: true });
      const port = await freeLoopbackPort();
      ffmpeg = spawn(options.ffmpeg, hlsArgs(['-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/stream`], dir), {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      ffmpeg.stderr?.on('data', (chunk: Buffer) => log(`ffmpeg: ${chunk.toString().trim()}`));
      ffmpeg.on('exit', end);
      upstream = await connectWhenListening(port, ffmpeg);
      upstream.on('data', (bytes: Buffer) => client.write(bytes));
      upstream.on('error', end);
      upstream.on('close', end);
      if (state.verdict !== 'checking') forward();
    } catch (error) {
      log(`the ingest could not start ffmpeg: ${String(error)}`);
      end();
    }
  })();
}

export function startIngest(options: IngestOptions): Promise<Ingest> {
  const connections = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    handle(client, options);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () =>
          new Promise<void>((done) => {
            for (const client of connections) client.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
