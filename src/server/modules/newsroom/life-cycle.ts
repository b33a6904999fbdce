import { and, eq, lte, sql } from 'drizzle-orm';
import {
  canTake,
  CONTENT_TRANSITIONS,
  NOTE_REQUIRED,
  publishProblems,
  type BulkBody,
  type BulkResult,
  type ContentAction,
  type ContentActionBody,
  type ContentItem,
} from '../../../common/newsroom-desk.ts';
import type { ContentState } from '../../../common/newsroom.ts';
import type { ServiceContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import { AppError, Invalid } from '../../http/errors.ts';
import { tags } from '../catalogue/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { queuePush } from '../push/notify.ts';
import { listInCatalogue, withdrawFromCatalogue } from './catalogue-sync.ts';
import { itemView } from './desk-items.ts';
import { contentItemNotFound } from './items.ts';
import { CONTENT_NEWS_QUEUE, type ContentNews } from '../integration/content-news.ts';
import { NOTICE_QUEUE, type NoticeNews } from './notices.ts';
import { contentItems, type ContentItemRow } from './schema.ts';

/** `caches`: absent only in tests that read no cached answer. */
export type LifeCycleContext = Pick<ServiceContext, 'db' | 'clock' | 'jobs'> & Partial<Pick<ServiceContext, 'caches'>>;

/**
 * What a transition leaves to do once committed: every process drops its cached catalogue (a
 * process dropping it before the commit could cache the old story again); pushes and notices go
 * to the workers.
 */
type AfterCommit = { catalogueChanged?: boolean; pushProject?: number; notice?: NoticeNews; news?: ContentNews };

const refused = (action: ContentAction, state: ContentState) =>
  new AppError(409, [
    { code: 'transition_not_allowed', message: `A ${state} story cannot be taken to ${action}`, meta: { state, action } },
  ]);

/** Publishing's rules (the describe form's, and a ready master), as one 422 listing every problem. */
function checkPublishable(row: ContentItemRow) {
  const problems = publishProblems(row.fields, row.masterKey ? row.mediaState : 'none');
  if (problems.length) throw new Invalid(problems.map(({ code, field, message }) => ({ code, field, message })));
}

/**
 * Takes one action on a locked item (the caller's transaction holds its row): checks the state
 * machine and the action's own rules, changes the item, reaches the catalogue and writes the audit
 * entry, all in that transaction.
 */
async function transition(
  tx: Db,
  actor: Actor | null,
  row: ContentItemRow,
  action: ContentAction,
  body: ContentActionBody,
  now: Date,
): Promise<{ row: ContentItemRow; after: AfterCommit }> {
  if (!canTake(action, row.state)) throw refused(action, row.state);
  const words = NOTE_REQUIRED[action];
  const said = words ? (body[words] ?? '').trim() : '';
  if (words && !said)
    throw new Invalid({
      code: words === 'note' ? 'correction_note_required' : 'kill_reason_required',
      field: words,
      message: words === 'note' ? 'A correction needs its note' : 'A kill needs its reason',
    });
  const target = CONTENT_TRANSITIONS[action].to;
  const state: ContentState = target === 'previous' ? (row.revision > 1 ? 'corrected' : 'published') : target;
  let changes: Partial<ContentItemRow> = { state };
  const after: AfterCommit = {};

  switch (action) {
    case 'publish': {
      checkPublishable(row);
      changes = { ...changes, revision: 1, firstPublishedAt: now, versionCreatedAt: now, scheduledAt: null };
      break;
    }
    case 'schedule': {
      const at = body.at ? new Date(body.at) : null;
      if (!at) throw new Invalid({ code: 'schedule_time_required', field: 'at', message: 'Say when to publish' });
      if (at.getTime() <= now.getTime())
        throw new Invalid({ code: 'schedule_in_past', field: 'at', message: 'The time to publish has passed' });
      checkPublishable(row);
      changes = { ...changes, scheduledAt: at };
      break;
    }
    case 'unschedule':
      changes = { ...changes, scheduledAt: null };
      break;
    case 'correct': {
      checkPublishable(row);
      changes = { ...changes, revision: row.revision + 1, versionCreatedAt: now, correctionNote: said };
      break;
    }
    case 'kill':
      changes = { ...changes, killedReason: said };
      break;
    default:
      break;
  }
  const next = { ...row, ...changes };
  if (state === 'published' || state === 'corrected') {
    const projectId = await listInCatalogue(tx, next, state, now);
    changes.videoProjectId = projectId;
    after.catalogueChanged = true;
    // The followers of its tags hear of a new story once (push: pushes_sent), not of its corrections.
    if (action === 'publish') after.pushProject = projectId;
  } else if ((state === 'withheld' || state === 'killed') && row.videoProjectId) {
    await withdrawFromCatalogue(tx, row.videoProjectId, state, now);
    after.catalogueChanged = true;
  }
  if (action === 'correct' || action === 'kill')
    after.notice = { itemId: row.id, kind: action === 'kill' ? 'killed' : 'corrected', revision: next.revision };
  // Webhooks, saved searches and delivery rules hear of a story published, corrected or killed.
  const event = action === 'kill' ? 'killed' : action === 'correct' ? 'corrected' : state === 'published' ? 'published' : null;
  if (event) after.news = { itemId: row.id, event, revision: next.revision };

  const [saved] = await tx
    .update(contentItems)
    .set({ ...changes, updatedAt: now, updatedById: actor?.userId ?? row.updatedById })
    .where(eq(contentItems.id, row.id))
    .returning();
  if (!saved) throw contentItemNotFound();
  await recordAudit(
    tx,
    actor,
    {
      action: `content_item.${action}`,
      subject: 'content_item',
      subjectId: row.id,
      before: { state: row.state, revision: row.revision, scheduled_at: row.scheduledAt },
      after: { state: saved.state, revision: saved.revision, scheduled_at: saved.scheduledAt, note: said || undefined },
    },
    now,
  );
  return { row: saved, after };
}

async function afterCommit(ctx: LifeCycleContext, after: AfterCommit) {
  if (after.catalogueChanged) ctx.caches?.invalidate('catalogue');
  if (after.pushProject !== undefined) await queuePush(ctx, { kind: 'video', id: after.pushProject });
  if (after.notice) await ctx.jobs?.send(NOTICE_QUEUE, after.notice);
  if (after.news) await ctx.jobs?.send(CONTENT_NEWS_QUEUE, after.news);
}

async function lockedItem(tx: Db, id: number): Promise<ContentItemRow> {
  const [row] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
  if (!row) throw contentItemNotFound();
  return row;
}

/** POST /api/desk/content/{id}/{action}: one life-cycle step under the item's row lock. */
export async function takeAction(
  ctx: LifeCycleContext,
  actor: Actor | null,
  id: number,
  action: ContentAction,
  body: ContentActionBody,
): Promise<ContentItem> {
  const now = ctx.clock.now();
  const { row, after } = await ctx.db.transaction(async (tx) => transition(tx, actor, await lockedItem(tx, id), action, body, now));
  await afterCommit(ctx, after);
  return itemView(ctx, row);
}

const errorsOf = (error: unknown) =>
  error instanceof AppError
    ? error.items.map(({ code, message }) => ({ code, message }))
    : [{ code: 'internal_error', message: 'This item could not be changed' }];

/**
 * POST /api/desk/content/bulk: the action on each selected item on its own (its own transaction
 * and row lock), so one item refused leaves the others done. Tagging adds a known tag to the
 * item's form (a published story's catalogue changes at its next correction).
 */
export async function bulkAction(ctx: LifeCycleContext, actor: Actor, body: BulkBody): Promise<BulkResult> {
  if (body.action === 'tag') {
    const slug = body.tag_slug ?? '';
    const [tag] = slug ? await ctx.db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug)) : [];
    if (!tag) throw new Invalid({ code: 'tag_unknown', field: 'tag_slug', message: 'No tag with this slug' });
  }
  const results: BulkResult['results'] = [];
  for (const id of [...new Set(body.ids)]) {
    try {
      const now = ctx.clock.now();
      const { row, after } = await ctx.db.transaction(async (tx) => {
        const locked = await lockedItem(tx, id);
        if (body.action !== 'tag') return transition(tx, actor, locked, body.action, {}, now);
        return { row: await tagItem(tx, actor, locked, body.tag_slug ?? '', now), after: {} };
      });
      await afterCommit(ctx, after);
      results.push({ id, ok: true, state: row.state, errors: [] });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, state: null, errors: errorsOf(error) });
    }
  }
  return { results };
}

