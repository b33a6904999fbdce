import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditSubject } from '../../../common/desk.ts';
import type { Assignee, AssignmentChange, InboxChange } from '../../../common/desk-inbox.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Invalid } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';

/**
 * What the business desk's inboxes share (src/common/desk-inbox.ts): who items may be assigned to,
 * the filters of a list, and the rule for moving an item's state.
 */

/** Staff who may hold an inbox item: active holders of the sales or admin role. */
const deskSales = and(eq(users.isAdmin, true), isNull(users.deactivatedAt), sql`(${users.deskRoles} && array['sales', 'admin']::text[])`);

export const assigneeView = (user: { id: number; email: string; firstName: string; lastName: string }): Assignee => ({
  id: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`.trim(),
});

/** GET /api/desk/inbox/assignees: who the desk may assign items to, by name. */
export async function listAssignees(db: Db): Promise<Assignee[]> {
  const rows = await db.select().from(users).where(deskSales).orderBy(asc(users.lastName), asc(users.id));
  return rows.map(assigneeView);
}

/** Refuses an assignee who is not sales staff (nobody else works the inboxes). */
export async function checkAssignee(db: Pick<Db, 'select'>, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), deskSales));
  if (!found)
    throw new Invalid([
      { code: 'assignee_not_staff', message: 'Items can be assigned only to staff with the sales role', field: 'assignee_id' },
    ]);
}

/**
 * Whether `current` may move to `next` under `moves`, given the state the staff member saw
 * (`from`): someone else moved it meanwhile, or the move is not one of the inbox's, is a 409.
 */
export function checkMove<S extends string>(moves: Record<S, readonly S[]>, current: S, next: S, from: S | undefined): void {
  if (from !== undefined && from !== current)
    throw new Conflict({ code: 'state_changed', message: `Someone has moved this item to “${current}” meanwhile` });
  if (next === current) return;
  if (!moves[current].includes(next))
    throw new Conflict({ code: 'move_not_allowed', message: `An item that is “${current}” cannot become “${next}”` });
}

/** A list's filters on an inbox table's state and assignee columns. */
export function inboxFilters(
  columns: { state?: PgColumn; assigneeId: PgColumn },
  query: { state?: string; assignee?: 'me' | 'none' | number },
  actor: Actor,
): SQL[] {
  const filters: SQL[] = [];
  if (query.state && columns.state) filters.push(eq(columns.state, query.state));
  if (query.assignee === 'none') filters.push(isNull(columns.assigneeId));
  else if (query.assignee === 'me') filters.push(eq(columns.assigneeId, actor.userId));
  else if (query.assignee !== undefined) filters.push(eq(columns.assigneeId, query.assignee));
  return filters;
}

/** Whether an item is in one of its inbox's final states; ORDER BY it ascending puts the open items first. */
export const openFirst = (state: PgColumn, finals: readonly string[]) => inArray(state, [...finals]);

/** A table whose rows the desk assigns: its id, assignee and note columns (inbox-columns.ts). */
type Assignable = PgTable & { id: PgColumn; assigneeId: PgColumn; deskNote: PgColumn };

/**
 * PATCH of an item whose moves have calls of their own (live bookings, chats): the assignee (sales
 * staff only) and the desk's note, under the row lock, with its audit entry. False: no such item.
 */
export async function assignItem(
  ctx: { db: Db; clock: Clock },
  actor: Actor,
  item: { table: Assignable; subject: AuditSubject; id: number },
  change: AssignmentChange,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const { table, id } = item;
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) return false;
    await checkAssignee(tx, change.assignee_id);
    const [after] = await tx
      .update(table)
      .set({
        ...(change.assignee_id !== undefined ? { assigneeId: change.assignee_id } : {}),
        ...(change.desk_note !== undefined ? { deskNote: change.desk_note } : {}),
      })
      .where(eq(table.id, id))
      .returning();
    const action = change.assignee_id !== undefined ? 'assign' : 'note';
    await recordAudit(
      tx,
      actor,
      { action: `${item.subject}.${action}`, subject: item.subject, subjectId: id, before, after },
      ctx.clock.now(),
    );
    return true;
  });
}

/** A table whose rows also move along states (inbox-columns.ts `inboxColumns`). */
type Movable = Assignable & { state: PgColumn; stateChangedAt: PgColumn };

/**
 * PATCH of an inbox item: a move along `moves` (refused when someone moved it since the staff member
 * looked), an assignee (sales staff or nobody), the note; under the row lock, once, with its audit
 * entry. `told` runs in the same transaction after a move, to mail whoever the move concerns.
 * False: no such item.
 */
export async function changeItem<S extends string, Row extends { state: S }>(
  ctx: { db: Db; clock: Clock },
  actor: Actor,
  item: { table: Movable; subject: AuditSubject; id: number; moves: Record<S, readonly S[]> },
  change: InboxChange<S>,
  told: (tx: Db, before: Row, next: S) => Promise<void>,
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { table, id } = item;
    const [before] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as Row[];
    if (!before) return false;
    const next = change.state ?? before.state;
    checkMove(item.moves, before.state, next, change.from);
    await checkAssignee(tx, change.assignee_id);
    const moved = next !== before.state;
    const [after] = await tx
      .update(table)
      .set({
        ...(moved ? { state: next, stateChangedAt: now } : {}),
        ...(change.assignee_id !== undefined ? { assigneeId: change.assignee_id } : {}),
        ...(change.desk_note !== undefined ? { deskNote: change.desk_note } : {}),
      })
      .where(eq(table.id, id))
      .returning();
    const action = moved ? 'move' : change.assignee_id !== undefined ? 'assign' : 'note';
    // The message the customer was sent stays with the move.
    const audited = moved && change.message ? { ...after, message: change.message } : after;
    await recordAudit(
      tx,
      actor,
      { action: `${item.subject}.${action}`, subject: item.subject, subjectId: id, before, after: audited },
      now,
    );
    if (moved) await told(tx, before, next);
    return true;
  });
}
