import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('large JSON answers are compressed on the fly', () => {
  it('with brotli or gzip, as the browser accepts, to the same JSON', async () => {
    const plain = await get('/api/countries.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(5_000);
    const br = await get('/api/countries.json', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get('/api/countries.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('the micro-cache keeps the plain answer whatever the first caller accepted', async () => {
    await get('/api/content/categories?locale=es', 'br, gzip');
    const hit = await get('/api/content/categories?locale=es');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(Array.isArray(hit.json())).toBe(true);
  });

  it('leaves small answers alone', async () => {
    expect((await get('/healthz', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
