import { describe, expect, it } from 'vitest';
import { decodeAmf0, encodeAmf0 } from './amf0.ts';
import { ChunkReader } from './rtmp-chunks.ts';
import { RtmpPublishSession } from './rtmp-publish.ts';
import { clientHandshake, publishCommands } from './rtmp-test-support.ts';

/**
 * The ingest's side of RTMP as a publisher sees it: what it answers, and the picture's timing once
 * the key is accepted, from chunks written with every header format a publisher may use.
 */
function session() {
  const sent: Buffer[] = [];
  const keys: string[] = [];
  const tags: Buffer[] = [];
  const rtmp = new RtmpPublishSession({
    send: (bytes) => sent.push(bytes),
    publish: (key) => keys.push(key),
    media: (more) => tags.push(...more),
    unpublish: () => keys.push('(unpublished)'),
  });
  return { rtmp, sent, keys, tags };
}

/** The ingest's messages after its handshake (S0 S1 S2), read back as the publisher would. */
function answers(sent: Buffer[]) {
  const reader = new ChunkReader(1 << 20);
  return reader.push(Buffer.concat(sent).subarray(1 + 2 * 1536)).map((message) => ({
    type: message.type,
    values: message.type === 20 ? decodeAmf0(message.payload) : [],
  }));
}

/** One chunk with a header of `format` on chunk stream 4 (a 24-bit field, or the extended timestamp past it). */
function chunk(format: 0 | 1 | 2 | 3, fields: { time?: number; length?: number; type?: number }, payload: Buffer) {
  const time = fields.time ?? 0;
  const extended = time >= 0xffffff;
  const header = Buffer.alloc([11, 7, 3, 0][format] ?? 0);
  if (format <= 2) header.writeUIntBE(extended ? 0xffffff : time, 0, 3);
  if (format <= 1) header.writeUIntBE(fields.length ?? payload.length, 3, 3);
  if (format <= 1) header.writeUInt8(fields.type ?? 9, 6);
  if (format === 0) header.writeUInt32LE(1, 7);
  const extra = Buffer.alloc(extended ? 4 : 0);
  if (extended) extra.writeUInt32BE(time, 0);
  return Buffer.concat([Buffer.from([(format << 6) | 4]), header, extra, payload]);
}

const flvTime = (tag: Buffer) => (tag.readUIntBE(4, 3) | (tag.readUInt8(7) << 24)) >>> 0;

describe('the ingest’s RTMP, as a publisher sees it', () => {
  it('answers the handshake as FFmpeg’s listener does, then connect and createStream, and waits on the key', () => {
    const { rtmp, sent, keys } = session();
    const commands = publishCommands('a-stream-key-of-20-chars');
    rtmp.push(commands.subarray(0, 1000));
    rtmp.push(commands.subarray(1000));
    const handshake = Buffer.concat(sent);
    expect(handshake.readUInt8(0)).toBe(3);
    expect(handshake.readUInt32BE(1 + 4)).toBe(0); // version 0: librtmp and FFmpeg skip the digest
    expect(handshake.subarray(1 + 1536, 1 + 2 * 1536)).toEqual(commands.subarray(1, 1 + 1536));
    const results = answers(sent).filter((message) => message.type === 20);
    expect(results.map((message) => message.values.slice(0, 2))).toEqual([
      ['_result', 1],
      ['_result', 2],
    ]);
    expect(results[0]?.values[3]).toMatchObject({ code: 'NetConnection.Connect.Success' });
    expect(results[1]?.values[3]).toBe(1);
    expect(keys).toEqual(['a-stream-key-of-20-chars']);

    rtmp.refuse();
    expect(answers(sent).at(-1)?.values[3]).toMatchObject({ level: 'error', code: 'NetStream.Publish.BadName' });
  });

  it('times the picture from every kind of chunk header, and hands metadata over as onMetaData', () => {
    const { rtmp, sent, tags } = session();
    rtmp.push(publishCommands('a-stream-key-of-20-chars'));
    // Sent before the verdict: held, then read once accepted.
    rtmp.push(chunk(0, { time: 1000, type: 9 }, Buffer.from('key frame')));
    expect(tags).toEqual([]);
    rtmp.accept();
    expect(answers(sent).at(-1)?.values[3]).toMatchObject({ code: 'NetStream.Publish.Start' });

    rtmp.push(chunk(1, { time: 40, type: 9 }, Buffer.from('frame 2')));
    rtmp.push(chunk(2, { time: 40 }, Buffer.from('frame 3')));
    rtmp.push(chunk(3, {}, Buffer.from('frame 4'))); // the same length and delta again
    const long = Buffer.alloc(300, 7);
    rtmp.push(Buffer.concat([chunk(0, { time: 0x1000000, length: 300 }, long.subarray(0, 128)), Buffer.from([0xc4, 1, 0, 0, 0])]));
    rtmp.push(Buffer.concat([long.subarray(128, 256), Buffer.from([0xc4, 1, 0, 0, 0]), long.subarray(256)]));
    const metadata = encodeAmf0('@setDataFrame', 'onMetaData', { width: 320 });
    rtmp.push(chunk(0, { time: 0, type: 18 }, metadata));

    expect(tags.map(flvTime)).toEqual([1000, 1040, 1080, 1120, 0x1000000, 0]);
    expect(tags[4]?.subarray(11, 11 + 300)).toEqual(long);
    expect(decodeAmf0(tags[5]?.subarray(11, -4) ?? Buffer.alloc(0))).toEqual(['onMetaData', { width: 320 }]);
  });

  it('closes on anything that is not a publisher’s RTMP', () => {
    expect(() => session().rtmp.push(Buffer.from('GET / HTTP/1.1\r\n\r\n'))).toThrow('not plain RTMP');
    const chatty = session().rtmp;
    chatty.push(clientHandshake());
    expect(() => {
      for (let index = 0; index < 600; index += 1) chatty.push(chunk(0, { type: 20 }, encodeAmf0('_checkbw', index + 1, 'x'.repeat(100))));
    }).toThrow('too many bytes before publish');
    const player = session().rtmp;
    expect(() => player.push(Buffer.concat([clientHandshake(), chunk(0, { type: 20 }, encodeAmf0('play', 4, null, 'key'))]))).toThrow(
      'publishers, not players',
    );
  });
});
