import { describe, expect, it } from 'vitest';
import { encrypt } from '../security/crypto.ts';
import { outboundPolicy, OutboundRefused, parseOutboundAllow, type Resolve } from '../security/outbound.ts';
import { restreamDestination } from './restream-destination.ts';

/**
 * What the restreaming ffmpeg is told to connect to: the address the policy checked (never the name
 * again), SRT in caller mode with only the options a target needs, and nothing the policy refuses.
 */
const secret = 'restream-test-secret-of-32-characters!';
/** A DNS of our own: `ingest.example` answers a public address first, then (rebound) a loopback one. */
function rebindingDns(): Resolve {
  let asked = 0;
  return async (host) => {
    if (host !== 'ingest.example') throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    asked += 1;
    return [{ address: asked === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  };
}
const policy = (allow = '') => {
  const parsed = parseOutboundAllow(allow);
  if (!parsed.ok) throw new Error(parsed.error);
  return outboundPolicy({ allow: parsed.value, ownPorts: [{ first: 1935, last: 1935 }], ownAddresses: () => [], resolve: rebindingDns() });
};
const rtmp = (url: string) => ({ kind: 'custom_rtmp_hd' as const, url, streamKeyEncrypted: encrypt('key-1', secret) });
const srt = (url: string) => ({ kind: 'srt' as const, url, streamKeyEncrypted: null });

describe('a restream target’s destination', () => {
  it('is the checked address, with the name kept for the RTMP server (tcUrl) and TLS', async () => {
    const outbound = policy();
    expect(await restreamDestination({ outbound, secret }, rtmp('rtmp://ingest.example/live2/'))).toEqual({
      format: 'flv',
      url: 'rtmp://93.184.216.34:1935/live2/key-1',
      options: ['-rtmp_tcurl', 'rtmp://ingest.example/live2'],
    });
    // The same name, answering a loopback address on the next connection, is refused.
    await expect(restreamDestination({ outbound, secret }, rtmp('rtmp://ingest.example/live2'))).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('calls an SRT target in caller mode with only passphrase, key length, stream id and latency', async () => {
    const destination = await restreamDestination(
      { outbound: policy(), secret },
      srt('srt://ingest.example:9000?mode=listener&passphrase=0123456789ab&latency=200&rcvbuf=1&streamid=desk'),
    );
    expect(destination).toEqual({
      format: 'mpegts',
      url: 'srt://93.184.216.34:9000?mode=caller&passphrase=0123456789ab&latency=200&streamid=desk',
      options: [],
    });
  });

  it('refuses loopback, unspecified and private targets saved before the policy; an allowance opens them, not the platform’s own ports', async () => {
    for (const url of ['rtmp://127.0.0.1:6379/x', 'rtmp://0x7f000001:6379/x', 'rtmp://[::1]:6379/x']) {
      await expect(restreamDestination({ outbound: policy(), secret }, rtmp(url)), url).rejects.toBeInstanceOf(OutboundRefused);
    }
    await expect(restreamDestination({ outbound: policy(), secret }, srt('srt://0.0.0.0:9824?mode=listener'))).rejects.toBeInstanceOf(
      OutboundRefused,
    );
    const local = policy('127.0.0.1');
    expect((await restreamDestination({ outbound: local, secret }, rtmp('rtmp://127.0.0.1:19350/live')))?.url).toBe(
      'rtmp://127.0.0.1:19350/live/key-1',
    );
    await expect(restreamDestination({ outbound: local, secret }, rtmp('rtmp://127.0.0.1/live'))).rejects.toMatchObject({
      reason: "one of the platform's own ports",
    });
  });
});
