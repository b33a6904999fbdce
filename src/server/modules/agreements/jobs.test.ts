import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_BALANCE_VALID_DAYS, type ContentKind, type OperationType } from '../../../common/agreements.ts';
import type { Database } from '../../db/client.ts';
import { createAgreement, createUser } from '../../test/factories.ts';
import { createTestDatabase, days, testClock } from '../../test/harness.ts';
import { expireAgreements, expireBalances, refillBalances } from './jobs.ts';
import { recordOperation } from './operations.ts';
import { agreementBalances, agreementOperations, agreements } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The factory opens agreements on 1 November 2026, refilled for that month. */
const OPENED = new Date('2026-11-01T00:00:00Z');
const at = (iso: string) => new Date(iso);
const jobsAt = (iso: string) => ({ db: database.db, clock: testClock(at(iso)) });

async function owner() {
  return createUser(database.db);
}

/** One use of a balance, recorded as the download and top-up calls record them. */
function use(agreementId: number, kind: ContentKind, amount: number, type: OperationType = 'download') {
  return database.db.transaction((tx) => recordOperation(tx, { agreementId, kind, type, amount, at: at('2026-11-10T12:00:00Z') }));
}

async function balances(agreementId: number) {
  const rows = await database.db
    .select()
    .from(agreementBalances)
    .where(eq(agreementBalances.agreementId, agreementId))
    .orderBy(asc(agreementBalances.kind));
  return Object.fromEntries(rows.map((row) => [row.kind, row]));
}

async function operations(agreementId: number, type: OperationType) {
  return database.db
    .select({ kind: agreementOperations.kind, amount: agreementOperations.amount, key: agreementOperations.idempotencyKey })
    .from(agreementOperations)
    .where(and(eq(agreementOperations.agreementId, agreementId), eq(agreementOperations.operationType, type)))
    .orderBy(asc(agreementOperations.id));
}

/** Balances anywhere in the database that differ from the sum of their operations (none, ever). */
async function balancesApartFromOperations() {
  const operationsSum = sql<number>`coalesce(sum(${agreementOperations.amount}), 0)::int`;
  return database.db
    .select({
      agreementId: agreementBalances.agreementId,
      kind: agreementBalances.kind,
      amount: agreementBalances.amount,
      operations: operationsSum,
    })
    .from(agreementBalances)
    .leftJoin(
      agreementOperations,
      and(eq(agreementOperations.agreementId, agreementBalances.agreementId), eq(agreementOperations.kind, agreementBalances.kind)),
    )
    .groupBy(agreementBalances.agreementId, agreementBalances.kind, agreementBalances.amount)
    .having(sql`${agreementBalances.amount} <> ${operationsSum}`);
}

