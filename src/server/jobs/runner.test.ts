import { and, eq } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { agreementBalances } from '../modules/agreements/schema.ts';
import { createAgreement, createUser } from '../test/factories.ts';
import { createTestDatabase, testClock, testDownloadFiles } from '../test/harness.ts';
import { startJobRunner, type JobLog } from './runner.ts';
import { outboxMailer } from '../modules/mail/mailer.ts';
import { testCardProvider } from '../modules/payments/test-card-provider.ts';
import { JOB_QUEUES } from './queues.ts';
import { unusedPushSender } from '../modules/push/sender.ts';
import { outboundPolicy } from '../modules/security/outbound.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Entry = { level: string; details: object; message: string };
function recordingLog(): JobLog & { entries: Entry[] } {
  const entries: Entry[] = [];
  const at = (level: string) => (details: object, message: string) => void entries.push({ level, details, message });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** pg-boss's own schedule table, as much of it as the test reads. */
const bossSchedules = pgSchema('pgboss').table('schedule', {
  name: text('name').notNull(),
  cron: text('cron'),
  timezone: text('timezone'),
});
async function schedules() {
  const rows = await database.db.select().from(bossSchedules);
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job runner', () => {
  it('works a job sent through pg-boss in this process, schedules the periodic ones, and stops', async () => {
    const log = recordingLog();
    const clock = testClock(new Date('2026-11-20T00:00:00Z'));
    const services = {
      mailer: outboxMailer(clock),
      cards: testCardProvider({ db: database.db, clock }),
      publicOrigin: 'http://localhost:3000',
      files: testDownloadFiles('runner-test-secret'),
      push: unusedPushSender(),
      outbound: outboundPolicy({ allow: [], ownPorts: [] }),
      broadcast: () => undefined,
    };
    const runner = await startJobRunner({ database, clock, services, log, name: 'api', pollingIntervalSeconds: 0.5 });
    try {
      const user = await createUser(database.db);
      const agreement = await createAgreement(database.db, {
        userId: user.id,
        status: 'user_accepting',
        balances: [{ kind: 'standard', amount: 20, validTill: new Date('2026-11-15T00:00:00Z') }],
      });

      expect(await runner.send('agreements.expire-balances')).toEqual(expect.any(String));
      await waitFor(async () => {
        const [balance] = await database.db
          .select({ amount: agreementBalances.amount })
          .from(agreementBalances)
          .where(and(eq(agreementBalances.agreementId, agreement.id), eq(agreementBalances.kind, 'standard')));
        return balance?.amount === 0 ? balance : undefined;
      });
      const done = await waitFor(async () => log.entries.find((entry) => entry.message === 'job done'));
      expect(done).toMatchObject({ level: 'info', details: { queue: 'agreements.expire-balances', zeroed: 1 } });

      expect(await schedules()).toEqual(
        JOB_QUEUES.flatMap((definition) =>
          definition.schedule ? [{ name: definition.queue, cron: definition.schedule, timezone: 'UTC' }] : [],
        ).sort((a, b) => a.name.localeCompare(b.name)),
      );
    } finally {
      await runner.stop();
    }
    expect(log.entries.filter((entry) => entry.level === 'error' || entry.level === 'warn')).toEqual([]);
  });
});
