import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHANNELS } from '../../../common/realtime.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { RawCable, sessionCookie } from '../../test/cable.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { createDatabaseFromTemplate, dropDatabase } from '../../test/postgres.ts';
import { SHARED_SECRETS, startServerProcess, type ServerProcess } from '../../test/server-process.ts';

/**
 * Two server processes as `npm run serve` starts them, on one PostgreSQL database and one Redis:
 * what one process broadcasts reaches the clients of the other. Runs where CI runs the suite on
 * PostgreSQL (TEST_DATABASE_URL) with REDIS_URL set; skipped on the embedded database.
 */
const redisUrl = process.env.REDIS_URL;
const templateUrl = inject('postgresTemplateUrl');

describe.skipIf(!redisUrl || !templateUrl)('two processes, one PostgreSQL, one Redis', () => {
  let databaseUrl: string;
  let database: Database;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    databaseUrl = await createDatabaseFromTemplate(templateUrl);
    database = await openPostgres(databaseUrl, { max: 2 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-cable-'));
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      // Its own Redis channel, so that parallel runs on one Redis do not hear each other.
      REDIS_CHANNEL: `newsreel:test:${path.basename(databaseUrl)}`,
      ...SHARED_SECRETS,
      DATA_DIR: dataDir,
    };
    // Both at once: the one that takes the start-up lock checks migrations and seeds, the other waits.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 90_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const signedIn = async (overrides: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(database.db, overrides);
    return { user, token: await createSessionToken(database.db, user) };
  };

  it('an alert created through process A reaches a client of process B', async () => {
    const admin = await signedIn({ isAdmin: true });
    const client = await RawCable.open(b.cable);
    try {
      expect((await client.subscribe({ channel: CHANNELS.alerts })).type).toBe('confirm_subscription');
      const created = await fetch(`${a.http}/api/admin/content/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `session=${admin.token}` },
        body: JSON.stringify({ alert: { title: 'Across processes', alert_type: 'red', target_link_to: 'custom', custom_url: '/videos' } }),
      });
      expect(created.status).toBe(201);
      const alert: unknown = await created.json();
      expect((await client.next((m) => m.message !== undefined && m.identifier !== undefined)).message).toEqual({ type: 'created', alert });
    } finally {
      client.close();
    }
  });

  it('signing out through process A closes that session’s socket on process B', async () => {
    const { token } = await signedIn();
    const client = await RawCable.open(b.cable, { cookie: sessionCookie(token) });
    expect((await client.subscribe({ channel: CHANNELS.transcoding })).type).toBe('confirm_subscription');
    const signOut = await fetch(`${a.http}/users/sign_out.json`, { method: 'DELETE', headers: { cookie: `session=${token}` } });
    expect(signOut.status).toBe(204);
    expect(await client.next((m) => m.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: true });
    await client.closed;
  });

  it('stopping a process (SIGTERM) tells its clients to reconnect', async () => {
    const client = await RawCable.open(b.cable);
    b.child.kill('SIGTERM');
    expect(await client.next((m) => m.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    await client.closed;
    expect(await b.exited).toEqual([0, null]);
  });
});