async function tagItem(tx: Db, actor: Actor, row: ContentItemRow, slug: string, now: Date): Promise<ContentItemRow> {
  if (row.state === 'killed') throw new AppError(409, [{ code: 'content_final', message: 'A killed story cannot be changed' }]);
  if (row.fields.tag_slugs.includes(slug)) return row;
  const tagSlugs = [...row.fields.tag_slugs, slug].slice(0, 30);
  const [saved] = await tx
    .update(contentItems)
    .set({
      fields: sql`${contentItems.fields} || ${JSON.stringify({ tag_slugs: tagSlugs })}::jsonb`,
      version: sql`${contentItems.version} + 1`,
      updatedById: actor.userId,
      updatedAt: now,
    })
    .where(eq(contentItems.id, row.id))
    .returning();
  if (!saved) throw contentItemNotFound();
  await recordAudit(
    tx,
    actor,
    {
      action: 'content_item.save',
      subject: 'content_item',
      subjectId: row.id,
      before: { version: row.version },
      after: { version: saved.version, fields: ['tag_slugs'] },
    },
    now,
  );
  return saved;
}

/**
 * The periodic job's work: publishes every scheduled item whose time has come. Each is taken under
 * its row lock with SKIP LOCKED, so two workers never publish one twice. One that no longer passes
 * the rules (its master gone, its form changed since) goes back to draft, with the problems in its
 * audit entry, rather than blocking the queue.
 */
export async function publishDue(ctx: LifeCycleContext): Promise<{ published: number; failed: number }> {
  const now = ctx.clock.now();
  const counts = { published: 0, failed: 0 };
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(contentItems)
        .where(and(eq(contentItems.state, 'scheduled'), lte(contentItems.scheduledAt, now)))
        .orderBy(contentItems.scheduledAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const problems = publishProblems(row.fields, row.masterKey ? row.mediaState : 'none');
      if (problems.length === 0) return transition(tx, null, row, 'publish', {}, now);
      await tx.update(contentItems).set({ state: 'draft', scheduledAt: null, updatedAt: now }).where(eq(contentItems.id, row.id));
      await recordAudit(
        tx,
        null,
        {
          action: 'content_item.schedule_failed',
          subject: 'content_item',
          subjectId: row.id,
          before: { state: row.state },
          after: { state: 'draft', problems },
        },
        now,
      );
      return 'failed' as const;
    });
    if (done === null) break;
    if (done === 'failed') counts.failed += 1;
    else {
      counts.published += 1;
      await afterCommit(ctx, done.after);
    }
  }
  return counts;
}

export const publishDueJob: JobDefinition = {
  queue: 'newsroom.publish-due',
  schedule: '* * * * *',
  expireInSeconds: 120,
  run: (deps) => publishDue(deps),
};
