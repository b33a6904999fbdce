import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * A publisher's side of RTMP written out by hand, for tests and the flood bench: the handshake it
 * sends (C0, C1, C2) and its connect, createStream and publish commands, all at once, as a client
 * that never waits for the server's answers would. Independent of the ingest's own RTMP code.
 */
type Amf = string | number | null | Record<string, string | number>;

function amf(value: Amf): Buffer {
  if (value === null) return Buffer.from([0x05]);
  if (typeof value === 'number') {
    const bytes = Buffer.alloc(9);
    bytes.writeUInt8(0x00, 0);
    bytes.writeDoubleBE(value, 1);
    return bytes;
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    const head = Buffer.alloc(3);
    head.writeUInt8(0x02, 0);
    head.writeUInt16BE(text.length, 1);
    return Buffer.concat([head, text]);
  }
  const parts: Buffer[] = [Buffer.from([0x03])];
  for (const [name, field] of Object.entries(value)) {
    const key = Buffer.alloc(2 + Buffer.byteLength(name));
    key.writeUInt16BE(Buffer.byteLength(name), 0);
    key.write(name, 2);
    parts.push(key, amf(field));
  }
  parts.push(Buffer.from([0x00, 0x00, 0x09]));
  return Buffer.concat(parts);
}

/** One AMF0 command message on chunk stream 3, in chunks of 128 bytes. */
function command(streamId: number, ...values: Amf[]): Buffer {
  const payload = Buffer.concat(values.map(amf));
  const header = Buffer.alloc(12);
  header.writeUInt8(0x03, 0);
  header.writeUIntBE(0, 1, 3);
  header.writeUIntBE(payload.length, 4, 3);
  header.writeUInt8(20, 7);
  header.writeUInt32LE(streamId, 8);
  const parts = [header];
  for (let at = 0; at < payload.length; at += 128) {
    if (at > 0) parts.push(Buffer.from([0xc3]));
    parts.push(payload.subarray(at, at + 128));
  }
  return Buffer.concat(parts);
}

/** The handshake's three client parts: C0 (version 3), C1 and C2 (1536 bytes each). */
export function clientHandshake(): Buffer {
  return Buffer.concat([Buffer.from([0x03]), Buffer.alloc(8), randomBytes(1528), randomBytes(1536)]);
}

/** A whole publish of `key` to app `live`: handshake, connect, createStream, publish. */
export function publishCommands(key: string): Buffer {
  return Buffer.concat([
    clientHandshake(),
    command(0, 'connect', 1, { app: 'live', type: 'nonprivate', tcUrl: 'rtmp://127.0.0.1/live' }),
    command(0, 'createStream', 2, null),
    command(1, 'publish', 3, null, key, 'live'),
  ]);
}

export type PublishAnswer = 'started' | 'refused' | 'closed';

/**
 * Connects from `localAddress` (any 127.x.y.z is this machine), sends a whole publish of `key` and
 * answers what the ingest told it: Publish.Start, a refusal, or nothing before it closed.
 */
export function publishAnswer(port: number, key: string, localAddress = '127.0.0.1', timeoutMs = 15_000): Promise<PublishAnswer> {
  return new Promise((resolve) => {
    let heard = '';
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => socket.write(publishCommands(key)));
    const settle = (answer: PublishAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => settle('closed'), timeoutMs);
    socket.on('data', (bytes: Buffer) => {
      heard += bytes.toString('latin1');
      if (heard.includes('NetStream.Publish.Start')) settle('started');
      else if (heard.includes('NetStream.Publish.BadName')) settle('refused');
    });
    socket.on('error', () => settle('closed'));
    socket.on('close', () => settle('closed'));
  });
}
