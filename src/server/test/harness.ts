import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { createDatabaseFromTemplate, dropDatabase } from './postgres.ts';

let templateBlob: Blob | undefined;

/**
 * A fresh, migrated database with reference data: a PGlite loaded from the run's template, or a
 * new PostgreSQL database copied from TEST_DATABASE_URL. Closing it drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const templateUrl = inject('postgresTemplateUrl');
  if (templateUrl) {
    const url = await createDatabaseFromTemplate(templateUrl);
    const database = await openPostgres(url, { max: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(url);
      },
    };
  }
  templateBlob ??= new Blob([await readFile(inject('pgliteTemplate'))]);
  return openPglite({ loadDataDir: templateBlob });
}

export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  return parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, overrides);
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** The real app on a fresh database; call close() in afterAll. */
export async function createTestApp(options: { config?: Partial<Config>; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(options.config, options.env), { database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
