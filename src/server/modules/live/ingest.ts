import net from 'node:net';
import { startHlsSession, type HlsSession } from './hls-session.ts';
import type { LiveStorage } from './sessions.ts';
import { clientOf, DEFAULT_INGEST_LIMITS, PendingConnections, type IngestLimits } from './ingest-guard.ts';
import { flvHeader } from './flv.ts';
import { RtmpPublishSession } from './rtmp-publish.ts';

/**
 * The RTMP ingest (ARCHITECTURE "Live video"): publishers push to rtmp://host:port/live/{stream key}.
 * The ingest answers RTMP itself up to the publish command (rtmp-publish.ts), within
 * `handshakeSeconds` of the connection and under the caps of ingest-guard.ts, and asks `authorize`
 * about the key. Only a key accepted now starts anything: a session folder and one ffmpeg that
 * reads the publisher's picture as FLV on its stdin and packages it as HLS (hls-session.ts; 1 s
 * segments, copied, not re-encoded: H.264/AAC in). Idle, garbage and wrong-key connections cost a
 * socket for a few seconds, no process and no file.
 */
export type IngestOptions = {
  host: string;
  port: number;
  ffmpeg: string;
  /** Where sessions are packaged and stored (sessions.ts). */
  storage: LiveStorage;
  /** The event a stream key may publish to now, from this client (its address, an IPv6 one as its /64); null refuses it. */
  authorize(streamKey: string, address: string): Promise<{ eventId: number } | null>;
  limits?: IngestLimits;
  onPublish?(eventId: number, dir: string): void;
  onEnd?(eventId: number): void;
  log?(message: string): void;
};

export type Ingest = { port: number; close(): Promise<void> };

/** What a refused publisher is given to read its refusal before the connection closes. */
const REFUSAL_LINGER_MS = 1000;
/** How long ffmpeg has to finish a session after its publisher left. */
const FINISH_MS = 10_000;

function handle(client: net.Socket, options: IngestOptions, pending: PendingConnections, sessions: Set<HlsSession>) {
  const log = (message: string) => options.log?.(message);
  const address = clientOf(client.remoteAddress ?? '');
  const limits = options.limits ?? DEFAULT_INGEST_LIMITS;
  pending.admit(client, address);
  const deadline = setTimeout(() => client.destroy(), limits.handshakeSeconds * 1000);
  let session: HlsSession | null = null;
  let closed = false;

  const rtmp = new RtmpPublishSession({
    send: (bytes) => void (!closed && client.write(bytes)),
    publish: (key) => {
      client.pause();
      void admitPublisher(key);
    },
    media: (tags) => {
      const input = session?.input;
      if (!input) return;
      let room = true;
      for (const tag of tags) room = input.write(tag) && room;
      if (!room) {
        client.pause();
        input.once('drain', () => client.resume());
      }
    },
    unpublish: () => client.end(),
  });

  const admitPublisher = async (key: string) => {
    const allowed = await options.authorize(key, address).catch((error: unknown) => {
      log(`the stream key could not be checked: ${String(error)}`);
      return null;
    });
    if (closed) return;
    if (!allowed) {
      log(`refused a publisher from ${address} with stream key ${key.slice(0, 4)}…`);
      rtmp.refuse();
      client.end();
      setTimeout(() => client.destroy(), REFUSAL_LINGER_MS).unref();
      return;
    }
    clearTimeout(deadline);
    pending.settle(client);
    try {
      session = await startHlsSession({
        ffmpeg: options.ffmpeg,
        storage: options.storage,
        eventId: allowed.eventId,
        input: ['-f', 'flv', '-i', 'pipe:0'],
        stdin: true,
        log,
        onPublish: (eventId, dir) => options.onPublish?.(eventId, dir),
        onEnd: (eventId) => options.onEnd?.(eventId),
      });
    } catch (error) {
      log(`the ingest could not start a session: ${String(error)}`);
      client.destroy();
      return;
    }
    sessions.add(session);
    void session.ended.then(() => {
      if (session) sessions.delete(session);
      client.destroy();
    });
    if (closed) {
      session.input?.end();
      return;
    }
    session.input?.write(flvHeader());
    rtmp.accept();
    client.resume();
  };

  client.on('data', (bytes: Buffer) => {
    try {
      rtmp.push(bytes);
    } catch (error) {
      log(`closed an RTMP connection from ${address}: ${error instanceof Error ? error.message : String(error)}`);
      client.destroy();
    }
  });
  client.on('error', () => client.destroy());
  client.on('close', () => {
    closed = true;
    clearTimeout(deadline);
    pending.settle(client);
    // The end of the picture: ffmpeg finishes the playlist and the record file, then exits (or is told to).
    if (session) {
      session.input?.end();
      const stop = setTimeout(() => session?.stop(), FINISH_MS);
      void session.ended.then(() => clearTimeout(stop));
    }
  });
}

export function startIngest(options: IngestOptions): Promise<Ingest> {
  const connections = new Set<net.Socket>();
  const sessions = new Set<HlsSession>();
  const pending = new PendingConnections(options.limits ?? DEFAULT_INGEST_LIMITS);
  const server = net.createServer((client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    handle(client, options, pending, sessions);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: async () => {
          const closing = new Promise<void>((done) => server.close(() => done()));
          const ended = [...sessions].map((session) => session.ended);
          for (const client of connections) client.destroy();
          for (const session of sessions) session.stop();
          await Promise.all([closing, ...ended]);
        },
      });
    });
  });
}
