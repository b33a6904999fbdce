import { randomBytes } from 'node:crypto';
import { decodeAmf0, encodeAmf0, type Amf0Value } from './amf0.ts';
import { flvTags } from './flv.ts';
import { ChunkReader, MESSAGE, RtmpProtocolError, writeMessage, type RtmpMessage } from './rtmp-chunks.ts';

/**
 * The server's side of one RTMP publisher (Adobe's RTMP specification: the handshake of §5.2, the
 * commands of §7.2), answered by the ingest itself: the handshake (C0 C1 C2 → S0 S1 S2), connect,
 * releaseStream and FCPublish, createStream, then publish, whose stream name is the stream key.
 * Nothing past that is read until the ingest accepts the key; from then on the publisher's audio,
 * video and metadata come out as FLV tags. So a connection costs no process and no file until a
 * good key is in, and the whole exchange before it is small: more than COMMAND_BYTES is refused.
 *
 * The handshake is the plain one, as FFmpeg's own listener answers it: S1 carries version 0, which
 * tells librtmp (OBS) and FFmpeg's client to skip the Flash-player digest, and S2 echoes C1.
 */
export type RtmpPublishEvents = {
  /** Bytes for the publisher. */
  send(bytes: Buffer): void;
  /** The publish command named its stream key; the session reads nothing more until accept() or refuse(). */
  publish(key: string): void;
  /** Picture, once accepted: FLV tags. */
  media(tags: Buffer[]): void;
  /** The publisher says it is done (FCUnpublish, deleteStream or closeStream). */
  unpublish(): void;
};

const HANDSHAKE_PART = 1536;
/** Everything a publisher sends before its publish command: a few hundred bytes in practice. */
const COMMAND_BYTES = 64 * 1024;
/** What may arrive while the key is checked (a publisher may send picture without waiting). */
const HELD_BYTES = 4 * 1024 * 1024;
/** The largest message a publisher may send once accepted (a key frame; RTMP's own limit is 16 MiB). */
const PICTURE_MESSAGE_BYTES = 0xffffff;
/** Acknowledgement window and peer bandwidth told to publishers, as FFmpeg's listener tells them. */
const WINDOW = 5_000_000;

const CHUNK_STREAM = { control: 2, command: 3, status: 5 } as const;
const USER_CONTROL = { streamBegin: 0, pingRequest: 6, pingResponse: 7 } as const;

function u32(value: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0, 0);
  return bytes;
}

export class RtmpPublishSession {
  private stage: 'handshake' | 'c2' | 'commands' | 'authorizing' | 'publishing' | 'refused' = 'handshake';
  private handshake: Buffer = Buffer.alloc(0);
  private readonly chunks = new ChunkReader(COMMAND_BYTES);
  private beforePublish = 0;
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The message stream the publish came on, which its status messages go back on. */
  private streamId = 1;
  private received = 0;
  private acknowledged = 0;
  private ackWindow = 0;

  constructor(private readonly events: RtmpPublishEvents) {}

  /** The publisher's next bytes; throws RtmpProtocolError (or an AMF0 error) on anything that is not a publisher's RTMP. */
  push(bytes: Buffer): void {
    this.received += bytes.length;
    if (this.stage === 'refused') return;
    if (this.stage === 'authorizing') {
      this.heldBytes += bytes.length;
      if (this.heldBytes > HELD_BYTES) throw new RtmpProtocolError('too much picture before the key was checked');
      this.held.push(bytes);
      return;
    }
    if (this.stage !== 'publishing') {
      this.beforePublish += bytes.length;
      if (this.beforePublish > 2 * HANDSHAKE_PART + 1 + COMMAND_BYTES) throw new RtmpProtocolError('too many bytes before publish');
    }
    let rest = bytes;
    if (this.stage === 'handshake' || this.stage === 'c2') rest = this.readHandshake(bytes);
    if (this.stage === 'commands' || this.stage === 'publishing') this.readMessages(rest);
    this.acknowledge();
  }

  /** The key is good: the publisher hears Publish.Start, and what it sent meanwhile is read. */
  accept(): void {
    if (this.stage !== 'authorizing') return;
    this.stage = 'publishing';
    this.chunks.maxMessageBytes = PICTURE_MESSAGE_BYTES;
    const streamBegin = Buffer.alloc(6);
    streamBegin.writeUInt16BE(USER_CONTROL.streamBegin, 0);
    streamBegin.writeUInt32BE(this.streamId, 2);
    this.events.send(writeMessage(CHUNK_STREAM.control, { type: MESSAGE.userControl, streamId: 0, timestamp: 0, payload: streamBegin }));
    this.status('status', 'NetStream.Publish.Start', 'Publishing.');
    const held = Buffer.concat(this.held);
    this.held = [];
    this.readMessages(held);
  }

  /** The key is refused: the publisher hears why, in words that do not tell a wrong key from a throttled address. */
  refuse(): void {
    this.stage = 'refused';
    this.held = [];
    this.status('error', 'NetStream.Publish.BadName', 'The stream key is not accepted now.');
  }

