import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { holdLease, keepLease, releaseLease } from './lease.ts';
import { eventually } from './test-support.ts';

/** The lease one process at a time holds (the live ingest's), decided in the database. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('a lease', () => {
  it('20 processes asking for a free lease at once: exactly one gets it, and only its holder renews it', async () => {
    const owners = Array.from({ length: 20 }, (_, index) => `process-${index}`);
    const answers = await Promise.all(owners.map((owner) => holdLease(database.db, { name: 'at-once', owner, ttlMs: 10_000 })));
    expect(answers.filter(Boolean)).toHaveLength(1);
    const holder = owners[answers.indexOf(true)] ?? '';
    expect(await holdLease(database.db, { name: 'at-once', owner: holder, ttlMs: 10_000 })).toBe(true);
    expect(await holdLease(database.db, { name: 'at-once', owner: 'another', ttlMs: 10_000 })).toBe(false);
    await releaseLease(database.db, { name: 'at-once', owner: 'another' });
    expect(await holdLease(database.db, { name: 'at-once', owner: 'another', ttlMs: 10_000 })).toBe(false);
    await releaseLease(database.db, { name: 'at-once', owner: holder });
    expect(await holdLease(database.db, { name: 'at-once', owner: 'another', ttlMs: 10_000 })).toBe(true);
  });

  it('a holder that died without giving it back: another process takes the duty once its time runs out, not before', async () => {
    expect(await holdLease(database.db, { name: 'duty', owner: 'died', ttlMs: 1500 })).toBe(true);
    const started = Date.now();
    let gainedAfter = 0;
    let lost = 0;
    const keeper = keepLease({
      db: database.db,
      name: 'duty',
      owner: 'standby',
      ttlMs: 1500,
      everyMs: 100,
      gained: async () => {
        gainedAfter = Date.now() - started;
      },
      lost: async () => {
        lost += 1;
      },
      log: () => undefined,
    });
    await keeper.first;
    expect(keeper.holds()).toBe(false);
    await eventually(async () => (keeper.holds() ? true : null), 10_000);
    expect(gainedAfter).toBeGreaterThanOrEqual(1200);
    // The standby renews it: the one that died cannot take it back.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await holdLease(database.db, { name: 'duty', owner: 'died', ttlMs: 1500 })).toBe(false);
    await keeper.stop();
    expect(lost).toBe(1);
    // Given back at the stop: free at once.
    expect(await holdLease(database.db, { name: 'duty', owner: 'next', ttlMs: 1500 })).toBe(true);
  });

  it('a holder whose lease another process took (it stalled past its time) ends its duty', async () => {
    let lost = 0;
    const keeper = keepLease({
      db: database.db,
      name: 'stalled',
      owner: 'slow',
      ttlMs: 60_000,
      everyMs: 100,
      gained: async () => undefined,
      lost: async () => {
        lost += 1;
      },
      log: () => undefined,
    });
    await keeper.first;
    expect(keeper.holds()).toBe(true);
    // As if its time had run out while it stalled, and another took it.
    await releaseLease(database.db, { name: 'stalled', owner: 'slow' });
    expect(await holdLease(database.db, { name: 'stalled', owner: 'quick', ttlMs: 60_000 })).toBe(true);
    await eventually(async () => (lost === 1 ? true : null), 5000);
    expect(keeper.holds()).toBe(false);
    await keeper.stop();
  });

  it('a duty that fails to start gives the lease back for another process', async () => {
    const keeper = keepLease({
      db: database.db,
      name: 'failing',
      owner: 'port-taken',
      ttlMs: 60_000,
      everyMs: 100,
      gained: async () => {
        throw new Error('EADDRINUSE');
      },
      lost: async () => undefined,
      log: () => undefined,
    });
    await keeper.first;
    expect(keeper.holds()).toBe(false);
    expect(await holdLease(database.db, { name: 'failing', owner: 'healthy', ttlMs: 60_000 })).toBe(true);
    await keeper.stop();
  });
});
