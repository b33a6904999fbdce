import { ERRORS, type Lock } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { createTestDatabase, testClock } from '../../../test/harness.ts';
import { databaseLocker, type LeaseSettings } from './tus-locker.ts';

/** Two lockers on one database stand for two API processes. */

let database: Database;
const clock = testClock();
const fast: Partial<LeaseSettings> = { leaseMs: 30_000, renewEveryMs: 50, retryEveryMs: 20, acquireTimeoutMs: 2_000 };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const locker = (settings: Partial<LeaseSettings> = fast) => databaseLocker({ db: database.db, clock }, settings);
const never = () => new AbortController().signal;

/** A request holding a lock: lets go when asked, as tus's request does (it ends, then unlocks). */
function politeHolder(lock: Lock) {
  let asked = 0;
  return {
    asked: () => asked,
    release: async () => {
      asked += 1;
      await lock.unlock();
    },
  };
}

describe('the tus locker shared by processes', () => {
  it('a second process waits while the first holds an upload, asks it to let go, and takes it once it has', async () => {
    const first = locker().newLock('upload-a');
    const holder = politeHolder(first);
    await first.lock(never(), holder.release);
    const second = locker().newLock('upload-a');
    const order: string[] = [];
    await second.lock(never(), () => undefined).then(() => order.push('second has it'));
    expect(holder.asked()).toBe(1);
    expect(order).toEqual(['second has it']);
    // Another upload's lock is another matter: taken at once.
    const other = locker().newLock('upload-b');
    await other.lock(never(), () => {
      throw new Error('nobody should ask');
    });
    await Promise.all([second.unlock(), other.unlock()]);
  });

  it('a holder that does not let go keeps the lock: the other request gives up with tus’s lock timeout', async () => {
    const first = locker().newLock('upload-c');
    let asked = 0;
    await first.lock(never(), () => {
      asked += 1;
    });
    const started = Date.now();
    const second = locker({ ...fast, acquireTimeoutMs: 300 }).newLock('upload-c');
    await expect(second.lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(asked).toBeGreaterThanOrEqual(1);
    // A request that goes away stops waiting at once.
    const gone = new AbortController();
    const waiting = locker()
      .newLock('upload-c')
      .lock(gone.signal, () => undefined);
    gone.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await first.unlock();
    const third = locker().newLock('upload-c');
    await third.lock(never(), () => undefined);
    await third.unlock();
  });

  it('the lock of a crashed holder ends with its lease; the crashed holder cannot release the new one', async () => {
    // A process that took the lock and died: nothing renews its lease any more.
    const crashed = locker({ ...fast, renewEveryMs: 3_600_000 }).newLock('upload-d');
    await crashed.lock(never(), () => undefined);
    const next = locker({ ...fast, acquireTimeoutMs: 300 }).newLock('upload-d');
    await expect(next.lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    clock.advance(31_000);
    let asked = 0;
    const survivor = locker().newLock('upload-d');
    await survivor.lock(never(), () => {
      asked += 1;
    });
    // The stale holder's late unlock leaves the new holder's lock alone.
    await crashed.unlock();
    await expect(
      locker({ ...fast, acquireTimeoutMs: 200 })
        .newLock('upload-d')
        .lock(never(), () => undefined),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(asked).toBeGreaterThanOrEqual(1);
    await survivor.unlock();
  });

  it('a holder whose lease was taken over (its process stalled past it) is told to end its request', async () => {
    // Its first renewal comes after the takeover below.
    const stalled = locker({ ...fast, renewEveryMs: 500 }).newLock('upload-e');
    let told = 0;
    await stalled.lock(never(), () => {
      told += 1;
    });
    clock.advance(31_000);
    const next = locker().newLock('upload-e');
    await next.lock(never(), () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(told).toBe(1);
    await next.unlock();
    await stalled.unlock();
  });
});
