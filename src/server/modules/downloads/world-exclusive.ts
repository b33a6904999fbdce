import { and, desc, eq } from 'drizzle-orm';
import type { WorldExclusiveRequest } from '../../../common/downloads.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../accounts/schema.ts';
import { videoProjects as p } from '../catalogue/schema.ts';
import { worldExclusiveRequests as w } from './schema.ts';
import { projectIdOf } from './service.ts';

const MAX_LISTED = 200;

const answer = (row: typeof w.$inferSelect): WorldExclusiveRequest => ({
  id: row.id,
  project_id: row.projectId,
  created_at: row.createdAt.toISOString(),
});

/**
 * POST …/videos/request_world_exclusive: records the customer's request once; asking again answers
 * the request already made (`created` false), so a double click or a retry is one request.
 */
export async function requestWorldExclusive(
  ctx: { db: Db; clock: Clock },
  userId: number,
  idOrSlug: string,
): Promise<{ request: WorldExclusiveRequest; created: boolean }> {
  const projectId = await projectIdOf(ctx, idOrSlug);
  const [made] = await ctx.db
    .insert(w)
    .values({ userId, projectId, createdAt: ctx.clock.now() })
    .onConflictDoNothing({ target: [w.userId, w.projectId] })
    .returning();
  if (made) return { request: answer(made), created: true };
  const [kept] = await ctx.db
    .select()
    .from(w)
    .where(and(eq(w.userId, userId), eq(w.projectId, projectId)));
  if (!kept) throw new Error('the world-exclusive request was neither made nor found');
  return { request: answer(kept), created: false };
}

/** The sales desk's list (admins): who asked for which video, newest first. */
export async function worldExclusiveRequestsList(db: Db) {
  const rows = await db
    .select({ request: w, title: p.title, email: users.email, company: companies.name })
    .from(w)
    .innerJoin(p, eq(p.id, w.projectId))
    .innerJoin(users, eq(users.id, w.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .orderBy(desc(w.id))
    .limit(MAX_LISTED);
  return rows.map(({ request, title, email, company }) => ({
    ...answer(request),
    title,
    user: { id: request.userId, email, company_name: company },
  }));
}
