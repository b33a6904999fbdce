import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTargetSchema, tvuReceiversSchema } from '../../../common/live.ts';
import { createTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { createLiveEvent, hoursFrom } from './test-support.ts';
import { demoTvuDirectory, tvuApiDirectory } from './tvu.ts';

/**
 * TVU receivers through the HTTP adapter, against a local peer speaking TVU's directory: only the
 * caller's own TVU account is read, and a TVU target must name one of its receivers.
 */
const API_KEY = 'platform-key-42';
/** The peer is on 127.0.0.1, which only an allowance opens. */
const allowingPeers = outboundPolicyFor(testConfig({}, { OUTBOUND_ALLOW: '127.0.0.1' }));
const ACCOUNTS: Record<string, { id: string; name: string; online: boolean }[]> = {
  'desk@nile.example': [
    { id: 'R-100', name: 'Cairo studio', online: true },
    { id: 'R-200', name: 'Field pack', online: false },
  ],
};
let peer: http.Server;
let peerUrl: string;
let peerDown = false;
const asked: string[] = [];
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let admin: Browser;

beforeAll(async () => {
  peer = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    if (peerDown) return response.writeHead(502).end();
    if (request.headers.authorization !== `Bearer ${API_KEY}`) return response.writeHead(401).end();
    if (url.pathname !== '/receivers') return response.writeHead(404).end();
    const username = url.searchParams.get('username') ?? '';
    asked.push(username);
    const receivers = ACCOUNTS[username];
    if (!receivers) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ receivers }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  t = await createTestApp({ services: { tvu: tvuApiDirectory({ url: peerUrl, apiKey: API_KEY, outbound: allowingPeers }) } });
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => peer.close(resolve));
});

const RECEIVERS = '/api/content/live/tvu/receivers';

describe('TVU receivers (spec §7)', () => {
  it('lists the receivers of the TVU account in the caller’s profile, and no other account’s', async () => {
    const { browser } = await a.signedIn({ tvuEmail: 'Desk@Nile.example' });
    const own = await browser.get(`${RECEIVERS}?username=desk%40nile.example`);
    expect(tvuReceiversSchema.parse(own.json()).receivers).toEqual(ACCOUNTS['desk@nile.example']);
    expect(tvuReceiversSchema.parse((await browser.get(RECEIVERS)).json()).receivers.map((r) => r.id)).toEqual(['R-100', 'R-200']);
    expect(asked.at(-1)).toBe('desk@nile.example');

    const other = await browser.get(`${RECEIVERS}?username=someone%40else.example`);
    expect([other.statusCode, codes(other)]).toEqual([403, ['tvu_account_not_yours']]);

    const { browser: noTvu } = await a.signedIn();
    const missing = await noTvu.get(RECEIVERS);
    expect([missing.statusCode, codes(missing)]).toEqual([422, ['tvu_email_required']]);
    const { browser: unknownToTvu } = await a.signedIn({ tvuEmail: 'new@nile.example' });
    expect(tvuReceiversSchema.parse((await unknownToTvu.get(RECEIVERS)).json()).receivers).toEqual([]);
    expect((await new Browser(t.app).get(RECEIVERS)).statusCode).toBe(401);
  });

  it('TVU not answering is a 503 in words, not a 500', async () => {
    const { browser } = await a.signedIn({ tvuEmail: 'desk@nile.example' });
    peerDown = true;
    const answer = await browser.get(RECEIVERS);
    peerDown = false;
    expect([answer.statusCode, codes(answer)]).toEqual([503, ['tvu_unavailable']]);
    const gone = tvuApiDirectory({ url: 'http://127.0.0.1:1', apiKey: API_KEY, outbound: allowingPeers });
    await expect(gone.receivers('desk@nile.example')).rejects.toMatchObject({
      status: 503,
      items: [expect.objectContaining({ code: 'tvu_unavailable' })],
    });
  });

  it('goes through the outbound policy: without an allowance the loopback peer is never asked', async () => {
    const before = asked.length;
    for (const url of [peerUrl, peerUrl.replace('127.0.0.1', '2130706433'), peerUrl.replace('127.0.0.1', 'localhost')]) {
      const strict = tvuApiDirectory({ url, apiKey: API_KEY, outbound: outboundPolicyFor(testConfig()) });
      await expect(strict.receivers('desk@nile.example'), url).rejects.toMatchObject({
        status: 503,
        items: [expect.objectContaining({ code: 'tvu_unavailable' })],
      });
    }
    expect(asked.length).toBe(before);
  });

  it('a TVU target names one of the caller’s receivers', async () => {
    const { browser } = await a.signedIn({ tvuEmail: 'desk@nile.example' });
    const event = await createLiveEvent(t, admin, { start_at: hoursFrom(t, 1) });
    const targets = `/api/content/live/events/${event.slug}/targets`;
    const made = await browser.post(targets, { target: { kind: 'tvu', tvu_receiver: 'R-100' } });
    expect(made.statusCode).toBe(201);
    expect(liveTargetSchema.parse(made.json())).toMatchObject({ kind: 'tvu', tvu_receiver: 'R-100', url: null });
    const foreign = await browser.post(targets, { target: { kind: 'tvu', tvu_receiver: 'R-999' } });
    expect([foreign.statusCode, codes(foreign)]).toEqual([422, ['tvu_receiver_unknown']]);
  });
});

describe('the embedded demo directory', () => {
  it('gives each account two receivers, the same ones each time, and another account others', async () => {
    const first = await demoTvuDirectory.receivers('desk@nile.example');
    expect(first).toHaveLength(2);
    expect(await demoTvuDirectory.receivers('DESK@nile.example')).toEqual(first);
    const other = await demoTvuDirectory.receivers('news@tigris.example');
    expect(other.map((r) => r.id)).not.toEqual(first.map((r) => r.id));
  });
});