  private readHandshake(bytes: Buffer): Buffer {
    this.handshake = this.handshake.length === 0 ? bytes : Buffer.concat([this.handshake, bytes]);
    if (this.stage === 'handshake') {
      if (this.handshake.readUInt8(0) !== 3) throw new RtmpProtocolError(`not plain RTMP (version ${this.handshake.readUInt8(0)})`);
      if (this.handshake.length < 1 + HANDSHAKE_PART) return Buffer.alloc(0);
      const c1 = this.handshake.subarray(1, 1 + HANDSHAKE_PART);
      // S0, S1 (time 0, version 0, random) and S2 (C1 echoed).
      this.events.send(Buffer.concat([Buffer.from([3]), Buffer.alloc(8), randomBytes(HANDSHAKE_PART - 8), c1]));
      this.handshake = this.handshake.subarray(1 + HANDSHAKE_PART);
      this.stage = 'c2';
    }
    if (this.handshake.length < HANDSHAKE_PART) return Buffer.alloc(0);
    const rest = this.handshake.subarray(HANDSHAKE_PART);
    this.handshake = Buffer.alloc(0);
    this.stage = 'commands';
    return rest;
  }

  private readMessages(bytes: Buffer) {
    // Reading stops right after a publish command: what follows waits for the key's verdict.
    const messages = this.chunks.push(bytes, () => this.stage === 'authorizing');
    for (const message of messages) this.message(message);
  }

  private message(message: RtmpMessage) {
    if (message.type === MESSAGE.windowAckSize && message.payload.length >= 4) this.ackWindow = message.payload.readUInt32BE(0);
    else if (message.type === MESSAGE.userControl) this.userControl(message.payload);
    else if (message.type === MESSAGE.commandAmf0) this.command(message, decodeAmf0(message.payload));
    else if (message.type === MESSAGE.commandAmf3) this.command(message, decodeAmf0(message.payload.subarray(1)));
    else if (this.stage === 'publishing') {
      const tags = flvTags(message);
      if (tags.length > 0) this.events.media(tags);
    }
  }

  private command(message: RtmpMessage, [name, transaction, , ...args]: Amf0Value[]) {
    const id = typeof transaction === 'number' ? transaction : 0;
    switch (name) {
      case 'connect':
        this.control(MESSAGE.windowAckSize, u32(WINDOW));
        this.control(MESSAGE.setPeerBandwidth, Buffer.concat([u32(WINDOW), Buffer.from([2])]));
        this.reply(
          0,
          '_result',
          id,
          { fmsVer: 'FMS/3,0,1,123', capabilities: 31 },
          { level: 'status', code: 'NetConnection.Connect.Success', description: 'Connection succeeded.', objectEncoding: 0 },
        );
        return;
      case 'createStream':
        this.reply(0, '_result', id, null, 1);
        return;
      case 'publish':
        if (this.stage !== 'commands') return;
        this.streamId = message.streamId;
        this.stage = 'authorizing';
        this.events.publish(typeof args[0] === 'string' ? args[0] : '');
        return;
      case 'play':
      case 'play2':
        throw new RtmpProtocolError('the ingest takes publishers, not players');
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        if (this.stage === 'publishing') this.events.unpublish();
        return;
      default:
        // releaseStream, FCPublish and the like: answered, so that no client waits on them.
        if (id > 0) this.reply(0, '_result', id, null);
    }
  }

  private userControl(payload: Buffer) {
    if (payload.length < 6 || payload.readUInt16BE(0) !== USER_CONTROL.pingRequest) return;
    const pong = Buffer.from(payload.subarray(0, 6));
    pong.writeUInt16BE(USER_CONTROL.pingResponse, 0);
    this.events.send(writeMessage(CHUNK_STREAM.control, { type: MESSAGE.userControl, streamId: 0, timestamp: 0, payload: pong }));
  }

  /** An Acknowledgement each time the publisher's own window of bytes has arrived, as it asked. */
  private acknowledge() {
    if (this.ackWindow <= 0 || this.received - this.acknowledged < this.ackWindow) return;
    this.acknowledged = this.received;
    this.control(MESSAGE.acknowledgement, u32(this.received));
  }

  private control(type: number, payload: Buffer) {
    this.events.send(writeMessage(CHUNK_STREAM.control, { type, streamId: 0, timestamp: 0, payload }));
  }

  private reply(streamId: number, ...values: Amf0Value[]) {
    const payload = encodeAmf0(...values);
    this.events.send(writeMessage(CHUNK_STREAM.command, { type: MESSAGE.commandAmf0, streamId, timestamp: 0, payload }));
  }

  private status(level: 'status' | 'error', code: string, description: string) {
    const payload = encodeAmf0('onStatus', 0, null, { level, code, description });
    this.events.send(writeMessage(CHUNK_STREAM.status, { type: MESSAGE.commandAmf0, streamId: this.streamId, timestamp: 0, payload }));
  }
}
