import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { accessTo, contentKindOf, type AccessAgreement, type AccessDecision } from '../../../common/access.ts';
import type { ContentKind } from '../../../common/agreement-values.ts';
import { DAILY_DOWNLOAD_LIMIT } from '../../../common/downloads.ts';
import { Forbidden, QuotaExceeded } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import type { Db } from '../../db/client.ts';
import { batchedPerDatabase, inLockOrder } from '../../db/batches.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { columnRecord, functionRowFields, rowsOf } from '../../db/rows.ts';
import type { Tx } from '../agreements/operations.ts';
import { agreementBalances, agreementOperations } from '../agreements/schema.ts';
import { userLimits } from '../company/schema.ts';
import { usedThisMonth } from '../company/service.ts';
import { videoRequests } from './schema.ts';

type VideoRequestRow = typeof videoRequests.$inferSelect;

/** The spec's download errors (content §8), each with a stable code the browser translates. */
export const downloadErrors = {
  dailyQuota: () => new QuotaExceeded({ code: 'daily_quota', message: 'You have reached your daily quota limit' }),
  poolQuota: () => new QuotaExceeded({ code: 'pool_quota', message: 'You have reached your monthly quota limit for pool materials' }),
  personalQuota: () => new QuotaExceeded({ code: 'personal_quota', message: 'You have reached your personal quota limit' }),
  subscribersOnly: () => new Forbidden({ code: 'subscribers_only', message: 'Currently, this service is available only to subscribers.' }),
  checkPlan: () => new Forbidden({ code: 'check_plan', message: 'Downloading Error. Please, check plan details' }),
};

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The day a free download claimed now counts in (from midnight UTC), as a claim's statement takes it. */
export const claimDay = (now: Date) => ({ since: dayStart(now).toISOString(), now: now.toISOString() });

/**
 * Spec §9: 30 downloads a day per user, a failed or cancelled one given back. Locks the user's row
 * for the caller's transaction (every download of the user queues there) and counts the day's
 * downloads after it, in one statement (`lock_downloads_today`, migration 0045).
 */
