import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import type { Clock } from '../context.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { backgroundTasks } from '../lib/background.ts';
import { skippedRecaptcha } from '../modules/accounts/recaptcha.ts';
import { testVatRegistry } from '../modules/payments/vat-registry.ts';
import { testCardProvider } from '../modules/payments/test-card-provider.ts';
import { testWallet } from '../modules/payments/test-wallet.ts';
import { inProcessBroadcaster } from '../modules/realtime/broadcaster.ts';
import { inProcessCacheBus } from '../lib/cache-bus.ts';
import { outboxMailer } from '../modules/mail/mailer.ts';
import type { AppServices } from '../services.ts';
import { createDatabaseFromTemplate, dropDatabase } from './postgres.ts';
import { jobSender } from '../jobs/sender.ts';
import type { DownloadFiles } from '../modules/downloads/files.ts';
import { localFileStore } from '../modules/downloads/storage.ts';
import { resolveFfmpeg } from '../modules/media/ffmpeg.ts';
import { demoTvuDirectory } from '../modules/live/tvu.ts';
import { unusedPushSender } from '../modules/push/sender.ts';
import { outboundPolicyFor } from '../modules/security/outbound.ts';

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

/** Tests keep files (preview clips, the secret) out of the checkout. */
const TEST_DATA_DIR = path.join(os.tmpdir(), `newsreel-test-${process.pid}`);

export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  // Every pass at once unless a test asks for verification (PASS_VERIFICATION=first), so the payment
  // tests keep their meaning (docs/decisions.md "Applying for a pass (issue 25)").
  return parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: TEST_DATA_DIR, PASS_VERIFICATION: 'off', ...env }, overrides);
}

/** A clock tests can move: `clock.advance(minutes(61))`. */
export type TestClock = Clock & { set(date: Date): void; advance(ms: number): void };
export function testClock(start = new Date('2026-11-22T09:00:00Z')): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (date) => {
      now = date.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
export const minutes = (n: number) => n * 60 * 1000;
export const days = (n: number) => n * 24 * 3600 * 1000;

/** Test files: a folder of this worker's own, the ffmpeg of the machine, a solid test logo. */
export function testDownloadFiles(secret: string, root = path.join(TEST_DATA_DIR, 'files')): DownloadFiles {
  return {
    store: localFileStore(path.join(root, 'storage')),
    ffmpeg: resolveFfmpeg(process.env.FFMPEG_PATH),
    workDir: path.join(root, 'work'),
    credit: '© Newsreel',
    secret,
  };
}

/** The app secret of test services: what signs their links. */
export const TEST_SECRET = 'test-secret-with-at-least-32-characters!';

export function testServices(database: Database, overrides: Partial<AppServices> = {}): AppServices & { clock: TestClock } {
  const clock = testClock();
  const secret = TEST_SECRET;
  return {
    database,
    clock,
    mailer: outboxMailer(clock),
    secret,
    jobs: jobSender(database.connection),
    files: testDownloadFiles(secret),
    recaptcha: skippedRecaptcha,
    vatRegistry: testVatRegistry,
    tvu: demoTvuDirectory,
    // As a deployment without OUTBOUND_ALLOW: tests that reach local peers allow 127.0.0.1 (createTestApp's env).
    outbound: outboundPolicyFor(testConfig()),
    push: unusedPushSender(),
    cards: testCardProvider({ db: database.db, clock }),
    wallet: testWallet({ db: database.db, clock }),
    background: backgroundTasks({ error: (details, message) => console.error(message, details) }),
    broadcaster: inProcessBroadcaster(),
    caches: inProcessCacheBus(),
    ...overrides,
  } as AppServices & { clock: TestClock };
}

export type TestApp = { app: FastifyInstance; database: Database; services: AppServices & { clock: TestClock }; close(): Promise<void> };

/** The real app on a fresh database; call close() in afterAll. */
export async function createTestApp(
  options: { config?: Partial<Config>; env?: Record<string, string>; services?: Partial<AppServices> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.config, options.env);
  const services = testServices(database, { outbound: outboundPolicyFor(config), ...options.services });
  const app = await buildApp(config, services);
  await app.ready();
  return {
    app,
    database,
    services,
    close: async () => {
      await app.close();
      await services.jobs.stop();
      await services.background.idle();
      await services.mailer.stop();
      await services.broadcaster.close();
      await services.caches.close();
      await database.close();
    },
  };
}
