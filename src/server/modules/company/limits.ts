import { and, eq } from 'drizzle-orm';
import type { ContentKind } from '../../../common/agreement-values.ts';
import type { UserLimit } from '../../../common/company.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { userLimits } from './schema.ts';
import { availableAmounts, usedThisMonth, type CompanyContext } from './service.ts';

const limitNotFound = () => new NotFound({ code: 'user_limit_not_found', message: 'Limit not found' });

/**
 * Spec §5 and §8: a member's limit may not exceed what the company's agreements have available of
 * that kind ("Limit exceeds available amount") nor be lower than what the member already used this
 * month ("Limit is lower than operations amount"); blank (null) means no limit.
 */
async function checkLimit(ctx: CompanyContext, companyId: number, userId: number, kind: ContentKind, limit: number | null) {
  if (limit === null) return;
  const now = ctx.clock.now();
  const available = (await availableAmounts(ctx.db, companyId, now))[kind];
  if (available !== null && limit > (available ?? 0))
    throw new Invalid({ code: 'limit_exceeds_available', field: 'user_limit.limit', message: 'Limit exceeds available amount' });
  if (limit < (await usedThisMonth(ctx.db, companyId, userId, kind, now)))
    throw new Invalid({ code: 'limit_below_used', field: 'user_limit.limit', message: 'Limit is lower than operations amount' });
}

async function view(ctx: CompanyContext, row: typeof userLimits.$inferSelect): Promise<UserLimit> {
  return {
    id: row.id,
    user_id: row.userId,
    kind: row.kind,
    limit: row.limit,
    used: await usedThisMonth(ctx.db, row.companyId, row.userId, row.kind, ctx.clock.now()),
  };
}

/** POST /api/current_user/user_limits: a member's limit of a kind (set again if it exists). */
export async function setLimit(
  ctx: CompanyContext,
  member: UserRow,
  input: { kind: ContentKind; limit: number | null },
): Promise<UserLimit> {
  if (!member.companyId || member.companyRole === 'master' || member.confirmedAt === null)
    throw new NotFound({ code: 'member_not_found', message: 'Member not found' });
  await checkLimit(ctx, member.companyId, member.id, input.kind, input.limit);
  const [row] = await ctx.db
    .insert(userLimits)
    .values({ companyId: member.companyId, userId: member.id, kind: input.kind, limit: input.limit, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: [userLimits.userId, userLimits.kind], set: { limit: input.limit, updatedAt: ctx.clock.now() } })
    .returning();
  if (!row) throw new Error('the limit was not written');
  return view(ctx, row);
}

/** A limit of a company the caller runs (a master's own company; an admin's any). */
export async function managedLimit(ctx: CompanyContext, caller: UserRow, id: number) {
  const [row] = await ctx.db.select().from(userLimits).where(eq(userLimits.id, id));
  if (!row) throw limitNotFound();
  if (caller.isAdmin) return row;
  if (caller.companyId !== row.companyId || caller.companyRole !== 'master') throw limitNotFound();
  return row;
}

export async function changeLimit(ctx: CompanyContext, row: typeof userLimits.$inferSelect, limit: number | null): Promise<UserLimit> {
  await checkLimit(ctx, row.companyId, row.userId, row.kind, limit);
  const [updated] = await ctx.db
    .update(userLimits)
    .set({ limit, updatedAt: ctx.clock.now() })
    .where(and(eq(userLimits.id, row.id)))
    .returning();
  if (!updated) throw limitNotFound();
  return view(ctx, updated);
}

export async function removeLimit(ctx: CompanyContext, row: typeof userLimits.$inferSelect): Promise<void> {
  await ctx.db.delete(userLimits).where(eq(userLimits.id, row.id));
}
