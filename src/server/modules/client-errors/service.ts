import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { CLIENT_ERROR_RETENTION_DAYS } from '../../../common/client-error-limits.ts';
import {
  CLIENT_ERRORS_PAGE_SIZE,
  type ClientErrorsPage,
  type ClientErrorsQuery,
  type ReceivedClientErrorReport,
} from '../../../common/client-errors.ts';
import type { ServiceContext } from '../../context.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import { users } from '../accounts/schema.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { clientErrors } from './schema.ts';

export type ClientErrorsContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Batches a client address may send a minute: a browser in trouble sends a few (its reporter batches
 * and deduplicates); a flood from one address stops at 429 with Retry-After. Counted in the database,
 * so the limit holds across API processes.
 */
export const CLIENT_ERROR_BATCHES: RateLimit = { name: 'client-error-batches', limit: 30, windowSeconds: 60 };

/** POST /api/client_errors: counts the batch against its address first, then stores its reports. */
export async function storeClientErrors(
  ctx: ClientErrorsContext,
  caller: { userId: number | null; ip: string },
  reports: ReceivedClientErrorReport[],
): Promise<number> {
  const now = ctx.clock.now();
  await consume(ctx.db, CLIENT_ERROR_BATCHES, caller.ip, now);
  const rows = await ctx.db
    .insert(clientErrors)
    .values(
      reports.map((report) => ({
        receivedAt: now,
        occurredAt: new Date(report.occurred_at),
        kind: report.kind,
        message: report.message,
        stack: report.stack ?? null,
        url: report.url,
        release: report.release ?? null,
        userAgent: report.user_agent ?? null,
        requestMethod: report.request?.method ?? null,
        requestPath: report.request?.path ?? null,
        requestStatus: report.request?.status ?? null,
        errorCode: report.request?.code ?? null,
        userId: caller.userId,
        ip: caller.ip,
      })),
    )
    .returning({ id: clientErrors.id });
  return rows.length;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** GET /api/desk/client_errors: the reports the filters match, newest first, a page at a time. */
export async function listClientErrors(ctx: ClientErrorsContext, query: ClientErrorsQuery): Promise<ClientErrorsPage> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(clientErrors.message, pattern),
      ilike(clientErrors.url, pattern),
      ilike(clientErrors.requestPath, pattern),
      ilike(clientErrors.errorCode, pattern),
    );
    if (text) filters.push(text);
  }
  if (query.kind) filters.push(eq(clientErrors.kind, query.kind));
  if (query.status !== undefined) filters.push(eq(clientErrors.requestStatus, query.status));
  if (query.from) filters.push(gte(clientErrors.receivedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(clientErrors.receivedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.before_id !== undefined) filters.push(lt(clientErrors.id, query.before_id));
  const rows = await ctx.db
    .select({ report: clientErrors, email: users.email })
    .from(clientErrors)
    .leftJoin(users, eq(users.id, clientErrors.userId))
    .where(and(...filters))
    .orderBy(desc(clientErrors.id))
    .limit(CLIENT_ERRORS_PAGE_SIZE + 1);
  const page = rows.slice(0, CLIENT_ERRORS_PAGE_SIZE);
  return {
    client_errors: page.map(({ report, email }) => ({
      id: report.id,
      received_at: report.receivedAt.toISOString(),
      occurred_at: report.occurredAt.toISOString(),
      kind: report.kind,
      message: report.message,
      stack: report.stack,
      url: report.url,
      release: report.release,
      user_agent: report.userAgent,
      request:
        report.requestMethod !== null && report.requestPath !== null && report.requestStatus !== null
          ? { method: report.requestMethod, path: report.requestPath, status: report.requestStatus, code: report.errorCode }
          : null,
      user: report.userId !== null && email ? { id: report.userId, email } : null,
      ip: report.ip,
    })),
    next_before_id: rows.length > CLIENT_ERRORS_PAGE_SIZE ? (page.at(-1)?.report.id ?? null) : null,
  };
}

/** Removes reports received more than 30 days ago; run daily, idempotent. */
export async function pruneClientErrors(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<{ removed: number }> {
  const cutoff = new Date(ctx.clock.now().getTime() - CLIENT_ERROR_RETENTION_DAYS * 86_400_000);
  const removed = await ctx.db.delete(clientErrors).where(lt(clientErrors.receivedAt, cutoff)).returning({ id: clientErrors.id });
  return { removed: removed.length };
}

/** Daily at 03:41 UTC (off the hour, away from the other periodic jobs). */
export const pruneClientErrorsJob: JobDefinition = {
  queue: 'client-errors.prune',
  schedule: '41 3 * * *',
  expireInSeconds: 300,
  run: (deps) => pruneClientErrors(deps),
};
