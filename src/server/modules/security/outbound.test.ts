import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { outboundFetch } from './outbound-fetch.ts';
import { outboundPolicy, outboundPolicyFor, OutboundRefused, parseOutboundAllow, pinnedLookup, type Resolve } from './outbound.ts';

/** The outbound-address policy on its own: what it refuses, what OUTBOUND_ALLOW opens, and that it connects where it looked. */
const allow = (text: string) => {
  const parsed = parseOutboundAllow(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};
const strict = outboundPolicy({ allow: [], ownPorts: [], ownAddresses: () => [] });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => (error instanceof OutboundRefused ? error.reason : `threw ${String(error)}`),
  );
/** A DNS of our own for names: answers in turn from the lists given (the last one stays). */
function dnsAnswering(answers: Record<string, string[][]>): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const queue = answers[host];
    const next = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? [];
    if (next.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('the outbound-address policy', () => {
  it('refuses loopback in every spelling, private, link-local, unique-local, multicast and unspecified addresses', async () => {
    const refused: Record<string, string> = {};
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      'localhost',
      '[::1]',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '::',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fd00::1',
      '224.0.0.1',
      'ff02::1',
      '100.64.0.1',
      '64:ff9b::7f00:1',
    ])
      refused[host] = await refusal(strict.check(host, 21));
    expect(refused).toEqual({
      '127.0.0.1': 'a loopback address',
      '2130706433': 'it resolves to a loopback address',
      '0x7f000001': 'it resolves to a loopback address',
      '0177.0.0.1': 'it resolves to a loopback address',
      '127.1': 'it resolves to a loopback address',
      localhost: 'it resolves to a loopback address',
      '[::1]': 'a loopback address',
      '::ffff:127.0.0.1': 'a loopback address',
      '0.0.0.0': 'an unspecified address',
      '::': 'an unspecified address',
      '10.1.2.3': 'a private address',
      '172.16.0.1': 'a private address',
      '192.168.1.1': 'a private address',
      '169.254.169.254': 'a link-local address',
      'fe80::1': 'a link-local address',
      'fd00::1': 'a unique-local address',
      '224.0.0.1': 'a multicast address',
      'ff02::1': 'a multicast address',
      '100.64.0.1': 'a carrier-grade NAT address',
      '64:ff9b::7f00:1': 'a reserved address',
    });
  });

  it('lets public addresses through, on any port, and gives the address it checked', async () => {
    expect(await strict.check('93.184.216.34', 1935)).toMatchObject({ address: '93.184.216.34', port: 1935, allowedBy: 'public' });
    expect(await strict.check('[2606:2800:220:1::1]', 443)).toMatchObject({ host: '2606:2800:220:1::1', family: 6 });
  });

  it('resolves a name once: a name that answers a public address then a loopback one is connected to where it was checked', async () => {
    const resolve = dnsAnswering({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] });
    const policy = outboundPolicy({ allow: [], ownPorts: [], ownAddresses: () => [], resolve });
    const checked = await policy.check('rebind.example', 443);
    const answers = await new Promise<unknown>((done) =>
      pinnedLookup(checked)('rebind.example', { all: true }, (error, addresses) => done(error ?? addresses)),
    );
    expect(answers).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(resolve.asked).toEqual(['rebind.example']);
    // Asked again (another connection), the name is checked again and refused.
    expect(await refusal(policy.check('rebind.example', 443))).toBe('it resolves to a loopback address');
    // Another name through the pinned lookup gets nothing.
    const other = await new Promise<unknown>((done) => pinnedLookup(checked)('elsewhere.example', {}, (error) => done(error)));
    expect(other).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('refuses a name with one forbidden answer among public ones, and the machine’s own addresses', async () => {
    const resolve = dnsAnswering({ 'mixed.example': [['93.184.216.34', '10.0.0.7']] });
    const policy = outboundPolicy({ allow: [], ownPorts: [], ownAddresses: () => ['8.8.4.4'], resolve });
    expect(await refusal(policy.check('mixed.example', 21))).toBe('it resolves to a private address');
    expect(await refusal(policy.check('8.8.4.4', 21))).toBe("one of the platform's own addresses");
  });

  it('OUTBOUND_ALLOW opens addresses and CIDRs, on one port or any, never on the platform’s own ports', async () => {
    const policy = outboundPolicy({
      allow: allow('127.0.0.1, 10.20.0.0/16:21, [::1]:8443'),
      ownPorts: [
        { first: 3000, last: 3000 },
        { first: 9710, last: 9729 },
      ],
      ownAddresses: () => [],
    });
    const got: Record<string, string> = {};
    for (const [host, port] of [
      ['127.0.0.1', 6379],
      ['127.0.0.1', 3000],
      ['127.0.0.1', 9715],
      ['127.0.0.2', 6379],
      ['10.20.3.4', 21],
      ['10.20.3.4', 22],
      ['::1', 8443],
      ['::1', 8444],
    ] as const)
      got[`${host}:${port}`] = await refusal(policy.check(host, port));
    expect(got).toEqual({
      '127.0.0.1:6379': 'allowed',
      '127.0.0.1:3000': "one of the platform's own ports",
      '127.0.0.1:9715': "one of the platform's own ports",
      '127.0.0.2:6379': 'a loopback address',
      '10.20.3.4:21': 'allowed',
      '10.20.3.4:22': 'a private address',
      '::1:8443': 'allowed',
      '::1:8444': 'a loopback address',
    });
    expect(parseOutboundAllow('10.0.0.0/33')).toMatchObject({ ok: false });
    expect(parseOutboundAllow('127.0.0.1:0')).toMatchObject({ ok: false });
    expect(parseOutboundAllow('intranet.example')).toMatchObject({ ok: false });
  });

  it('holds in production mode: HOST=0.0.0.0 and a database server change nothing, the own ports come from the configuration', async () => {
    const env = { NODE_ENV: 'production', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@db.internal/newsreel', PORT: '8080' };
    const production = outboundPolicyFor(parseConfig(env), { ownAddresses: () => [] });
    for (const host of ['127.0.0.1', '0.0.0.0', '10.0.0.5']) expect(await refusal(production.check(host, 21))).not.toBe('allowed');
    const opened = outboundPolicyFor(parseConfig({ ...env, OUTBOUND_ALLOW: '10.0.0.0/8' }), { ownAddresses: () => [] });
    const got = await Promise.all([8080, 1935, 9720, 21].map((port) => refusal(opened.check('10.0.0.5', port))));
    expect(got).toEqual([
      "one of the platform's own ports",
      "one of the platform's own ports",
      "one of the platform's own ports",
      'allowed',
    ]);
    expect(() => parseConfig({ OUTBOUND_ALLOW: 'not-an-address' })).toThrow(/OUTBOUND_ALLOW/);
  });

  it('outboundFetch asks the checked address, with the name as the Host header; a refused host is never connected to', async () => {
    const hosts: string[] = [];
    const server = http.createServer((request, response) => {
      hosts.push(request.headers.host ?? '');
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      const resolve = dnsAnswering({ 'registry.example': [['127.0.0.1'], ['10.9.9.9']] });
      const policy = outboundPolicy({ allow: allow('127.0.0.1'), ownPorts: [], ownAddresses: () => [], resolve });
      const answer = await outboundFetch(policy)(`http://registry.example:${port}/check`);
      expect([answer.status, await answer.json()]).toEqual([200, { ok: true }]);
      expect(hosts).toEqual([`registry.example:${port}`]);
      await expect(outboundFetch(strict)(`http://127.0.0.1:${port}/check`)).rejects.toBeInstanceOf(OutboundRefused);
      expect(hosts).toHaveLength(1);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
