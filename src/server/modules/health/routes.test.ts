import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { inProcessBroadcaster } from '../realtime/broadcaster.ts';
import { redisBroadcaster } from '../realtime/redis-broadcaster.ts';
import { s3FileStore } from '../downloads/storage-s3.ts';
import { createTestApp, createTestDatabase, testConfig, testDownloadFiles, testServices, type TestApp } from '../../test/harness.ts';
import { startS3Peer } from '../../test/s3-peer.ts';

const redisUrl = process.env.REDIS_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health checks', () => {
  it('/healthz says the process is alive and /readyz that the database answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 with the error body when the database is gone', async () => {
    const database: Database = await createTestDatabase();
    const app = await buildApp(testConfig(), testServices(database));
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: [{ code: 'database_unavailable', message: 'The database does not answer' }] });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('readiness covers Redis when real-time messages travel through it (issue 27)', () => {
  it('/readyz answers 503 naming Redis while the broadcaster cannot deliver, 200 again once it can', async () => {
    const database = await createTestDatabase();
    let redisUp = true;
    const broadcaster = {
      ...inProcessBroadcaster(),
      ping: async () => {
        if (!redisUp) throw new Error('Redis is not connected');
      },
    };
    const app = await buildApp(testConfig(), testServices(database, { broadcaster }));
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      redisUp = false;
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ errors: [{ code: 'redis_unavailable', message: 'Redis (real-time messages) does not answer' }] });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      redisUp = true;
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.skipIf(!redisUrl)('the Redis broadcaster answers its check while connected, and not once its connections end', async () => {
    const broadcaster = await redisBroadcaster({ url: redisUrl ?? '', channel: `newsreel:test:ready:${process.pid}`, log: console });
    await expect(broadcaster.ping?.()).resolves.toBeUndefined();
    await broadcaster.close();
    await expect(broadcaster.ping?.()).rejects.toThrow();
  });
});

describe('readiness covers the bucket when files are in S3 (issue 27)', () => {
  it('/readyz answers 503 storage_unavailable while the S3 service is down, 200 again once it is back', async () => {
    let peer = await startS3Peer();
    const { port } = new URL(peer.endpoint);
    const store = s3FileStore({ ...peer, region: 'us-east-1' });
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), testServices(database, { files: { ...testDownloadFiles('secret'), store } }));
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await peer.close();
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ errors: [{ code: 'storage_unavailable', message: 'The file store (S3) does not answer' }] });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      peer = await startS3Peer(peer.bucket, Number(port));
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      store.close();
      await peer.close();
      await database.close();
    }
  });

  it('a bucket that does not exist is not ready either', async () => {
    const peer = await startS3Peer();
    const store = s3FileStore({ ...peer, bucket: 'no-such-bucket', region: 'us-east-1' });
    try {
      await expect(store.ping()).rejects.toThrow();
    } finally {
      store.close();
      await peer.close();
    }
  });
});

describe('the shutdown drain (issue 27)', () => {
  it('readiness answers 503 shutting_down from the start of the drain, while other requests are still served, each closing its connection', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), testServices(database));
    try {
      const before = await app.inject({ method: 'GET', url: '/api/locales' });
      expect(before.statusCode).toBe(200);
      expect(before.headers.connection).not.toBe('close');
      app.drain();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ errors: [{ code: 'shutting_down', message: 'The server is shutting down' }] });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const during = await app.inject({ method: 'GET', url: '/api/locales' });
      expect(during.statusCode).toBe(200);
      expect(during.headers.connection).toBe('close');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/locales', '/api/time_zones', '/api/countries.json', '/readyz']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
