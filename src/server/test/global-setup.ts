import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { bundleServerIfStale } from '../../../scripts/server-bundle.mjs';
import { openPglite, openPostgres } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { dropTestDatabases, TEST_DB_PREFIX } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a data directory (tar, not gzipped: half the time to load) holding the migrated, reference-seeded template. */
    pgliteTemplate: string;
    /** PostgreSQL mode: TEST_DATABASE_URL, migrated and seeded, used as CREATE DATABASE template. */
    postgresTemplateUrl: string;
  }
}

/**
 * Prepares one migrated database for the whole run; every test file gets its own copy of it
 * (a PGlite loaded from the dump, or a PostgreSQL database created from the template).
 */
export default async function setup(project: TestProject) {
  // The server the tests start as a process (server-process.ts SERVER_COMMAND).
  await bundleServerIfStale();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await dropTestDatabases(url);
    const database = await openPostgres(url, { max: 1 });
    try {
      await prepareDatabase(database, { seedDemo: false });
    } finally {
      await database.close();
    }
    project.provide('postgresTemplateUrl', url);
    project.provide('pgliteTemplate', '');
    return async () => dropTestDatabases(url);
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), `${TEST_DB_PREFIX}`));
  const file = path.join(dir, 'template.tar');
  const database = await openPglite({ smallWal: true });
  try {
    await prepareDatabase(database, { seedDemo: false });
    // Each file loads this copy: without template0 and template1, which PGlite's one connection to
    // `postgres` never uses, it is 30 MB instead of 45 and a third of the files, 0.25 s to open
    // instead of 0.33 s, some 140 times a run.
    await database.db.execute(sql.raw(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`));
    await database.db.execute(sql.raw('DROP DATABASE template0'));
    await database.db.execute(sql.raw('DROP DATABASE template1'));
    await database.db.execute(sql.raw('CHECKPOINT'));
    await writeFile(file, Buffer.from(await (await database.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplateUrl', '');
  return async () => rm(dir, { recursive: true, force: true });
}
