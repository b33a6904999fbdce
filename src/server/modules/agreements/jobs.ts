import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ContentKind } from '../../../common/agreements.ts';
import { monthOf, recordOperation, zeroBalances } from './operations.ts';
import { agreementBalances, agreements } from './schema.ts';
import type { AgreementsContext } from './service.ts';

/**
 * The agreements' periodic jobs (issue: jobs; spec accounts-plans-payments §9: "Enterprise
 * balance refills monthly; an accepted enterprise request balance is valid 2 weeks"). Each is a
 * plain function of the database and the clock, run by the job runner (src/server/jobs/) or by a
 * test under a moved clock. Each is idempotent: a run decides on rows it has locked, and every
 * operation it records carries a key, so a second run, or two at once, changes nothing more.
 */

type BalanceKey = { agreementId: number; kind: ContentKind };

/** Rows are visited in pages, in key order, so a large run holds neither memory nor long locks. */
const PAGE_SIZE = 200;

/** Active and not past its valid-till: what the access rules treat as in force (service.ts). */
const inForce = (now: Date) => and(eq(agreements.status, 'active'), or(isNull(agreements.validTill), gt(agreements.validTill, now)));

const balanceIs = (key: BalanceKey) => and(eq(agreementBalances.agreementId, key.agreementId), eq(agreementBalances.kind, key.kind));
const balanceAfter = (key: BalanceKey | undefined) =>
  key ? sql`(${agreementBalances.agreementId}, ${agreementBalances.kind}) > (${key.agreementId}, ${key.kind})` : undefined;

/**
 * Visits every key the pages name, each in its own transaction. One row that fails does not stop
 * the others (a broken agreement must not hold back every refill of the month); the run still
 * fails at the end, naming how many, so the runner retries it and the log shows the errors.
 */
