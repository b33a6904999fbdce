import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../common/errors.ts';
import { buildApp } from '../app.ts';
import { trustedProxy } from './connections.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig, testServices, type TestApp, createTestApp } from '../test/harness.ts';

/** Raw HTTP over a socket: what a browser, a proxy or an attacker sends, byte for byte. */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}
function readAll(socket: Socket): Promise<{ text: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
  });
}
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;

describe("Fastify's and Node's own errors carry the errors envelope", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('400 for a URL that does not decode', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/content/tags/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'bad_url', message: 'The URL is not valid' }] });
  });

  it('414 for a path parameter past its length', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/content/tags/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(errorBodySchema.parse(response.json()).errors[0]?.code).toBe('uri_too_long');
  });

  it('431 for headers past the limit, 400 for a malformed request', async () => {
    for (const [raw, status, code] of [
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
      ['GARBAGE\r\n\r\n', 400, 'bad_request'],
    ] as const) {
      const socket = await openSocket(port);
      const answer = readAll(socket);
      socket.write(raw);
      const { text } = await answer;
      expect(statusOf(text)).toBe(status);
      expect(bodyOf(text)).toEqual({ errors: [expect.objectContaining({ code })] });
    }
  });
});

describe('slow clients and many connections (issue: 3,000 connections held at once)', () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({}, { REQUEST_TIMEOUT: '1', HEADERS_TIMEOUT: '1', MAX_CONNECTIONS_PER_ADDRESS: '5' });
    app = await buildApp(config, testServices(database));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a body promised but never sent is answered 408 and closed after the request timeout', async () => {
    const socket = await openSocket(port);
    const answer = readAll(socket);
    socket.write('POST /users/sign_in.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user":');
    const { text, closedAfterMs } = await answer;
    expect(closedAfterMs).toBeLessThan(4_000);
    // Node answers 408 when it can; a socket it finds mid-parse it just closes. Either way, no hold.
    if (text) {
      expect(statusOf(text)).toBe(408);
      expect(bodyOf(text)).toEqual({ errors: [expect.objectContaining({ code: 'request_timeout' })] });
    }
  });

  it('headers that never end are cut off too', async () => {
    const socket = await openSocket(port);
    const answer = readAll(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect((await answer).closedAfterMs).toBeLessThan(4_000);
  });

  it('one address holds at most its cap of connections; the server keeps answering', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => openSocket(port)));
    const extra = await openSocket(port);
    const refused = await readAll(extra);
    expect(refused.text).toBe('');
    // Closed by the cap at once, not by the 1 s header timeout this server also has.
    expect(refused.closedAfterMs).toBeLessThan(500);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});

describe('behind a trusted proxy (TRUST_PROXY, issue 27)', () => {
  it('connections from the proxy are not capped: every client arrives from its address', async () => {
    const database = await createTestDatabase();
    const config = testConfig({}, { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', MAX_CONNECTIONS_PER_ADDRESS: '5' });
    const app = await buildApp(config, testServices(database));
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const held = await Promise.all(Array.from({ length: 12 }, () => openSocket(port)));
      const answers = held.map((socket) => readAll(socket));
      // Every connection is accepted (and a capped one closed) before any request is sent.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const socket of held) socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect((await Promise.all(answers)).map(({ text }) => statusOf(text))).toEqual(Array.from({ length: 12 }, () => 200));
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('knows the proxies TRUST_PROXY names, by address or range, IPv4-mapped or not', () => {
    const trusted = trustedProxy(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    expect(['10.1.2.3', '::ffff:10.9.9.9', '192.168.1.7', 'fd00::1'].map(trusted)).toEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.168.1.8', '::1', 'fe80::1', 'not an address'].map(trusted)).toEqual([false, false, false, false, false]);
    expect(trustedProxy(true)('203.0.113.9')).toBe(true);
    expect(trustedProxy(false)('127.0.0.1')).toBe(false);
  });
});

describe('shutdown', () => {
  it('answers a request that arrives on an open connection while the server closes, rather than refusing it (issue 27: no request lost)', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), testServices(database));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get('/test/slow', async () => {
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket((app.server.address() as AddressInfo).port);
    const answer = readAll(socket);
    socket.write('GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.close();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const { text } = await answer;
    await closed;
    await database.close();
    const second = text.slice(text.indexOf('HTTP/1.1', 10));
    expect(statusOf(second)).toBe(200);
    expect(bodyOf(second)).toEqual({ status: 'ok' });
  });
});
