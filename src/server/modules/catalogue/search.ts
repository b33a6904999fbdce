import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { SUGGEST_MIN_LENGTH, type SearchResponse, type VideoListResponse, type VideoSearchQuery } from '../../../common/catalogue.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { filterClause, searchText, tsQuery, type CatalogueFilter } from './filters.ts';
import { searches, searchStatistics, videoProjects } from './schema.ts';
import { summaries, summaryColumns, type SummaryRow } from './views.ts';

/** Counting stops here: "10,000+" is as useful as an exact figure and costs a bounded scan. */
export const COUNT_CAP = 10_000;
/** A search ranks at most this many matches, the newest, so common terms stay fast. */
export const RANK_CAP = 1_000;

export type CatalogueContext = { db: Db; now: () => Date };

const p = videoProjects;

function orderFor(sort: VideoSearchQuery['sort']): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(p.publishedAt), asc(p.id)];
    case 'longest':
      return [desc(p.duration), desc(p.publishedAt)];
    case 'shortest':
      return [asc(p.duration), desc(p.publishedAt)];
    default:
      return [desc(p.publishedAt), desc(p.id)];
  }
}

async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(p)
    .where(where)
    .limit(COUNT_CAP + 1);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('matches'));
  return row?.n ?? 0;
}

function pageInfo(count: number, page: number, perPage: number, reachable = Number.POSITIVE_INFINITY) {
  const counted = Math.min(count, COUNT_CAP);
  return {
    count: counted,
    count_capped: count > COUNT_CAP,
    page,
    per_page: perPage,
    pages: Math.max(1, Math.ceil(Math.min(counted, reachable) / perPage)),
  };
}

/** GET /api/content/video_projects without a search text: filters, sort, pages of 12. */
export async function listVideos(ctx: CatalogueContext, filter: CatalogueFilter, locale: Locale): Promise<VideoListResponse> {
  const where = filterClause(filter);
  const [rows, count] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(p)
      .where(where)
      .orderBy(...orderFor(filter.sort))
      .limit(filter.per_page)
      .offset((filter.page - 1) * filter.per_page),
    cappedCount(ctx.db, where),
  ]);
  return { videos: await summaries(ctx.db, rows, locale), ...pageInfo(count, filter.page, filter.per_page) };
}

/**
 * Full-text search (issue #4): the text matches the weighted document in any language's
 * configuration; results rank by relevance and recency among the newest RANK_CAP matches.
 */
export async function searchVideos(
  ctx: CatalogueContext,
  filter: CatalogueFilter,
  locale: Locale,
  who: { userId: number | null },
): Promise<SearchResponse> {
  const text = searchText(filter.search);
  if (!text) {
    const listed = await listVideos(ctx, filter, locale);
    return {
      ...listed,
      entities: listed.videos.map((video) => ({ ...video, entity_type: 'video' as const })),
      videos_count: listed.count,
      lives_count: 0,
      search_key: null,
    };
  }
  const query = tsQuery(text);
  const where = and(sql`${p.searchVector} @@ ${query}`, filterClause(filter));
  const candidates = ctx.db
    .select({ id: p.id, publishedAt: p.publishedAt, searchVector: p.searchVector })
    .from(p)
    .where(where)
    .orderBy(desc(p.publishedAt))
    .limit(RANK_CAP)
    .as('candidates');
  const ageDays = sql`extract(epoch from (${ctx.now()}::timestamptz - ${candidates.publishedAt})) / 86400.0`;
  const score = sql<number>`ts_rank(${candidates.searchVector}, ${query}) * (0.5 + 0.5 / (1 + greatest(${ageDays}, 0) / 14.0))`;
  const order = filter.sort && filter.sort !== 'relevance' ? null : score;
  const ranked = await ctx.db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(...(order ? [desc(order), desc(candidates.publishedAt)] : [desc(candidates.publishedAt)]))
    .limit(filter.per_page)
    .offset((filter.page - 1) * filter.per_page);
  const ids = ranked.map((row) => row.id);
  const [rows, count] = await Promise.all([
    ids.length ? ctx.db.select(summaryColumns).from(p).where(inArray(p.id, ids)) : Promise.resolve([] as SummaryRow[]),
    cappedCount(ctx.db, where),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row): row is SummaryRow => row !== undefined);
  const videos = await summaries(ctx.db, filter.sort && filter.sort !== 'relevance' ? sortRows(ordered, filter.sort) : ordered, locale);

  const searchKey = randomUUID();
  const { search: _text, page: _page, per_page: _perPage, ...filters } = filter;
  await ctx.db.insert(searches).values({ id: searchKey, query: text, filters, results: count, userId: who.userId, createdAt: ctx.now() });
  return {
    videos,
    ...pageInfo(count, filter.page, filter.per_page, RANK_CAP),
    entities: videos.map((video) => ({ ...video, entity_type: 'video' as const })),
    videos_count: Math.min(count, COUNT_CAP),
    lives_count: 0,
    search_key: searchKey,
  };
}

function sortRows(rows: SummaryRow[], sort: VideoSearchQuery['sort']): SummaryRow[] {
  const sorted = [...rows];
  if (sort === 'oldest') sorted.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  if (sort === 'longest') sorted.sort((a, b) => b.duration - a.duration);
  if (sort === 'shortest') sorted.sort((a, b) => a.duration - b.duration);
  return sorted;
}

/**
 * Suggestions (spec: content §2): only for text longer than 3 characters; the closest titles by
 * trigram word similarity, found through the GiST index without scanning every match.
 */
export async function suggest(ctx: CatalogueContext, search: string) {
  const text = search.replace(/\s+/g, ' ').trim();
  if ([...text].length < SUGGEST_MIN_LENGTH) return [];
  const rows = await ctx.db
    .select({ id: p.id, title: p.title, project_slug: p.projectSlug, distance: sql<number>`${text} <<-> ${p.title}` })
    .from(p)
    .orderBy(sql`${text} <<-> ${p.title}`)
    .limit(10);
  return rows.filter((row) => row.distance < 0.7).map(({ id, title, project_slug }) => ({ id, title, project_slug }));
}

/** A search hit for statistics; without a search id it fails (spec: content §7). */
export async function recordSearchHit(
  ctx: CatalogueContext,
  input: { search_id: string; video: number; event_type: string },
  who: { userId: number | null },
) {
  const [search] = await ctx.db.select({ id: searches.id }).from(searches).where(eq(searches.id, input.search_id));
  if (!search) throw new Invalid({ code: 'unknown_search', field: 'search_id', message: 'is not a search of ours' });
  const [project] = await ctx.db.select({ id: p.id }).from(p).where(eq(p.id, input.video));
  if (!project) throw new NotFound({ code: 'video_not_found', message: 'Video not found' });
  await ctx.db.insert(searchStatistics).values({
    searchId: input.search_id,
    projectId: input.video,
    eventType: input.event_type,
    userId: who.userId,
    createdAt: ctx.now(),
  });
}

/** One project by numeric id, slug or agency project id (banners refer to it by the latter). */
export function projectWhere(idOrSlug: string): SQL | undefined {
  return /^\d+$/.test(idOrSlug)
    ? or(eq(p.id, Number(idOrSlug)), eq(p.projectSlug, idOrSlug))
    : or(eq(p.projectSlug, idOrSlug), eq(p.projectId, idOrSlug));
}
