import { leadingString } from './amf0.ts';
import { MESSAGE, type RtmpMessage } from './rtmp-chunks.ts';

/**
 * A publisher's picture as FLV, the container RTMP's audio, video and data messages come from
 * (Adobe's FLV specification, "FLV tags"): what the ingest writes to its packaging ffmpeg's stdin
 * (`-f flv -i pipe:0`), as FFmpeg's own RTMP listener turns the same messages into FLV for its
 * demuxer.
 */
const TAG = { audio: 8, video: 9, script: 18 } as const;

/** The file header: FLV version 1, audio and video, and the first PreviousTagSize (0). */
export function flvHeader(): Buffer {
  return Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00]);
}

function tag(type: number, timestamp: number, data: Buffer): Buffer {
  const head = Buffer.alloc(11);
  head.writeUInt8(type, 0);
  head.writeUIntBE(data.length, 1, 3);
  head.writeUIntBE(timestamp & 0xffffff, 4, 3);
  head.writeUInt8((timestamp >>> 24) & 0xff, 7); // the timestamp's upper 8 bits; stream id 0 follows
  const size = Buffer.alloc(4);
  size.writeUInt32BE(11 + data.length, 0);
  return Buffer.concat([head, data, size]);
}

/**
 * The FLV tags of one RTMP message; none for messages that are not picture. A publisher's
 * metadata arrives as `@setDataFrame("onMetaData", {...})`: the file carries `onMetaData({...})`.
 * An aggregate message is FLV tags already, timed from the message's own timestamp.
 */
export function flvTags(message: RtmpMessage): Buffer[] {
  switch (message.type) {
    case MESSAGE.audio:
      return [tag(TAG.audio, message.timestamp, message.payload)];
    case MESSAGE.video:
      return [tag(TAG.video, message.timestamp, message.payload)];
    case MESSAGE.dataAmf0:
    case MESSAGE.dataAmf3: {
      // An AMF3 data message starts with a format byte; its values are AMF0 all the same.
      const payload = message.type === MESSAGE.dataAmf3 ? message.payload.subarray(1) : message.payload;
      const named = leadingString(payload);
      return [tag(TAG.script, message.timestamp, named?.value === '@setDataFrame' ? named.rest : payload)];
    }
    case MESSAGE.aggregate:
      return aggregateTags(message);
    default:
      return [];
  }
}

/** The tags inside an aggregate message: each an FLV tag with its back-pointer, timed relative to the first. */
function aggregateTags(message: RtmpMessage): Buffer[] {
  const tags: Buffer[] = [];
  const body = message.payload;
  let first: number | null = null;
  for (let at = 0; at + 11 <= body.length;) {
    const type = body.readUInt8(at);
    const size = body.readUIntBE(at + 1, 3);
    const time = (body.readUIntBE(at + 4, 3) | (body.readUInt8(at + 7) << 24)) >>> 0;
    if (at + 11 + size > body.length) break;
    first ??= time;
    if (type === TAG.audio || type === TAG.video || type === TAG.script)
      tags.push(tag(type, (message.timestamp + time - first) >>> 0, body.subarray(at + 11, at + 11 + size)));
    at += 11 + size + 4;
  }
  return tags;
}
