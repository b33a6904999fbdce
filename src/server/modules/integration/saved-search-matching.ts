import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SavedSearchQuery } from '../../../common/integration.ts';
import { LINKS } from '../../../common/routes.ts';
import type { Db } from '../../db/client.ts';
import { filterClause, listedProject, searchText, tsQuery, type CatalogueFilter } from '../catalogue/filters.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { announceNotices, keepNotices } from '../notice-centre/service.ts';
import { contentItems } from '../newsroom/schema.ts';
import type { ContentNewsHandler } from './content-news.ts';
import { tellMatches, type NewMatch } from './saved-search-alerts.ts';
import { savedSearches, savedSearchMatches } from './schema.ts';

/** Saved searches weighed in one statement: a few hundred small predicates on one row. */
const BATCH = 200;

/**
 * What a saved search asks of a video project, as the search page asks it: the catalogue's own
 * filters (catalogue/filters.ts filterClause, listed stories only) and, with a text, the same
 * full-text match as its search (search.ts searchFor). The filters come first: they are column
 * comparisons, and most searches fail on one of them before the text is weighed.
 */
export function savedSearchClause(query: SavedSearchQuery): SQL {
  const filter: CatalogueFilter = { ...query, page: 1, per_page: 1 };
  const text = searchText(query.search);
  return sql`(${filterClause(filter)}${text ? sql` and ${videoProjects.searchVector} @@ ${tsQuery(text)}` : sql``})`;
}

/** The ids of the searches the project matches now: one statement per BATCH, read on the project's one row. */
export async function searchesMatching(db: Db, projectId: number, searches: readonly { id: number; query: SavedSearchQuery }[]) {
  const matching: number[] = [];
  for (let start = 0; start < searches.length; start += BATCH) {
    const batch = searches.slice(start, start + BATCH);
    const hits = sql.join(
      batch.map((search) => sql`case when ${savedSearchClause(search.query)} then ${search.id}::int end`),
      sql`, `,
    );
    const [row] = await db
      .select({ ids: sql<(number | null)[]>`array[${hits}]` })
      .from(videoProjects)
      .where(eq(videoProjects.id, projectId));
    for (const id of row?.ids ?? []) if (id !== null) matching.push(Number(id));
  }
  return matching;
}

/**
 * A story published or corrected at the desk: the saved searches its video project now matches,
 * and not yet matched, get a match (once per search and item: the unique index, so a correction of
 * a story already matched tells no one again, and the job run twice tells no one twice), a notice
 * in the app and, once each, their e-mail, push and webhook (saved-search-alerts.ts).
 */
export const savedSearchContentNews: ContentNewsHandler = async (deps, news) => {
  if (news.event === 'killed') return { saved_search_matches: 0 };
  const [found] = await deps.db
    .select({
      itemId: contentItems.id,
      guid: contentItems.guid,
      project: { id: videoProjects.id, title: videoProjects.title, slug: videoProjects.projectSlug },
    })
    .from(contentItems)
    .innerJoin(videoProjects, and(eq(videoProjects.id, contentItems.videoProjectId), listedProject))
    .where(eq(contentItems.id, news.itemId));
  if (!found) return { saved_search_matches: 0 };
  const { itemId, guid, project } = found;
  // Only searches this item has not matched yet are weighed again.
  const candidates = await deps.db
    .select({ id: savedSearches.id, query: savedSearches.query })
    .from(savedSearches)
    .leftJoin(savedSearchMatches, and(eq(savedSearchMatches.savedSearchId, savedSearches.id), eq(savedSearchMatches.contentItemId, itemId)))
    .where(isNull(savedSearchMatches.id));
  const matching = await searchesMatching(deps.db, project.id, candidates);
  const now = deps.clock.now();
  const { fresh, told } = await deps.db.transaction(async (tx) => {
    const rows = matching.length
      ? await tx
          .insert(savedSearchMatches)
          .values(matching.map((savedSearchId) => ({ savedSearchId, contentItemId: itemId, createdAt: now })))
          .onConflictDoNothing()
          .returning()
      : [];
    const searches = rows.length
      ? await tx
          .select()
          .from(savedSearches)
          .where(
            inArray(
              savedSearches.id,
              rows.map((row) => row.savedSearchId),
            ),
          )
      : [];
    const kept = await keepNotices(
      tx,
      now,
      searches
        .filter((search) => search.notifyInApp)
        .map((search) => ({
          userId: search.userId,
          kind: 'saved_search_match' as const,
          textKey: 'savedSearchMatch' as const,
          values: { search: search.name, title: project.title },
          link: LINKS.savedSearches,
          subject: `saved_search:${search.id}:item:${itemId}`,
        })),
    );
    const bySearch = new Map(searches.map((search) => [search.id, search]));
    const made: NewMatch[] = rows.flatMap((row) => {
      const search = bySearch.get(row.savedSearchId);
      return search ? [{ matchId: row.id, search }] : [];
    });
    return { fresh: made, told: kept };
  });
  announceNotices(deps.broadcast, told);
  const alerts = await tellMatches(deps, { itemId, guid, project }, fresh);
  return { saved_search_matches: fresh.length, ...alerts };
};