export async function lockDailyQuota(tx: Tx, userId: number, now: Date) {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select lock_downloads_today(${userId}, ${dayStart(now).toISOString()}::timestamptz) as n`),
  );
  if (Number(row?.n ?? 0) >= DAILY_DOWNLOAD_LIMIT) throw downloadErrors.dailyQuota();
}

/**
 * A download that charges nothing (free material): the user's lock, the day's count and the request
 * recorded (`claim_download`, migration 0045), or the daily-quota error. Claims that arrive while
 * others are running go out together as one statement and one transaction (`claimDownloads`).
 */
export async function claimFreeDownload(db: Db, values: typeof videoRequests.$inferInsert, now: Date): Promise<ClaimedRequest> {
  const row = await claimDownloads(db)({ since: dayStart(now).toISOString(), request: columnRecord(videoRequests, values) });
  if (!row) throw downloadErrors.dailyQuota();
  return row;
}

type Claim = { since: string; request: Record<string, unknown> };

/**
 * Free downloads claimed in one statement, each by `claim_download` in turn, in the order of their
 * users (so that two statements lock users in the same order and never wait on each other); a claim
 * past the day's limit has no row. Each function's statements read a fresh snapshot, so a claim
 * counts the ones before it in the same statement. Prepared once per database; of its rows the
 * columns the call uses are read, as the table's. One in flight: the next waits for it and takes all
 * that came meanwhile (docs/decisions.md).
 */
const claimDownloads = batchedPerDatabase<Claim, ClaimedRequest>(
  (db, claims) =>
    inLockOrder(claims, userOf, async (sorted) =>
      claimStatement(db).execute({ limit: DAILY_DOWNLOAD_LIMIT, claims: JSON.stringify(sorted) }),
    ),
  { inFlight: 1, most: 50 },
);

const userOf = (claim: Claim) => Number(claim.request.user_id ?? 0);

/** What the download call reads back of a request it claimed: the columns its answer and its jobs use, no more to map. */
export type ClaimedRequest = Pick<VideoRequestRow, 'id' | 'userId' | 'projectId' | 'quality' | 'container' | 'format' | 'delivery'>;
const { id, userId, projectId, quality, container, format, delivery } = functionRowFields(videoRequests);
const claimedFields = { id, userId, projectId, quality, container, format, delivery };

const claimStatement = preparedPerDatabase((db) =>
  db
    .select({ position: sql<number>`claims.position`.mapWith(Number), ...claimedFields })
    .from(
      sql`jsonb_array_elements(${sql.placeholder('claims')}::jsonb) with ordinality as claims(claim, position)
          cross join lateral claim_download((claims.claim ->> 'since')::timestamptz, ${sql.placeholder('limit')}::int, claims.claim -> 'request')`,
    )
    .prepare('claim_downloads'),
);

/** The agreement a download draws on: the one asked for when it serves, else the access rules' choice. */
export function entitlement(
  held: readonly AccessAgreement[],
  project: { id: number; freeAccess: boolean; limitType: string },
  agreementId: number | null | undefined,
): AccessDecision {
  const material = { kind: 'vod' as const, id: project.id, free_access: project.freeAccess, limit_type: project.limitType };
  const chosen = agreementId ? held.filter((agreement) => agreement.id === agreementId) : held;
  const decision = accessTo({ signedIn: true, agreements: chosen }, material);
  if (decision.allowed) return decision;
  if (decision.reason === 'subscribers_only') throw downloadErrors.subscribersOnly();
  if (decision.reason === 'balance_used_up')
    throw contentKindOf(material) === 'pool' ? downloadErrors.poolQuota() : downloadErrors.checkPlan();
  throw downloadErrors.checkPlan();
}

/** Whether this agreement already paid for this video: another rendition of it is a repeat, free. */
export async function alreadyCharged(tx: Db | Tx, agreementId: number, projectId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: videoRequests.id })
    .from(videoRequests)
    .where(and(eq(videoRequests.agreementId, agreementId), eq(videoRequests.projectId, projectId), isNotNull(videoRequests.operationId)))
    .limit(1);
  return row !== undefined;
}

/** A member's limit of the kind this month (company issue), checked under the caller's user lock. */
async function assertPersonalLimit(tx: Tx, user: UserRow, kind: ContentKind, now: Date) {
  if (!user.companyId) return;
  const [limit] = await tx
    .select({ limit: userLimits.limit })
    .from(userLimits)
    .where(and(eq(userLimits.userId, user.id), eq(userLimits.kind, kind), eq(userLimits.companyId, user.companyId)));
  if (limit?.limit == null) return;
  if ((await usedThisMonth(tx, user.companyId, user.id, kind, now)) >= limit.limit) throw downloadErrors.personalQuota();
}

/**
 * Charges one item of the agreement's balance of the kind for a download, in the caller's
 * transaction: nothing for a one-off licence (its video is paid) or a repeat; otherwise the
 * member's limit, then one operation and one conditional UPDATE of the balance that never goes
 * below zero (concurrent downloads queue on the balance row). An agreement with no balance of the
 * kind (a pass's standard material) records the operation and moves nothing. Answers the
 * operation's id, or null when nothing was charged.
 */
export async function chargeDownload(
  tx: Tx,
  input: { user: UserRow; agreement: AccessAgreement; kind: ContentKind; projectId: number; now: Date },
): Promise<number | null> {
  const { user, agreement, kind, projectId, now } = input;
  if (agreement.agreement_type === 'one_off') return null;
  if (await alreadyCharged(tx, agreement.id, projectId)) return null;
  await assertPersonalLimit(tx, user, kind, now);
  const [balance] = await tx
    .update(agreementBalances)
    .set({ amount: sql`${agreementBalances.amount} - 1` })
    .where(and(eq(agreementBalances.agreementId, agreement.id), eq(agreementBalances.kind, kind), gte(agreementBalances.amount, 1)))
    .returning({ amount: agreementBalances.amount });
  if (!balance) {
    const [exists] = await tx
      .select({ kind: agreementBalances.kind })
      .from(agreementBalances)
      .where(and(eq(agreementBalances.agreementId, agreement.id), eq(agreementBalances.kind, kind)));
    if (exists) throw kind === 'pool' ? downloadErrors.poolQuota() : downloadErrors.checkPlan();
  }
  const [operation] = await tx
    .insert(agreementOperations)
    .values({
      agreementId: agreement.id,
      operationType: 'download',
      kind,
      amount: -1,
      userId: user.id,
      videoProjectId: projectId,
      createdAt: now,
    })
    .returning({ id: agreementOperations.id });
  return operation?.id ?? null;
}

/**
 * Gives back the charges of downloads whose file will never come (failed, cancelled), in the
 * caller's transaction: one `download_returned` operation each, and the item back on the balance
 * it came from. The caller passes only requests it has just moved out of waiting, so nothing is
 * given back twice.
 */
export async function returnCharges(tx: Tx, requests: readonly { operationId: number | null }[], now: Date) {
  const ids = requests.flatMap((request) => (request.operationId === null ? [] : [request.operationId]));
  if (ids.length === 0) return;
  const charges = await tx.select().from(agreementOperations).where(inArray(agreementOperations.id, ids));
  for (const charge of charges) {
    await tx
      .update(agreementBalances)
      .set({ amount: sql`${agreementBalances.amount} + ${-charge.amount}` })
      .where(and(eq(agreementBalances.agreementId, charge.agreementId), eq(agreementBalances.kind, charge.kind)));
    await tx.insert(agreementOperations).values({
      agreementId: charge.agreementId,
      operationType: 'download_returned',
      kind: charge.kind,
      amount: -charge.amount,
      userId: charge.userId,
      videoProjectId: charge.videoProjectId,
      createdAt: now,
    });
  }
}
