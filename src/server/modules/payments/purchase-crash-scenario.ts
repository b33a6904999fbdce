import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, transactionsPageSchema, type PurchaseResult } from '../../../common/payments.ts';
import type { Db } from '../../db/client.ts';
import { seedTestCatalogue } from '../../test/catalogue-fixtures.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { agreements } from '../agreements/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { mailOutbox } from '../mail/schema.ts';
import { countries } from '../reference/schema.ts';
import { call, crashStore, startServer, type CrashStore, type ServerProcess } from './crash-test-support.ts';
import { billingSettings, transactions } from './schema.ts';
import { eventually } from './test-support.ts';

/**
 * The issue's test, shared by purchase-crash.test.ts (the built-in test card provider) and
 * purchase-crash-stripe.test.ts (Stripe, the local peer): a real server (main.ts in a child
 * process) killed with SIGKILL in the middle of purchases, restarted on the same data. The first
 * server parks purchases at known points (PAYMENT_CRASH_TEST_PAUSES: after the reservation, after
 * the charge) and dies during a burst of others; between the runs the two oldest parked purchases
 * are dated an hour back, as if the server came back late, so that the start-up reconciliation
 * takes them while the others are finished by the buyers' retries with the same keys. Afterwards,
 * per buyer: charges at the provider = paid transactions = licences = receipts, none doubled.
 */

export type Provider = {
  /** The server's configuration of the provider. */
  env: Record<string, string>;
  card: (outcome: 'success' | 'authenticate') => string;
  /** The transactions the provider took money for. */
  charged: (db: Db) => Promise<number[]>;
};

type Buyer = { userId: number; email: string; token: string; key: string };
const BURST = ['burst0', 'burst1', 'burst2', 'burst3', 'burst4', 'burst5'] as const;
const ROLES = ['before1', 'charged1', 'before2', 'charged2', 'bank', 'done', ...BURST] as const;
type Role = (typeof ROLES)[number];

/** The buyers, their billing country and a session each, and a paid video, written before any server runs. */
async function prepare(store: CrashStore): Promise<{ buyers: Record<Role, Buyer>; video: number }> {
  const database = await store.open();
  try {
    const db = database.db;
    await seedTestCatalogue(db, new Date());
    const [video] = await db.select({ id: videoProjects.id }).from(videoProjects).where(eq(videoProjects.freeAccess, false)).limit(1);
    const [germany] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
    const buyers = {} as Record<Role, Buyer>;
    for (const role of ROLES) {
      const user = await createUser(db);
      await db.insert(billingSettings).values({ userId: user.id, countryId: germany?.id ?? null, firstName: 'Ana', updatedAt: new Date() });
      const point = role.startsWith('before') ? 'pause-after-reservation-' : role.startsWith('charged') ? 'pause-after-charge-' : '';
      buyers[role] = { userId: user.id, email: user.email, token: await createSessionToken(db, user), key: `${point}${randomUUID()}` };
    }
    return { buyers, video: video?.id ?? 0 };
  } finally {
    await database.close();
  }
}

