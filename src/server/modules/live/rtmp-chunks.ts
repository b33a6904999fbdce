/**
 * RTMP's chunk stream (Adobe's RTMP specification §5.3): messages are cut into chunks of the
 * sender's chunk size and interleaved by chunk stream id; each chunk's header says as little as
 * it can (format 0 to 3), leaning on the previous chunk of its chunk stream. ChunkReader puts the
 * publisher's messages back together with their timestamps; writeMessage cuts the server's.
 */
export type RtmpMessage = { type: number; streamId: number; timestamp: number; payload: Buffer };

export const MESSAGE = {
  setChunkSize: 1,
  abort: 2,
  acknowledgement: 3,
  userControl: 4,
  windowAckSize: 5,
  setPeerBandwidth: 6,
  audio: 8,
  video: 9,
  dataAmf3: 15,
  commandAmf3: 17,
  dataAmf0: 18,
  commandAmf0: 20,
  aggregate: 22,
} as const;

export class RtmpProtocolError extends Error {}

const DEFAULT_CHUNK_SIZE = 128;
/** Publishers use a handful (commands, audio, video); each kept one may hold a message in progress. */
const MAX_CHUNK_STREAMS = 64;
/** A message length is 24 bits: nothing larger can be announced. */
const LARGEST_MESSAGE = 0xffffff;

type ChunkStream = {
  /** The last message's whole timestamp, and the header's timestamp field (absolute for format 0, else a delta). */
  timestamp: number;
  field: number;
  extended: boolean;
  length: number;
  type: number;
  streamId: number;
  parts: Buffer[];
  received: number;
};

export class ChunkReader {
  private buffer: Buffer = Buffer.alloc(0);
  private chunkSize = DEFAULT_CHUNK_SIZE;
  private readonly streams = new Map<number, ChunkStream>();

  /** `maxMessageBytes`: longer messages close the connection (a command is a few hundred bytes). */
  constructor(public maxMessageBytes: number) {}

  /** Bytes read but not yet a whole chunk. */
  get pending(): number {
    return this.buffer.length;
  }

  /**
   * Takes the next bytes; answers the messages they complete, in order. `stopAfter` ends the reading
   * early once a message it accepts has been read; the bytes after it wait for the next call.
   */
  push(bytes: Buffer, stopAfter?: (message: RtmpMessage) => boolean): RtmpMessage[] {
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const messages: RtmpMessage[] = [];
    for (;;) {
      const message = this.readChunk();
      if (message === false) break;
      if (message === null) continue;
      messages.push(message);
      if (stopAfter?.(message)) break;
    }
    return messages;
  }

  /** One whole chunk: false when more bytes are needed; the message it completes, or null. */
  private readChunk(): RtmpMessage | null | false {
    const b = this.buffer;
    if (b.length < 1) return false;
    const first = b.readUInt8(0);
    const format = first >> 6;
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
    const headerBytes = [11, 7, 3, 0][format] ?? 0;
    if (b.length < at + headerBytes) return false;
    const previous = this.streams.get(csid);
    if (!previous && format !== 0) throw new RtmpProtocolError('a chunk leans on a chunk stream that never started');
    if (!previous && this.streams.size >= MAX_CHUNK_STREAMS) throw new RtmpProtocolError('too many chunk streams');
    const stream: ChunkStream = previous ?? {
      timestamp: 0,
      field: 0,
      extended: false,
      length: 0,
      type: 0,
      streamId: 0,
      parts: [],
      received: 0,
    };
    // A format 0 or 1 chunk always starts a message, dropping what was left of one on its chunk stream.
    const starts = stream.received === 0 || format <= 1;
    let { field, extended, length, type, streamId } = stream;
    if (format <= 2) {
      field = b.readUIntBE(at, 3);
      extended = field === 0xffffff;
    }
    if (format <= 1) {
      length = b.readUIntBE(at + 3, 3);
      type = b.readUInt8(at + 6);
    }
    if (format === 0) streamId = b.readUInt32LE(at + 7);
    at += headerBytes;
    if (extended) {
      if (b.length < at + 4) return false;
      // Continuation chunks repeat it too (as FFmpeg and librtmp write them).
      if (format <= 2 || starts) field = b.readUInt32BE(at);
      at += 4;
    }
    if (length > Math.min(this.maxMessageBytes, LARGEST_MESSAGE)) throw new RtmpProtocolError(`an RTMP message of ${length} bytes`);
    const take = Math.min(this.chunkSize, length - (starts ? 0 : stream.received));
    if (b.length < at + take) return false;
    this.buffer = b.subarray(at + take);

    // A message's timestamp: absolute after format 0, else the last one plus the delta (which a
    // format 3 chunk starting a message repeats: after format 0, the timestamp is that delta).
    const timestamp = !starts ? stream.timestamp : format === 0 ? field : (stream.timestamp + field) >>> 0;
    const parts = starts ? [] : stream.parts;
    parts.push(b.subarray(at, at + take));
    const received = (starts ? 0 : stream.received) + take;
    if (received < length) {
      this.streams.set(csid, { timestamp, field, extended, length, type, streamId, parts, received });
      return null;
    }
    this.streams.set(csid, { timestamp, field, extended, length, type, streamId, parts: [], received: 0 });
    const message = { type, streamId, timestamp, payload: Buffer.concat(parts) };
    this.control(message);
    return message;
  }

  /** The two messages that change how the next chunks are read. */
  private control(message: RtmpMessage) {
    if (message.type === MESSAGE.setChunkSize) {
      if (message.payload.length < 4) throw new RtmpProtocolError('a Set Chunk Size without a size');
      const size = message.payload.readUInt32BE(0) & 0x7fffffff;
      if (size < 1) throw new RtmpProtocolError('a chunk size of 0');
      this.chunkSize = size;
    }
    if (message.type === MESSAGE.abort && message.payload.length >= 4) {
      const stream = this.streams.get(message.payload.readUInt32BE(0));
      if (stream) Object.assign(stream, { parts: [], received: 0 });
    }
  }
}

/** One message in chunks of the default size, on chunk stream `csid`: a format 0 chunk, then format 3 ones. */
export function writeMessage(csid: number, message: RtmpMessage): Buffer {
  const extended = message.timestamp >= 0xffffff;
  const header = Buffer.alloc(12 + (extended ? 4 : 0));
  header.writeUInt8(csid & 0x3f, 0);
  header.writeUIntBE(extended ? 0xffffff : message.timestamp, 1, 3);
  header.writeUIntBE(message.payload.length, 4, 3);
  header.writeUInt8(message.type, 7);
  header.writeUInt32LE(message.streamId, 8);
  if (extended) header.writeUInt32BE(message.timestamp, 12);
  const parts: Buffer[] = [header];
  for (let at = 0; at < message.payload.length; at += DEFAULT_CHUNK_SIZE) {
    if (at > 0) parts.push(Buffer.from([0xc0 | (csid & 0x3f)]));
    if (at > 0 && extended) parts.push(header.subarray(12));
    parts.push(message.payload.subarray(at, at + DEFAULT_CHUNK_SIZE));
  }
  return Buffer.concat(parts);
}
