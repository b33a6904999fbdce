import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditPage, type AuditQuery, type AuditSubject } from '../../../common/desk.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/schema.ts';
import { auditLog } from './schema.ts';

/** Who acts at the desk: the staff member and the address the action came from. */
export type Actor = { userId: number; ip: string | null };

export type AuditRecord = {
  action: string;
  subject: AuditSubject;
  subjectId: string | number;
  before?: unknown;
  after?: unknown;
};

/** Only `insert` is needed, so the caller's transaction writes the entry with its change. */
type Writer = Pick<Db, 'insert'>;

/** Row values as JSON keeps them (dates as ISO text): what the audit screen shows before and after. */
const plain = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

/**
 * Writes one desk action to the audit log; call it inside the transaction that makes the change. No
 * actor: the platform acted on its own (the drop folder, a scheduled publication).
 */
export async function recordAudit(db: Writer, actor: Actor | null, record: AuditRecord, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    at: now,
    actorId: actor?.userId ?? null,
    action: record.action,
    subjectType: record.subject,
    subjectId: String(record.subjectId),
    before: plain(record.before),
    after: plain(record.after),
    ip: actor?.ip ?? null,
  });
}

/** GET /api/desk/audit: the entries the filters match, newest first, a page at a time. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.actor_id !== undefined) filters.push(eq(auditLog.actorId, query.actor_id));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.subject_type) filters.push(eq(auditLog.subjectType, query.subject_type));
  if (query.subject_id) filters.push(eq(auditLog.subjectId, query.subject_id));
  if (query.from) filters.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.before_id !== undefined) filters.push(lt(auditLog.id, query.before_id));
  const rows = await db
    .select({ entry: auditLog, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...filters))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map(({ entry, email, firstName, lastName }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actorId !== null && email ? { id: entry.actorId, email, name: `${firstName} ${lastName}`.trim() } : null,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip,
    })),
    next_before_id: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.entry.id ?? null) : null,
  };
}