/** Where the purchases stand: per buyer, what the provider took, what was paid, licensed and mailed. */
async function ledger(store: CrashStore, provider: Provider, buyers: Buyer[]) {
  const database = await store.open();
  try {
    const db = database.db;
    const ids = buyers.map((buyer) => buyer.userId);
    const rows = await db.select().from(transactions).where(inArray(transactions.userId, ids));
    const charged = new Set(await provider.charged(db));
    const licences = await db.select().from(agreements).where(inArray(agreements.userId, ids));
    const mails = await db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          buyers.map((buyer) => buyer.email),
        ),
      );
    return {
      db: database,
      rows,
      pending: rows.filter((row) => row.status === 'pending'),
      chargedWithoutLicence: rows.filter((row) => charged.has(row.id) && row.status !== 'succeeded'),
      perBuyer: buyers.map((buyer) => {
        const mine = rows.filter((row) => row.userId === buyer.userId);
        return {
          charges: mine.filter((row) => charged.has(row.id)).length,
          paid: mine.filter((row) => row.status === 'succeeded').length,
          licences: licences.filter((licence) => licence.userId === buyer.userId).length,
          receipts: mails.filter((mail) => mail.to === buyer.email).length,
        };
      }),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The scenario, with one card provider; its test file says which. */
export function describeCrash(name: string, provider: () => Provider) {
  describe(`a server killed in the middle of purchases, with ${name}`, () => {
    let store: CrashStore;
    let server: ServerProcess | undefined;
    beforeAll(async () => {
      store = await crashStore();
    });
    afterAll(async () => {
      await server?.kill();
      await store?.dispose();
    });

    it('restarts on the same data and ends with charges = licences, none doubled; the retries answer the finished purchases', async () => {
      const { buyers, video } = await prepare(store);
      const buy = (target: ServerProcess, buyer: Buyer, outcome: 'success' | 'authenticate' = 'success', key = buyer.key) =>
        call(target, buyer.token, '/api/current_user/payments/initiate', {
          product: { type: 'video', video_project_id: video },
          provider: 'card',
          payment_method: provider().card(outcome),
          idempotency_key: key,
          confirmations: { withdrawal: true, terms: true, licence_values: true },
        });
      const result = (answer: { body: unknown }): PurchaseResult => purchaseResultSchema.parse(answer.body);
      const base = { ...store.env, ...provider().env };

      // The first server: one purchase done, one waiting for its bank step, four parked, then killed during a burst.
      const first = await startServer({ ...base, PAYMENT_CRASH_TEST_PAUSES: 'on' });
      server = first;
      expect(result(await buy(first, buyers.done)).status).toBe('succeeded');
      expect(result(await buy(first, buyers.bank, 'authenticate')).status).toBe('requires_action');
      const parked = (['before1', 'charged1', 'before2', 'charged2'] as const).map((role) => buyers[role]);
      for (const buyer of parked) void buy(first, buyer).catch(() => undefined);
      await Promise.all(parked.map((buyer) => first.paused(buyer.key)));
      const burst = BURST.map((role) => buy(first, buyers[role]));
      await Promise.race(burst.map((answer) => answer.catch(() => undefined)));
      await first.kill();
      await Promise.allSettled(burst);

      const crashed = await ledger(store, provider(), Object.values(buyers));
      try {
        const parkedRows = parked.map((buyer) => crashed.rows.find((row) => row.idempotencyKey === buyer.key));
        expect(parkedRows.map((row) => row?.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
        expect(crashed.chargedWithoutLicence.map((row) => row.idempotencyKey)).toEqual(
          expect.arrayContaining([buyers.charged1.key, buyers.charged2.key]),
        );
        console.log(
          `${name}, after the SIGKILL: ${crashed.pending.length} pending, ${crashed.chargedWithoutLicence.length} charged without a licence`,
        );
        // As if the server came back an hour later: these two are past the grace period at start-up.
        const late = [buyers.before1.key, buyers.charged1.key];
        await crashed.db.db
          .update(transactions)
          .set({
            createdAt: sql`${transactions.createdAt} - interval '1 hour'`,
            updatedAt: sql`${transactions.updatedAt} - interval '1 hour'`,
          })
          .where(inArray(transactions.idempotencyKey, late));
      } finally {
        await crashed.db.close();
      }

      // The second server, on the same data: the start-up reconciliation decides the two late ones by itself.
      const second = await startServer({ ...base, PAYMENT_GRACE_SECONDS: '600' });
      server = second;
      const historyStatus = async (buyer: Buyer) => {
        const history = transactionsPageSchema.parse((await call(second, buyer.token, '/api/current_user/payments/transactions')).body);
        const status = history.transactions[0]?.status;
        return status === 'pending' ? undefined : status;
      };
      expect(await eventually(() => historyStatus(buyers.before1), 60_000)).toBe('failed');
      expect(await eventually(() => historyStatus(buyers.charged1), 60_000)).toBe('succeeded');

      // Every retry with its key answers the finished purchase.
      expect(result(await buy(second, buyers.before1))).toMatchObject({ status: 'failed', error: { code: 'processing_error' } });
      for (const role of ['charged1', 'before2', 'charged2', 'done', ...BURST] as const)
        expect(result(await buy(second, buyers[role])), role).toMatchObject({ status: 'succeeded' });
      expect(result(await buy(second, buyers.bank, 'authenticate')).status).toBe('requires_action');
      // Released: the buyer whose card was never charged buys again.
      expect(result(await buy(second, buyers.before1, 'success', randomUUID())).status).toBe('succeeded');
      await second.stop();

      const after = await ledger(store, provider(), Object.values(buyers));
      try {
        console.log(
          `${name}, after the restart: ${after.pending.length} pending, ${after.chargedWithoutLicence.length} charged without a licence`,
        );
        expect(after.pending.map((row) => row.idempotencyKey)).toEqual([buyers.bank.key]);
        expect(after.chargedWithoutLicence).toEqual([]);
        for (const [index, figures] of after.perBuyer.entries())
          expect(figures, ROLES[index]).toEqual(
            ROLES[index] === 'bank' ? { charges: 0, paid: 0, licences: 0, receipts: 0 } : { charges: 1, paid: 1, licences: 1, receipts: 1 },
          );
        const paidIds = after.rows.filter((row) => row.status === 'succeeded').map((row) => row.providerPaymentId);
        expect(new Set(paidIds).size).toBe(paidIds.length);
        const [failedOnce] = after.rows.filter((row) => row.idempotencyKey === buyers.before1.key);
        expect(failedOnce).toMatchObject({ status: 'failed', errorCode: 'processing_error' });
      } finally {
        await after.db.close();
      }
    }, 300_000);
  });
}
