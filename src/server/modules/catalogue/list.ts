import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { CATALOGUE_PAGE_SIZE, type VideoListResponse, type VideoSearchQuery } from '../../../common/catalogue.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { filterClauses, listedProject, type CatalogueFilter } from './filters.ts';
import { videoProjects } from './schema.ts';
import type { CatalogueContext } from './search.ts';
import { summaries, summaryColumns, tagIdsOf } from './views.ts';

/** The catalogue's list without a search text: filters, sorts, pages and their capped count. */

/** Counting stops here: "more than 1,000" is as useful as an exact figure and costs a bounded index scan. */
export const COUNT_CAP = 1_000;
const p = videoProjects;

/** The order of a video list's sort (newest first by default). */
export function orderFor(sort: VideoSearchQuery['sort']): SQL[] {
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

type ListBounds = { limit: number | Placeholder; offset: number | Placeholder; cap: number | Placeholder };

/**
 * The list's one statement: the page, each of its stories' tags, and the capped count (a one-row
 * subquery, computed once), so an uncached page is one round trip to the database. The page is
 * chosen by id (the offset walks the index, not the stories' rows), then its stories are read:
 * their columns are the table's own, which Drizzle maps at a fraction of a subquery's cost.
 */
function listStatement(db: Db, where: SQL | undefined, sort: VideoSearchQuery['sort'], bounds: ListBounds) {
  const page = db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(...orderFor(sort))
    .limit(bounds.limit)
    .offset(bounds.offset)
    .as('page');
  const matches = db
    .select({ one: sql`1` })
    .from(p)
    .where(where)
    .limit(bounds.cap)
    .as('matches');
  const counted = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(matches)
    .as('counted');
  return db
    .select({ ...summaryColumns, tagIds: tagIdsOf(p.id), counted: counted.n })
    .from(page)
    .innerJoin(p, eq(p.id, page.id))
    .innerJoin(counted, sql`true`)
    .orderBy(...orderFor(sort));
}

const PLACEHOLDERS: ListBounds = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), cap: sql.placeholder('cap') };
const SORTS = ['newest', 'oldest', 'longest', 'shortest'] as const;
type Sort = (typeof SORTS)[number];
const prepareUnfiltered = (sort: Sort, bounds: ListBounds, name: string) =>
  preparedPerDatabase((db) => listStatement(db, listedProject, sort, bounds).prepare(name));

/**
 * The unfiltered catalogue, every visitor's first page, in each sort: its statement has one shape,
 * so it is built and prepared once per database (db/prepared.ts), not on every call.
 */
const unfilteredList = Object.fromEntries(SORTS.map((sort) => [sort, prepareUnfiltered(sort, PLACEHOLDERS, `catalogue_list_${sort}`)]));

/**
 * A number written into a statement's text, where Drizzle takes a placeholder (its limit and
 * offset embed any SQL object as they would a placeholder).
 */
const literal = (value: number) => sql.raw(String(Math.trunc(value))) as unknown as Placeholder;

/** The first pages of 12 of the unfiltered list, in each sort, have statements of their own. */
const LITERAL_PAGES = 3;
/**
 * Their bounds are written into the statement, so it has no parameter: PostgreSQL plans such a
 * statement once per connection, where one with parameters is planned again on every call (its
 * generic plan, blind to the limit, reads the whole table; docs/performance.md). Planning was half
 * of the database's time for a visitor's uncached first page.
 */
const firstPages = Object.fromEntries(
  SORTS.map((sort) => [
    sort,
    Array.from({ length: LITERAL_PAGES }, (_, index) =>
      prepareUnfiltered(
        sort,
        { limit: literal(CATALOGUE_PAGE_SIZE), offset: literal(index * CATALOGUE_PAGE_SIZE), cap: literal(COUNT_CAP + 1) },
        `catalogue_list_${sort}_page_${index + 1}`,
      ),
    ),
  ]),
);

/** The statement prepared for an unfiltered list's page, if it has one. */
function unfilteredStatement(filter: CatalogueFilter) {
  const sort = filter.sort === 'relevance' ? 'newest' : (filter.sort ?? 'newest');
  return filter.per_page === CATALOGUE_PAGE_SIZE ? (firstPages[sort]?.[filter.page - 1] ?? unfilteredList[sort]) : unfilteredList[sort];
}

/** GET /api/content/video_projects without a search text: filters, sort, pages of 12. */
export async function listVideos(ctx: CatalogueContext, filter: CatalogueFilter, locale: Locale): Promise<VideoListResponse> {
  const clauses = filterClauses(filter);
  const bounds = { limit: filter.per_page, offset: (filter.page - 1) * filter.per_page, cap: COUNT_CAP + 1 };
  const prepared = clauses.length === 1 ? unfilteredStatement(filter) : undefined;
  const rows = prepared ? await prepared(ctx.db).execute(bounds) : await listStatement(ctx.db, and(...clauses), filter.sort, bounds);
  // A page past the last has no row to carry the count.
  const count = rows[0]?.counted ?? (await cappedCount(ctx.db, and(...clauses)));
  return { videos: await summaries(ctx.db, rows, locale, ctx.reference), ...pageInfo(count, filter.page, filter.per_page) };
}
