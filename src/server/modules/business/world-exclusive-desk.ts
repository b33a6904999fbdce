import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  WORLD_EXCLUSIVE_MOVES,
  WORLD_EXCLUSIVE_TOLD,
  type DeskWorldExclusive,
  type InboxChange,
  type WorldExclusiveState,
} from '../../../common/desk-inbox.ts';
import { LINKS } from '../../../common/routes.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { videoProjects as p } from '../catalogue/schema.ts';
import type { Actor } from '../desk/audit.ts';
import { worldExclusiveRequests as w } from '../downloads/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { assigneeView, changeItem, inboxFilters, openFirst } from './inbox.ts';

/**
 * The world-exclusive requests inbox (issue 29): every customer's request for a video's
 * world-exclusive rights, the open ones first; the desk offers, sells or declines, and the customer
 * is mailed each of those moves with the desk's message, in their language.
 */
export type InboxContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer'> & { publicOrigin: string };

const SHOWN = 300;
const FINAL: WorldExclusiveState[] = ['sold', 'declined'];
const holder = alias(users, 'holder');
const notFound = () => new NotFound({ code: 'request_not_found', message: 'World-exclusive request not found' });

async function views(ctx: Pick<InboxContext, 'db'>, where: ReturnType<typeof and>, limit: number): Promise<DeskWorldExclusive[]> {
  const rows = await ctx.db
    .select({ request: w, video: { id: p.id, slug: p.projectSlug, title: p.title }, user: users, company: companies.name, holder })
    .from(w)
    .innerJoin(p, eq(p.id, w.projectId))
    .innerJoin(users, eq(users.id, w.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(holder, eq(holder.id, w.assigneeId))
    .where(where)
    // Open requests first (false sorts before true), then the newest.
    .orderBy(asc(openFirst(w.state, FINAL)), desc(w.createdAt), desc(w.id))
    .limit(limit);
  return rows.map(({ request, video, user, company, holder: assignee }) => ({
    id: request.id,
    state: request.state,
    video,
    customer: { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), company },
    assignee: assignee ? assigneeView(assignee) : null,
    desk_note: request.deskNote,
    state_changed_at: request.stateChangedAt?.toISOString() ?? null,
    created_at: request.createdAt.toISOString(),
  }));
}

/** GET /api/desk/world_exclusive_requests[?state&assignee] */
export function listWorldExclusives(
  ctx: Pick<InboxContext, 'db'>,
  actor: Actor,
  query: { state?: WorldExclusiveState; assignee?: 'me' | 'none' | number },
): Promise<DeskWorldExclusive[]> {
  return views(ctx, and(...inboxFilters({ state: w.state, assigneeId: w.assigneeId }, query, actor)), SHOWN);
}

/**
 * PATCH /api/desk/world_exclusive_requests/{id}: a move, an assignee or a note, under the request's
 * row lock, once: the audit entry and the customer's e-mail commit with it.
 */
export async function changeWorldExclusive(
  ctx: InboxContext,
  actor: Actor,
  id: number,
  change: InboxChange<WorldExclusiveState>,
): Promise<DeskWorldExclusive> {
  const item = { table: w, subject: 'world_exclusive_request' as const, id, moves: WORLD_EXCLUSIVE_MOVES };
  const found = await changeItem(ctx, actor, item, change, async (tx, before: typeof w.$inferSelect, next) => {
    if (!WORLD_EXCLUSIVE_TOLD.includes(next)) return;
    const [customer] = await tx.select().from(users).where(eq(users.id, before.userId));
    const [video] = await tx.select({ title: p.title, slug: p.projectSlug }).from(p).where(eq(p.id, before.projectId));
    if (!customer || !video) return;
    const locale = customer.profileLocale;
    await ctx.mailer.enqueue(
      tx,
      renderMail(`world_exclusive_${next as 'offered' | 'sold' | 'declined'}`, locale, customer.email, {
        item: video.title,
        reason: change.message ?? '',
        link: `${ctx.publicOrigin}/${locale}${LINKS.video(video.slug)}`,
      }),
    );
  });
  if (!found) throw notFound();
  ctx.mailer.kick();
  const [view] = await views(ctx, eq(w.id, id), 1);
  if (!view) throw notFound();
  return view;
}
