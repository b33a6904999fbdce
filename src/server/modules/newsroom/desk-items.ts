import { and, count, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  actionsFrom,
  CONTENT_PAGE_SIZE,
  isEditable,
  publishProblems,
  type ContentItem,
  type ContentList,
  type ContentQuery,
  type ContentSummary,
  type SaveContentBody,
} from '../../../common/newsroom-desk.ts';
import { AppError, Conflict } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { auditLog } from '../desk/schema.ts';
import { contentItemNotFound, getItem, type NewsroomContext } from './items.ts';
import { contentItems, type ContentItemRow } from './schema.ts';

type People = Map<number, { id: number; name: string }>;

async function peopleOf(ctx: NewsroomContext, ids: (number | null)[]): Promise<People> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: `${row.first} ${row.last}`.trim() || row.email }]));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function summaryOf(row: ContentItemRow, people: People): ContentSummary {
  const { fields } = row;
  const headline = fields.texts[fields.language]?.headline ?? Object.values(fields.texts).find((text) => text?.headline)?.headline ?? '';
  return {
    id: row.id,
    guid: row.guid,
    state: row.state,
    media_state: row.mediaState,
    language: fields.language,
    headline,
    source_name: row.sourceName,
    tag_slugs: fields.tag_slugs,
    access: fields.access,
    version: row.version,
    revision: row.revision,
    updated_by: row.updatedById === null ? null : (people.get(row.updatedById) ?? null),
    updated_at: row.updatedAt.toISOString(),
    scheduled_at: iso(row.scheduledAt),
    version_created_at: iso(row.versionCreatedAt),
  };
}

/** The desk's view of one item: the whole form, and what may be done with it now. */
export async function itemView(ctx: NewsroomContext, row: ContentItemRow): Promise<ContentItem> {
  const people = await peopleOf(ctx, [row.updatedById, row.createdById]);
  const [project] = row.videoProjectId
    ? await ctx.db.select({ slug: videoProjects.projectSlug }).from(videoProjects).where(eq(videoProjects.id, row.videoProjectId))
    : [];
  return {
    ...summaryOf(row, people),
    fields: row.fields,
    media_stage: row.mediaStage,
    media_progress: row.mediaProgress,
    media_error: row.mediaError,
    duration_seconds: row.probe?.duration_seconds ?? null,
    video_project_slug: project?.slug ?? null,
    first_published_at: iso(row.firstPublishedAt),
    correction_note: row.correctionNote,
    killed_reason: row.killedReason,
    created_by: row.createdById === null ? null : (people.get(row.createdById) ?? null),
    actions: actionsFrom(row.state),
    problems: row.state === 'draft' || row.state === 'scheduled' ? publishProblems(row.fields, row.mediaState) : [],
  };
}

export async function viewItem(ctx: NewsroomContext, id: number): Promise<ContentItem> {
  return itemView(ctx, await getItem(ctx, id));
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * GET /api/desk/content: every state (drafts, scheduled, withheld and killed too), filtered by
 * state, the editor who made or last saved it, the day of its last change and a text found in any
 * of its words; last changed first.
 */
export async function listItems(ctx: NewsroomContext, query: ContentQuery): Promise<ContentList> {
  const c = contentItems;
  const filters: (SQL | undefined)[] = [];
  if (query.state) filters.push(eq(c.state, query.state));
  if (query.editor_id !== undefined) filters.push(or(eq(c.createdById, query.editor_id), eq(c.updatedById, query.editor_id)));
  if (query.from) filters.push(gte(c.updatedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(c.updatedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (query.q) filters.push(or(sql`${c.fields}::text ilike ${likePattern(query.q)}`, sql`${c.sourceName} ilike ${likePattern(query.q)}`));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(c)
      .where(where)
      .orderBy(desc(c.updatedAt), desc(c.id))
      .limit(CONTENT_PAGE_SIZE)
      .offset((query.page - 1) * CONTENT_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(c).where(where),
  ]);
  const people = await peopleOf(
    ctx,
    rows.map((row) => row.updatedById),
  );
  return { items: rows.map((row) => summaryOf(row, people)), count: Number(total?.n ?? 0), page: query.page, per_page: CONTENT_PAGE_SIZE };
}

/** The audit entry of a save keeps only what the save changed: saves come as the editor types. */
type SaveRecord = { version: number; fields: string[] };

/**
 * PATCH /api/desk/content/{id}: saves the changed fields if the item is still at the version the
 * editor loaded, in one statement (two saves of one version: one wins, the other gets 409 naming
 * the current version, who saved it and the fields changed since). A killed item is final.
 */
export async function saveItem(ctx: NewsroomContext, actor: Actor, id: number, body: SaveContentBody): Promise<ContentItem> {
  const now = ctx.clock.now();
  const changed = Object.keys(body.fields);
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(contentItems)
      .set({
        fields: sql`${contentItems.fields} || ${JSON.stringify(body.fields)}::jsonb`,
        version: sql`${contentItems.version} + 1`,
        updatedById: actor.userId,
        updatedAt: now,
      })
      .where(and(eq(contentItems.id, id), eq(contentItems.version, body.version), sql`${contentItems.state} <> 'killed'`))
      .returning();
    if (!row) return null;
    const after: SaveRecord = { version: row.version, fields: changed };
    await recordAudit(
      tx,
      actor,
      { action: 'content_item.save', subject: 'content_item', subjectId: id, before: { version: body.version }, after },
      now,
    );
    return row;
  });
  if (saved) return itemView(ctx, saved);

  const current = await getItem(ctx, id).catch(() => {
    throw contentItemNotFound();
  });
  if (!isEditable(current.state)) throw new AppError(409, [{ code: 'content_final', message: 'A killed story cannot be changed' }]);
  throw await versionConflict(ctx, current, body.version);
}

/** The 409 of a stale save: the current version, who saved it, and every field saved since the editor's version. */
async function versionConflict(ctx: NewsroomContext, current: ContentItemRow, loaded: number): Promise<Conflict> {
  const saves = await ctx.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, 'content_item'),
        eq(auditLog.subjectId, String(current.id)),
        eq(auditLog.action, 'content_item.save'),
        gt(sql`(${auditLog.after}->>'version')::int`, loaded),
      ),
    );
  const fields = [...new Set(saves.flatMap((save) => (save.after as SaveRecord | null)?.fields ?? []))].sort();
  const people = await peopleOf(ctx, [current.updatedById]);
  const savedBy = current.updatedById === null ? '' : (people.get(current.updatedById)?.name ?? '');
  return new Conflict({
    code: 'version_conflict',
    message: `Version ${current.version} was saved by ${savedBy || 'someone else'} since you loaded version ${loaded}`,
    meta: { current_version: String(current.version), saved_by: savedBy, changed_fields: fields.join(',') },
  });
}