describe('monthly refill', () => {
  it('brings last month’s balances back to their refill amount in a new month, once; nothing within the month', async () => {
    const user = await owner();
    const agreement = await createAgreement(database.db, {
      userId: user.id,
      validTill: at('2027-11-01T00:00:00Z'),
      balances: [
        { kind: 'standard', amount: 10, refill: 10 },
        { kind: 'pool', amount: 5, refill: 5 },
      ],
    });
    await use(agreement.id, 'standard', -4);
    await use(agreement.id, 'pool', -5);

    await refillBalances(jobsAt('2026-11-30T23:59:00Z'));
    expect((await balances(agreement.id)).standard).toMatchObject({ amount: 6, refilledFor: '2026-11' });
    expect(await operations(agreement.id, 'refill')).toEqual([]);

    await refillBalances(jobsAt('2026-12-01T00:05:00Z'));
    const december = await balances(agreement.id);
    expect(december.standard).toMatchObject({ amount: 10, periodTotal: 10, refilledFor: '2026-12' });
    expect(december.pool).toMatchObject({ amount: 5, periodTotal: 5, refilledFor: '2026-12' });
    expect(await operations(agreement.id, 'refill')).toEqual([
      { kind: 'pool', amount: 5, key: `refill:${agreement.id}:pool:2026-12` },
      { kind: 'standard', amount: 4, key: `refill:${agreement.id}:standard:2026-12` },
    ]);

    // Run again, the same day or later in the month: every due balance was refilled, nothing more changes.
    expect(await refillBalances(jobsAt('2026-12-01T00:05:00Z'))).toEqual({ refilled: 0 });
    await use(agreement.id, 'standard', -1);
    expect(await refillBalances(jobsAt('2026-12-20T08:00:00Z'))).toEqual({ refilled: 0 });
    expect((await balances(agreement.id)).standard).toMatchObject({ amount: 9 });
    expect(await operations(agreement.id, 'refill')).toHaveLength(2);

    await refillBalances(jobsAt('2027-01-03T10:00:00Z'));
    expect((await balances(agreement.id)).standard).toMatchObject({ amount: 10, refilledFor: '2027-01' });
    expect(await operations(agreement.id, 'refill')).toHaveLength(4);
    expect(await balancesApartFromOperations()).toEqual([]);
  });

  it('resets to the refill amount when top-ups left more; a month with nothing used records a refill of 0', async () => {
    const user = await owner();
    const agreement = await createAgreement(database.db, { userId: user.id, balances: [{ kind: 'pool', amount: 10, refill: 10 }] });
    await use(agreement.id, 'pool', 5, 'top_up');
    expect((await balances(agreement.id)).pool).toMatchObject({ amount: 15, periodTotal: 15 });

    await refillBalances(jobsAt('2026-12-01T00:05:00Z'));
    expect((await balances(agreement.id)).pool).toMatchObject({ amount: 10, periodTotal: 10, refilledFor: '2026-12' });
    await refillBalances(jobsAt('2027-01-01T00:05:00Z'));
    expect((await balances(agreement.id)).pool).toMatchObject({ amount: 10, refilledFor: '2027-01' });
    expect((await operations(agreement.id, 'refill')).map((operation) => operation.amount)).toEqual([-5, 0]);
    expect(await balancesApartFromOperations()).toEqual([]);
  });

  it('leaves alone balances that do not refill, agreements not in force and balances past their own date', async () => {
    const user = await owner();
    const unaccepted = await createAgreement(database.db, {
      userId: user.id,
      status: 'user_accepting',
      balances: [{ kind: 'standard', amount: 10, refill: 10 }],
    });
    const ended = await createAgreement(database.db, {
      userId: user.id,
      validTill: at('2026-11-20T00:00:00Z'),
      balances: [{ kind: 'standard', amount: 10, refill: 10 }],
    });
    const oneGrant = await createAgreement(database.db, { userId: user.id, balances: [{ kind: 'standard', amount: 10 }] });
    const pastItsDate = await createAgreement(database.db, {
      userId: user.id,
      balances: [{ kind: 'standard', amount: 10, refill: 10, validTill: at('2026-11-15T00:00:00Z') }],
    });
    for (const agreement of [unaccepted, ended, oneGrant, pastItsDate]) await use(agreement.id, 'standard', -3);

    await refillBalances(jobsAt('2026-12-01T00:05:00Z'));
    for (const agreement of [unaccepted, ended, oneGrant, pastItsDate]) {
      expect((await balances(agreement.id)).standard?.amount).toBe(7);
      expect(await operations(agreement.id, 'refill')).toEqual([]);
    }
    expect((await balances(unaccepted.id)).standard?.refilledFor).toBe('2026-11');
  });

  it('two runs at once refill each balance once', async () => {
    const user = await owner();
    const created = [];
    for (let index = 0; index < 6; index += 1) {
      const agreement = await createAgreement(database.db, {
        userId: user.id,
        balances: [
          { kind: 'standard', amount: 20, refill: 20 },
          { kind: 'pool', amount: 4, refill: 4 },
        ],
      });
      await use(agreement.id, 'standard', -(index + 1));
      created.push(agreement);
    }

    const clock = jobsAt('2026-12-02T09:00:00Z');
    await Promise.all([refillBalances(clock), refillBalances(clock)]);
    for (const agreement of created) {
      expect((await balances(agreement.id)).standard).toMatchObject({ amount: 20, refilledFor: '2026-12' });
      expect((await operations(agreement.id, 'refill')).map((operation) => operation.key).sort()).toEqual([
        `refill:${agreement.id}:pool:2026-12`,
        `refill:${agreement.id}:standard:2026-12`,
      ]);
    }
    expect(await balancesApartFromOperations()).toEqual([]);
  });
});

