/**
 * Reads, from the bytes a publisher sends over RTMP, the stream name of its `publish` command: the
 * stream key. The bytes are not changed; a proxy forwards them to ffmpeg's listener once the key
 * is known to be good (ffmpeg's listener accepts any key: ../shared/STACK.md).
 *
 * What it understands of RTMP: the handshake the client sends (C0, C1, C2: 1 + 1536 + 1536 bytes),
 * then chunks (basic header, message header of type 0 to 3, extended timestamp) reassembled into
 * messages per chunk stream, the client's Set Chunk Size (type 1), and AMF0 commands (type 20).
 */
const HANDSHAKE_BYTES = 1 + 1536 + 1536;
const DEFAULT_CHUNK_SIZE = 128;
const MAX_MESSAGE_BYTES = 1 << 20;

type ChunkStream = { length: number; type: number; timestampExtended: boolean; payload: Buffer[]; received: number };

export class RtmpPublishReader {
  private buffer: Buffer = Buffer.alloc(0);
  private handshakeLeft = HANDSHAKE_BYTES;
  private chunkSize = DEFAULT_CHUNK_SIZE;
  private readonly streams = new Map<number, ChunkStream>();
  /** The stream name of the first `publish` command, once read. */
  streamName: string | null = null;

  /** Takes the next bytes from the publisher; answers the stream name once the publish command is complete. */
  push(bytes: Buffer): string | null {
    if (this.streamName !== null) return this.streamName;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    if (this.handshakeLeft > 0) {
      const skipped = Math.min(this.handshakeLeft, this.buffer.length);
      this.handshakeLeft -= skipped;
      this.buffer = this.buffer.subarray(skipped);
    }
    while (this.streamName === null && this.readChunk());
    return this.streamName;
  }

  /** Reads one whole chunk from the buffer; false when more bytes are needed. */
  private readChunk(): boolean {
    const b = this.buffer;
    if (b.length < 1) return false;
    const first = b.readUInt8(0);
    const fmt = first >> 6;
    let csid = first & 0x3f;
    let at = 1;
    if (csid === 0) {
      if (b.length < 2) return false;
      csid = 64 + b.readUInt8(1);
      at = 2;
    } else if (csid === 1) {
      if (b.length < 3) return false;
      csid = 64 + b.readUInt8(1) + b.readUInt8(2) * 256;
      at = 3;
    }
    const headerBytes = [11, 7, 3, 0][fmt] ?? 0;
    if (b.length < at + headerBytes) return false;
    const stream = this.streams.get(csid) ?? { length: 0, type: 0, timestampExtended: false, payload: [], received: 0 };
    let timestampExtended = stream.timestampExtended;
    if (fmt <= 2) timestampExtended = b.readUIntBE(at, 3) === 0xffffff;
    let { length, type } = stream;
    if (fmt <= 1) {
      length = b.readUIntBE(at + 3, 3);
      type = b.readUInt8(at + 6);
    }
    at += headerBytes + (timestampExtended ? 4 : 0);
    if (length > MAX_MESSAGE_BYTES) throw new Error('an RTMP message too large for a command');
    const take = Math.min(this.chunkSize, length - stream.received);
    if (b.length < at + take) return false;
    const next: ChunkStream =
      stream.received === 0 || fmt <= 1 ? { length, type, timestampExtended, payload: [], received: 0 } : { ...stream, timestampExtended };
    next.payload.push(b.subarray(at, at + take));
    next.received += take;
    this.buffer = b.subarray(at + take);
    if (next.received >= next.length) {
      this.streams.set(csid, { ...next, payload: [], received: 0 });
      this.message(next.type, Buffer.concat(next.payload));
    } else this.streams.set(csid, next);
    return true;
  }

  private message(type: number, payload: Buffer) {
    if (type === 1 && payload.length >= 4) this.chunkSize = payload.readUInt32BE(0) & 0x7fffffff;
    if (type !== 20) return;
    const name = amfString(payload, 0);
    if (name?.value !== 'publish') return;
    // publish: the name, a transaction id (number), null, then the stream name.
    let at = name.end;
    if (payload[at] === 0x00) at += 9;
    if (payload[at] === 0x05) at += 1;
    this.streamName = amfString(payload, at)?.value ?? '';
  }
}

/** An AMF0 string (marker 0x02, 16-bit length, UTF-8) at `at`. */
function amfString(payload: Buffer, at: number): { value: string; end: number } | null {
  if (payload.length < at + 3 || payload.readUInt8(at) !== 0x02) return null;
  const length = payload.readUInt16BE(at + 1);
  if (payload.length < at + 3 + length) return null;
  return { value: payload.toString('utf8', at + 3, at + 3 + length), end: at + 3 + length };
}
