import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ContentKind, OperationType } from '../../../common/agreements.ts';
import type { Db } from '../../db/client.ts';
import { Conflict } from '../../http/errors.ts';
import { agreementBalances, agreementOperations } from './schema.ts';

/** A transaction or the database itself: operations are written inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type OperationInput = {
  agreementId: number;
  kind: ContentKind;
  type: OperationType;
  /** Signed: credits positive, uses negative. */
  amount: number;
  userId?: number | null;
  videoProjectId?: number | null;
  /** Operations with a key are recorded once: a job or a confirmation replayed changes nothing more. */
  key?: string;
  at: Date;
};

/** Credits that start a period's whole (the progress bar): what a grant, refill or top-up adds. */
const ADDS_TO_TOTAL: readonly OperationType[] = ['grant', 'refill', 'top_up'];

export const balanceUsedUp = () => new Conflict({ code: 'balance_used_up', message: 'The balance of this agreement is used up' });

/**
 * Records one operation and moves its balance by the same amount, in the caller's transaction:
 * the operation row first (its key makes a replay a no-op), then one conditional UPDATE that never
 * takes a balance below zero. Concurrent charges queue on the balance row; each decides on the
 * value it sees after the one before. Answers false for a replay; throws balance_used_up (and the
 * caller's transaction rolls back the operation) when the balance cannot pay.
 */
export async function recordOperation(tx: Tx, input: OperationInput): Promise<boolean> {
  const [inserted] = await tx
    .insert(agreementOperations)
    .values({
      agreementId: input.agreementId,
      operationType: input.type,
      kind: input.kind,
      amount: input.amount,
      userId: input.userId ?? null,
      videoProjectId: input.videoProjectId ?? null,
      idempotencyKey: input.key ?? null,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: agreementOperations.idempotencyKey })
    .returning({ id: agreementOperations.id });
  if (!inserted) return false;
  const addsToTotal = ADDS_TO_TOTAL.includes(input.type);
  const [moved] = await tx
    .update(agreementBalances)
    .set({
      amount: sql`${agreementBalances.amount} + ${input.amount}`,
      periodTotal:
        input.type === 'refill'
          ? sql`${agreementBalances.amount} + ${input.amount}`
          : addsToTotal
            ? sql`${agreementBalances.periodTotal} + ${input.amount}`
            : agreementBalances.periodTotal,
    })
    .where(
      and(
        eq(agreementBalances.agreementId, input.agreementId),
        eq(agreementBalances.kind, input.kind),
        sql`${agreementBalances.amount} + ${input.amount} >= 0`,
      ),
    )
    .returning({ amount: agreementBalances.amount });
  if (!moved) throw balanceUsedUp();
  return true;
}

/** A balance with its first grant, as an agreement is created (one transaction with the agreement). */
export async function openBalance(
  tx: Tx,
  input: {
    agreementId: number;
    kind: ContentKind;
    amount: number;
    refillAmount: number | null;
    validTill?: Date | null;
    at: Date;
    userId?: number | null;
  },
) {
  await tx.insert(agreementBalances).values({
    agreementId: input.agreementId,
    kind: input.kind,
    amount: 0,
    periodTotal: 0,
    refillAmount: input.refillAmount,
    refilledFor: input.refillAmount === null ? null : monthOf(input.at),
    validTill: input.validTill ?? null,
  });
  if (input.amount > 0)
    await recordOperation(tx, {
      agreementId: input.agreementId,
      kind: input.kind,
      type: 'grant',
      amount: input.amount,
      userId: input.userId ?? null,
      key: `grant:${input.agreementId}:${input.kind}`,
      at: input.at,
    });
}

/** The calendar month (UTC) a refill belongs to. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** Zeroes what is left on the agreement's balances (locked), one keyed operation each (an expiry, or a refund). */
export async function zeroBalances(
  tx: Tx,
  agreementId: number,
  keyOf: (kind: ContentKind) => string,
  now: Date,
  type: Extract<OperationType, 'expiry' | 'refund'> = 'expiry',
) {
  const balances = await tx
    .select({ kind: agreementBalances.kind, amount: agreementBalances.amount })
    .from(agreementBalances)
    .where(and(eq(agreementBalances.agreementId, agreementId), gt(agreementBalances.amount, 0)))
    .orderBy(asc(agreementBalances.kind))
    .for('update');
  for (const balance of balances)
    await recordOperation(tx, {
      agreementId,
      kind: balance.kind,
      type,
      amount: -balance.amount,
      key: keyOf(balance.kind),
      at: now,
    });
}