describe('expiry at valid-till', () => {
  it('an active agreement past its valid-till expires and what its balances hold is zeroed, once', async () => {
    const user = await owner();
    const validTill = at('2026-12-15T00:00:00Z');
    const agreement = await createAgreement(database.db, {
      userId: user.id,
      validTill,
      balances: [
        { kind: 'standard', amount: 10, refill: 10 },
        { kind: 'pool', amount: 0 },
        { kind: 'spherical', amount: 2 },
      ],
    });
    await use(agreement.id, 'standard', -3);

    await expireAgreements(jobsAt('2026-12-14T23:59:00Z'));
    expect((await database.db.select().from(agreements).where(eq(agreements.id, agreement.id)))[0]?.status).toBe('active');

    await expireAgreements(jobsAt('2026-12-15T00:00:01Z'));
    const [expired] = await database.db.select().from(agreements).where(eq(agreements.id, agreement.id));
    expect(expired).toMatchObject({ status: 'expired', updatedAt: at('2026-12-15T00:00:01Z') });
    const left = await balances(agreement.id);
    expect([left.standard?.amount, left.pool?.amount, left.spherical?.amount]).toEqual([0, 0, 0]);
    expect(await operations(agreement.id, 'expiry')).toEqual([
      { kind: 'spherical', amount: -2, key: `expiry:${agreement.id}:spherical:${validTill.toISOString()}` },
      { kind: 'standard', amount: -7, key: `expiry:${agreement.id}:standard:${validTill.toISOString()}` },
    ]);

    expect(await expireAgreements(jobsAt('2026-12-15T00:10:00Z'))).toEqual({ expired: 0 });
    expect(await operations(agreement.id, 'expiry')).toHaveLength(2);
    // An expired agreement is no longer refilled.
    await refillBalances(jobsAt('2027-01-01T00:05:00Z'));
    expect(await operations(agreement.id, 'refill')).toEqual([]);
    expect(await balancesApartFromOperations()).toEqual([]);
  });

  it('leaves auto-renewing agreements to their renewal, and agreements that are not active as they are', async () => {
    const user = await owner();
    const validTill = at('2026-12-15T00:00:00Z');
    const renewing = await createAgreement(database.db, {
      userId: user.id,
      agreementType: 'pass',
      validTill,
      autoRenewal: true,
      renewalMonths: 12,
      balances: [{ kind: 'pool', amount: 10, refill: 10 }],
    });
    const unaccepted = await createAgreement(database.db, {
      userId: user.id,
      status: 'user_accepting',
      validTill,
      balances: [{ kind: 'standard', amount: 5 }],
    });

    await expireAgreements(jobsAt('2026-12-16T00:00:00Z'));
    for (const [agreement, status] of [
      [renewing, 'active'],
      [unaccepted, 'user_accepting'],
    ] as const) {
      expect((await database.db.select().from(agreements).where(eq(agreements.id, agreement.id)))[0]?.status).toBe(status);
      expect(await operations(agreement.id, 'expiry')).toEqual([]);
    }
  });
});

describe('validity of an accepted request’s balance', () => {
  it('a balance past its own valid-till is zeroed, once, whatever the agreement’s state; others stay', async () => {
    const user = await owner();
    const validTill = new Date(OPENED.getTime() + days(REQUEST_BALANCE_VALID_DAYS));
    const requested = await createAgreement(database.db, {
      userId: user.id,
      status: 'user_accepting',
      balances: [
        { kind: 'standard', amount: 20, validTill },
        { kind: 'pool', amount: 5, validTill },
      ],
    });
    const lasting = await createAgreement(database.db, { userId: user.id, balances: [{ kind: 'standard', amount: 8 }] });
    await use(requested.id, 'pool', -2);

    await expireBalances(jobsAt('2026-11-14T23:59:00Z'));
    expect((await balances(requested.id)).standard?.amount).toBe(20);

    await expireBalances(jobsAt('2026-11-15T00:01:00Z'));
    const after = await balances(requested.id);
    expect([after.standard?.amount, after.pool?.amount]).toEqual([0, 0]);
    expect(await operations(requested.id, 'expiry')).toEqual([
      { kind: 'pool', amount: -3, key: `balance-expiry:${requested.id}:pool:${validTill.toISOString()}` },
      { kind: 'standard', amount: -20, key: `balance-expiry:${requested.id}:standard:${validTill.toISOString()}` },
    ]);
    expect((await database.db.select().from(agreements).where(eq(agreements.id, requested.id)))[0]?.status).toBe('user_accepting');
    expect((await balances(lasting.id)).standard?.amount).toBe(8);

    expect(await expireBalances(jobsAt('2026-11-16T00:00:00Z'))).toEqual({ zeroed: 0 });
    expect(await operations(requested.id, 'expiry')).toHaveLength(2);
    expect(await balancesApartFromOperations()).toEqual([]);
  });
});

// Last: a run at a later month elsewhere in this file would refill all of these again, at some cost.
describe('a long run', () => {
  it('refills more balances than one page of the run holds', async () => {
    const user = await owner();
    const rows = await database.db
      .insert(agreements)
      .values(
        Array.from({ length: 230 }, () => ({
          userId: user.id,
          agreementType: 'enterprise' as const,
          status: 'active' as const,
          createdAt: OPENED,
          updatedAt: OPENED,
        })),
      )
      .returning({ id: agreements.id });
    const ids = rows.map((row) => row.id);
    await database.db
      .insert(agreementBalances)
      .values(ids.map((agreementId) => ({ agreementId, kind: 'spherical' as const, amount: 0, refillAmount: 2, refilledFor: '2026-10' })));

    await refillBalances(jobsAt('2026-11-15T00:00:00Z'));
    const refilled = await database.db
      .select({ amount: agreementBalances.amount, refilledFor: agreementBalances.refilledFor })
      .from(agreementBalances)
      .where(inArray(agreementBalances.agreementId, ids));
    expect(refilled).toHaveLength(230);
    expect(refilled.every((balance) => balance.amount === 2 && balance.refilledFor === '2026-11')).toBe(true);
    expect(await balancesApartFromOperations()).toEqual([]);
  });
});
