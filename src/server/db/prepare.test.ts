import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { countries } from '../modules/reference/schema.ts';
import { createEmptyDatabase, dropDatabase } from '../test/postgres.ts';
import { SHARED_SECRETS, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { MIGRATIONS_FOLDER, openPostgres } from './client.ts';

/**
 * Start-up on PostgreSQL (issue 27): processes that start together on a new database each check
 * migrations and seeds; one does it while the others wait, instead of two applying the same
 * migration (the second crashed on a duplicate key). Runs where CI runs the suite on PostgreSQL.
 */
const templateUrl = inject('postgresTemplateUrl');

describe.skipIf(!templateUrl)('two processes starting together on an empty database', () => {
  const started: ServerProcess[] = [];
  let databaseUrl = '';
  const dataDirs: string[] = [];

  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    if (databaseUrl) await dropDatabase(databaseUrl);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('both get ready; every migration is applied once and the reference data seeded once', async () => {
    databaseUrl = await createEmptyDatabase(templateUrl);
    const start = async () => {
      // Separate data folders, as on separate machines.
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-start-'));
      dataDirs.push(dataDir);
      const server = await startServerProcess(
        {
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          ...SHARED_SECRETS,
          WORKERS: 'off',
          LIVE_RTMP_PORT: 'off',
          LIVE_SRT_PORTS: 'off',
        },
        60_000,
      );
      started.push(server);
      return server;
    };
    const [a, b] = await Promise.all([start(), start()]);
    for (const server of [a, b]) expect((await fetch(`${server.http}/api/content/categories`)).status).toBe(200);

    const migrations = (await readdir(MIGRATIONS_FOLDER)).filter((name) => name.endsWith('.sql')).length;
    const database = await openPostgres(databaseUrl, { max: 1 });
    try {
      const [applied] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      expect(applied?.n).toBe(migrations);
      const [seeded] = await database.db
        .select({ n: sql<number>`count(*)::int`, codes: sql<number>`count(distinct ${countries.code})::int` })
        .from(countries);
      expect(seeded?.n).toBeGreaterThan(100);
      expect(seeded?.n).toBe(seeded?.codes);
    } finally {
      await database.close();
    }
  }, 90_000);
});
