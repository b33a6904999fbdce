import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createAgreement, createUser } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { recordOperation } from './operations.ts';
import { agreementBalances, agreementOperations } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function balanceAndOperations(agreementId: number) {
  const [balance] = await database.db
    .select()
    .from(agreementBalances)
    .where(and(eq(agreementBalances.agreementId, agreementId), eq(agreementBalances.kind, 'standard')));
  const [operations] = await database.db
    .select({ total: sum(agreementOperations.amount).mapWith(Number) })
    .from(agreementOperations)
    .where(and(eq(agreementOperations.agreementId, agreementId), eq(agreementOperations.kind, 'standard')));
  return { balance: balance?.amount, operations: operations?.total };
}

/** One download charged in its own transaction, as the download call will. */
const charge = (agreementId: number, key?: string) =>
  database.db
    .transaction((tx) => recordOperation(tx, { agreementId, kind: 'standard', type: 'download', amount: -1, key, at: new Date() }))
    .then(
      () => 'charged',
      (error: { items?: { code: string }[]; message?: string }) => error.items?.[0]?.code ?? error.message ?? 'failed',
    );

describe('operations and balances', () => {
  it('100 charges at once against a balance of 30 charge exactly 30; the balance is what its operations say', async () => {
    const user = await createUser(database.db);
    const agreement = await createAgreement(database.db, { userId: user.id, balances: [{ kind: 'standard', amount: 30 }] });
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => charge(agreement.id)));
    expect(outcomes.filter((outcome) => outcome === 'charged')).toHaveLength(30);
    expect(outcomes.filter((outcome) => outcome === 'balance_used_up')).toHaveLength(70);
    expect(await balanceAndOperations(agreement.id)).toEqual({ balance: 0, operations: 0 });
  });

  it('an operation replayed with its key has one effect', async () => {
    const user = await createUser(database.db);
    const agreement = await createAgreement(database.db, { userId: user.id, balances: [{ kind: 'standard', amount: 5 }] });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => charge(agreement.id, `download:${agreement.id}:once`)));
    expect(outcomes.every((outcome) => outcome === 'charged')).toBe(true);
    expect(await balanceAndOperations(agreement.id)).toEqual({ balance: 4, operations: 4 });
  });

  it('a charge the balance cannot pay leaves no operation behind', async () => {
    const user = await createUser(database.db);
    const agreement = await createAgreement(database.db, { userId: user.id, balances: [{ kind: 'standard', amount: 0 }] });
    expect(await charge(agreement.id)).toBe('balance_used_up');
    const rows = await database.db.select().from(agreementOperations).where(eq(agreementOperations.agreementId, agreement.id));
    expect(rows).toEqual([]);
  });
});
