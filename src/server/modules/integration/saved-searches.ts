import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SAVED_SEARCH_LIMITS,
  type SavedSearch,
  type SavedSearchMatches,
  type savedSearchChangeSchema,
  type savedSearchCreateSchema,
} from '../../../common/saved-searches.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { listedProject } from '../catalogue/filters.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { previewImageUrl } from '../catalogue/views.ts';
import { contentItems } from '../newsroom/schema.ts';
import { savedSearches, savedSearchMatches, type SavedSearchRow } from './schema.ts';

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

export const savedSearchErrors = {
  notFound: () => new NotFound({ code: 'saved_search_not_found', message: 'No such saved search' }),
  tooMany: () =>
    new Conflict({
      code: 'saved_searches_too_many',
      message: `At most ${SAVED_SEARCH_LIMITS.perUser} saved searches; remove one first`,
      meta: { limit: String(SAVED_SEARCH_LIMITS.perUser) },
    }),
};

/** Matches found since the search's owner last looked: the in-app count (with `withMatches`). */
const newMatches = sql<number>`(count(${savedSearchMatches.id}) filter (where ${savedSearchMatches.createdAt} > ${savedSearches.seenAt}))::int`;

function searchView(row: SavedSearchRow, fresh: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    notify_in_app: row.notifyInApp,
    notify_email: row.notifyEmail,
    notify_push: row.notifyPush,
    notify_webhook: row.notifyWebhook,
    new_matches: fresh,
    seen_at: row.seenAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSavedSearches(ctx: Ctx, user: UserRow): Promise<SavedSearch[]> {
  const rows = await ctx.db
    .select({ search: savedSearches, fresh: newMatches })
    .from(savedSearches)
    .leftJoin(savedSearchMatches, eq(savedSearchMatches.savedSearchId, savedSearches.id))
    .where(eq(savedSearches.userId, user.id))
    .groupBy(savedSearches.id)
    .orderBy(desc(savedSearches.id));
  return rows.map(({ search, fresh }) => searchView(search, fresh));
}

/** The user's own search; another user's is not found, as one that does not exist. */
async function ownSearch(ctx: Pick<Ctx, 'db'>, user: UserRow, id: number): Promise<SavedSearchRow> {
  const [row] = await ctx.db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)));
  if (!row) throw savedSearchErrors.notFound();
  return row;
}

async function viewOf(ctx: Pick<Ctx, 'db'>, id: number): Promise<SavedSearch> {
  const [row] = await ctx.db
    .select({ search: savedSearches, fresh: newMatches })
    .from(savedSearches)
    .leftJoin(savedSearchMatches, eq(savedSearchMatches.savedSearchId, savedSearches.id))
    .where(eq(savedSearches.id, id))
    .groupBy(savedSearches.id);
  if (!row) throw savedSearchErrors.notFound();
  return searchView(row.search, row.fresh);
}

/**
 * Keeps a search. Counting the user's searches and inserting happen under the user's row lock, so
 * requests at once cannot pass the limit together.
 */
export async function createSavedSearch(ctx: Ctx, user: UserRow, input: z.output<typeof savedSearchCreateSchema>): Promise<SavedSearch> {
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id));
    if ((held?.n ?? 0) >= SAVED_SEARCH_LIMITS.perUser) throw savedSearchErrors.tooMany();
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId: user.id,
        name: input.name,
        query: input.query,
        notifyInApp: input.notify_in_app,
        notifyEmail: input.notify_email,
        notifyPush: input.notify_push,
        notifyWebhook: input.notify_webhook,
        seenAt: now,
        createdAt: now,
      })
      .returning();
    return row!;
  });
  return searchView(created, 0);
}

/**
 * Renames a search or changes how its owner hears. A change of the e-mail choice starts it afresh:
 * matches found before are not mailed (a digest switched on today tells of today's news, not of a
 * month of matches kept while e-mail was off).
 */
export async function changeSavedSearch(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: z.output<typeof savedSearchChangeSchema>,
): Promise<SavedSearch> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
      .for('update');
    if (!row) throw savedSearchErrors.notFound();
    await tx
      .update(savedSearches)
      .set({
        name: input.name ?? row.name,
        notifyInApp: input.notify_in_app ?? row.notifyInApp,
        notifyEmail: input.notify_email ?? row.notifyEmail,
        notifyPush: input.notify_push ?? row.notifyPush,
        notifyWebhook: input.notify_webhook ?? row.notifyWebhook,
      })
      .where(eq(savedSearches.id, id));
    if (input.notify_email && input.notify_email !== row.notifyEmail)
      await tx
        .update(savedSearchMatches)
        .set({ mailedAt: now })
        .where(and(eq(savedSearchMatches.savedSearchId, id), isNull(savedSearchMatches.mailedAt)));
  });
  return viewOf(ctx, id);
}

export async function deleteSavedSearch(ctx: Ctx, user: UserRow, id: number): Promise<void> {
  const removed = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw savedSearchErrors.notFound();
}

/** The user looked at the search's news: its count of new matches is back to 0. */
export async function markSavedSearchSeen(ctx: Ctx, user: UserRow, id: number): Promise<SavedSearch> {
  const [row] = await ctx.db
    .update(savedSearches)
    .set({ seenAt: ctx.clock.now() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning({ id: savedSearches.id });
  if (!row) throw savedSearchErrors.notFound();
  return viewOf(ctx, id);
}

/** The newest matches of a search; a story since withheld or killed shows without its video. */
export async function savedSearchMatchList(ctx: Ctx, user: UserRow, id: number): Promise<SavedSearchMatches> {
  const search = await ownSearch(ctx, user, id);
  const p = videoProjects;
  const rows = await ctx.db
    .select({
      id: savedSearchMatches.id,
      createdAt: savedSearchMatches.createdAt,
      video: {
        id: p.id,
        title: p.title,
        slug: p.projectSlug,
        previewImage: p.previewImage,
        language: p.language,
        publishedAt: p.publishedAt,
        duration: p.duration,
      },
    })
    .from(savedSearchMatches)
    .innerJoin(contentItems, eq(contentItems.id, savedSearchMatches.contentItemId))
    .leftJoin(p, and(eq(p.id, contentItems.videoProjectId), listedProject))
    .where(eq(savedSearchMatches.savedSearchId, search.id))
    .orderBy(desc(savedSearchMatches.createdAt), desc(savedSearchMatches.id))
    .limit(SAVED_SEARCH_LIMITS.matchesShown);
  return {
    matches: rows.map((row) => ({
      id: row.id,
      matched_at: row.createdAt.toISOString(),
      is_new: row.createdAt > search.seenAt,
      video: row.video
        ? {
            id: row.video.id,
            title: row.video.title,
            project_slug: row.video.slug,
            selected_preview_image: previewImageUrl(row.video),
            language: row.video.language,
            published_at: row.video.publishedAt.toISOString(),
            duration: row.video.duration,
          }
        : null,
    })),
  };
}