async function eachInPages<K>(page: (after: K | undefined) => Promise<K[]>, visit: (key: K) => Promise<boolean>): Promise<number> {
  let changed = 0;
  const failures: unknown[] = [];
  let after: K | undefined;
  for (;;) {
    const keys = await page(after);
    for (const key of keys) {
      try {
        if (await visit(key)) changed += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    if (keys.length < PAGE_SIZE) break;
    after = keys[keys.length - 1];
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} of the rows failed (${changed} changed)`);
  return changed;
}

/** A balance due for the month's refill: it refills, not yet for this month, and is not past its own date. */
const refillDue = (month: string, now: Date) =>
  and(
    isNotNull(agreementBalances.refillAmount),
    or(isNull(agreementBalances.refilledFor), lt(agreementBalances.refilledFor, month)),
    or(isNull(agreementBalances.validTill), gt(agreementBalances.validTill, now)),
  );

/**
 * Monthly refill: each due balance is brought back to its `refill_amount` for the current month
 * (UTC) by one `refill` operation keyed `refill:{agreementId}:{kind}:{YYYY-MM}`, and marked
 * refilled for that month. The amount is reset, not topped up: what top-ups left above the refill
 * amount goes with the month they were bought for (docs/decisions.md "Jobs: refill and expiry").
 * The balance row is locked and the condition checked again under the lock, so of two runs at
 * once the second finds it refilled already; the key would stop it even so.
 */
export async function refillBalances(ctx: AgreementsContext): Promise<{ refilled: number }> {
  const now = ctx.clock.now();
  const month = monthOf(now);
  const due = refillDue(month, now);
  const refilled = await eachInPages<BalanceKey>(
    (after) =>
      ctx.db
        .select({ agreementId: agreementBalances.agreementId, kind: agreementBalances.kind })
        .from(agreementBalances)
        .innerJoin(agreements, eq(agreements.id, agreementBalances.agreementId))
        .where(and(due, inForce(now), balanceAfter(after)))
        .orderBy(asc(agreementBalances.agreementId), asc(agreementBalances.kind))
        .limit(PAGE_SIZE),
    (key) =>
      ctx.db.transaction(async (tx) => {
        // The agreement first, then the balance, as expiry takes them: an agreement expiring (or
        // being deactivated) at this moment is waited for and then seen as it is now.
        const [agreement] = await tx
          .select({ id: agreements.id })
          .from(agreements)
          .where(and(eq(agreements.id, key.agreementId), inForce(now)))
          .for('share');
        if (!agreement) return false;
        const [balance] = await tx
          .select({ amount: agreementBalances.amount, refillAmount: agreementBalances.refillAmount })
          .from(agreementBalances)
          .where(and(balanceIs(key), due))
          .for('update');
        if (!balance || balance.refillAmount === null) return false;
        await recordOperation(tx, {
          ...key,
          type: 'refill',
          amount: balance.refillAmount - balance.amount,
          key: `refill:${key.agreementId}:${key.kind}:${month}`,
          at: now,
        });
        await tx.update(agreementBalances).set({ refilledFor: month }).where(balanceIs(key));
        return true;
      }),
  );
  return { refilled };
}

/**
 * Agreements past their valid-till expire: active ones become `expired` and what is left on their
 * balances is zeroed by `expiry` operations keyed `expiry:{agreementId}:{kind}:{valid-till}` (the
 * date in the key lets an agreement renewed after expiring expire again). Agreements that renew
 * automatically are left to the renewal (payments), which extends them or asks for payment.
 */
export async function expireAgreements(ctx: AgreementsContext): Promise<{ expired: number }> {
  const now = ctx.clock.now();
  const due = and(
    eq(agreements.status, 'active'),
    isNotNull(agreements.validTill),
    lte(agreements.validTill, now),
    eq(agreements.autoRenewal, false),
  );
  const expired = await eachInPages<number>(
    async (after) =>
      (
        await ctx.db
          .select({ id: agreements.id })
          .from(agreements)
          .where(and(due, after === undefined ? undefined : gt(agreements.id, after)))
          .orderBy(asc(agreements.id))
          .limit(PAGE_SIZE)
      ).map((row) => row.id),
    (id) =>
      ctx.db.transaction(async (tx) => {
        const [agreement] = await tx
          .select({ validTill: agreements.validTill })
          .from(agreements)
          .where(and(eq(agreements.id, id), due))
          .for('update');
        if (!agreement?.validTill) return false;
        const validTill = agreement.validTill.toISOString();
        await tx.update(agreements).set({ status: 'expired', updatedAt: now }).where(eq(agreements.id, id));
        await zeroBalances(tx, id, (kind) => `expiry:${id}:${kind}:${validTill}`, now);
        return true;
      }),
  );
  return { expired };
}

/**
 * A balance with its own valid-till (an accepted request's first balance: 2 weeks, spec §9) is
 * zeroed once that passes, whatever the agreement's state, by an `expiry` operation keyed
 * `balance-expiry:{agreementId}:{kind}:{valid-till}`.
 */
export async function expireBalances(ctx: AgreementsContext): Promise<{ zeroed: number }> {
  const now = ctx.clock.now();
  const due = and(isNotNull(agreementBalances.validTill), lte(agreementBalances.validTill, now), gt(agreementBalances.amount, 0));
  const zeroed = await eachInPages<BalanceKey>(
    (after) =>
      ctx.db
        .select({ agreementId: agreementBalances.agreementId, kind: agreementBalances.kind })
        .from(agreementBalances)
        .where(and(due, balanceAfter(after)))
        .orderBy(asc(agreementBalances.agreementId), asc(agreementBalances.kind))
        .limit(PAGE_SIZE),
    (key) =>
      ctx.db.transaction(async (tx) => {
        const [balance] = await tx
          .select({ amount: agreementBalances.amount, validTill: agreementBalances.validTill })
          .from(agreementBalances)
          .where(and(balanceIs(key), due))
          .for('update');
        if (!balance?.validTill) return false;
        return recordOperation(tx, {
          ...key,
          type: 'expiry',
          amount: -balance.amount,
          key: `balance-expiry:${key.agreementId}:${key.kind}:${balance.validTill.toISOString()}`,
          at: now,
        });
      }),
  );
  return { zeroed };
}
