import { parseId } from '../../../common/validators.ts';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SUGGEST_MIN_LENGTH, type SearchResponse, type Suggestion, type VideoSearchQuery } from '../../../common/catalogue.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { filterClause, listedProject, searchText, tsQuery, type CatalogueFilter } from './filters.ts';
import { searches, searchStatistics, videoProjects } from './schema.ts';
import { cardColumns, previewImageUrl, summaries, type ReferenceTables } from './views.ts';
import { livesMatching } from '../live/events.ts';
import { correctedText } from './search-correction.ts';
import { listVideos } from './list.ts';

/** A search ranks at most this many matches, the newest, so common terms stay fast. */
export const RANK_CAP = 100;

export type CatalogueContext = {
  db: Db;
  now: () => Date;
  reference?: ReferenceTables;
  memo?: <V>(key: string, load: () => Promise<V>) => Promise<V>;
};
/** Searching also signs search keys. */
export type SearchContext = CatalogueContext & { secret: string };

const p = videoProjects;

/**
 * Full-text search (issue #4): the text matches the weighted document in any language's
 * configuration. The newest RANK_CAP matches are ranked by relevance and recency; a common term
 * therefore costs a bounded scan, and its count is reported as "more than RANK_CAP".
 *
 * With `forgiveTypos` (the search page's call), a text that finds nothing is searched again with the
 * closest known words, and the answer names them in `corrected_query` (issue 28 "Discovery"); the
 * caller's `exact` asks for the text as typed. Only an empty answer pays for the second look.
 */
export async function searchVideos(
  ctx: SearchContext,
  query: CatalogueFilter,
  locale: Locale,
  userId: number | null,
  options: { forgiveTypos?: boolean } = {},
): Promise<SearchResponse> {
  const { exact = false, ...filter } = query;
  const text = searchText(filter.search);
  if (!text) {
    const listed = await listVideos(ctx, filter, locale);
    return {
      ...listed,
      entities: listed.videos.map((video) => ({ ...video, entity_type: 'video' as const })),
      videos_count: listed.count,
      lives: [],
      lives_count: 0,
      search_key: null,
      corrected_query: null,
    };
  }
  const found = await searchFor(ctx, filter, text, locale, userId);
  const foundNothing = (answer: SearchResponse) => answer.count === 0 && answer.lives_count === 0;
  if (!options.forgiveTypos || !foundNothing(found)) return { ...found, corrected_query: null };
  const corrected = exact ? null : await correctedText(ctx, text);
  const retried = corrected ? await searchFor(ctx, { ...filter, search: corrected }, corrected, locale, userId) : null;
  if (retried && !foundNothing(retried)) return { ...retried, corrected_query: corrected };
  if (found.search_key) await keepEmptySearch(ctx, found.search_key, userId);
  return { ...found, corrected_query: null };
}

/**
 * A search page's search that found nothing, even corrected, is kept at once (a search with
 * results is kept with its first hit): the business desk's report lists them (issue 29, Reports).
 */
async function keepEmptySearch(ctx: SearchContext, key: string, userId: number | null) {
  const search = readSearchKey(ctx.secret, key);
  if (!search) return;
  await ctx.db
    .insert(searches)
    .values({
      id: createHash('sha256').update(key).digest('base64url'),
      query: search.query,
      filters: search.filters,
      results: 0,
      userId,
      createdAt: new Date(search.at),
    })
    .onConflictDoNothing();
}

/** One search for the text as given. */
async function searchFor(
  ctx: SearchContext,
  filter: CatalogueFilter,
  text: string,
  locale: Locale,
  userId: number | null,
): Promise<SearchResponse> {
  // The query is built once and sent back as a value: the planner then estimates how common the
  // words are (and picks the right plan), and the text functions do not run for every row.
  const remember = ctx.memo ?? (<V>(_key: string, load: () => Promise<V>) => load());
  const built = await remember(`tsquery:${text}`, async () => {
    const [row] = await ctx.db.select({ query: sql<string>`(${tsQuery(text)})::text` }).from(sql`(values (1)) as one (x)`);
    return row?.query ?? '';
  });
  const query = sql`${built}::tsquery`;
  const where = and(sql`${p.searchVector} @@ ${query}`, filterClause(filter));
  const { search: _search, page: _p, per_page: _pp, ...scope } = filter;
  const rows = await newestMatches(ctx, where, query, `${built}|${JSON.stringify(scope)}`);
  const capped = rows.length > RANK_CAP;
  const now = ctx.now().getTime();
  const score = (row: (typeof rows)[number]) =>
    row.rank * (0.5 + 0.5 / (1 + Math.max(0, now - row.publishedAt.getTime()) / (14 * 86_400_000)));
  const ranked = sortCandidates(rows.slice(0, RANK_CAP), filter.sort, score);
  const ids = ranked.slice((filter.page - 1) * filter.per_page, filter.page * filter.per_page).map((row) => row.id);
  const found = ids.length ? await ctx.db.select(cardColumns).from(p).where(inArray(p.id, ids)) : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const videos = await summaries(
    ctx.db,
    ids.flatMap((id) => byId.get(id) ?? []),
    locale,
    ctx.reference,
  );
  const count = Math.min(rows.length, RANK_CAP);
  const { search: _text, page: _page, per_page: _perPage, ...filters } = filter;
  const searchKey = signSearchKey(ctx.secret, { query: text, filters, results: count, at: now });
  return {
    videos,
    count,
    count_capped: capped,
    page: filter.page,
    per_page: filter.per_page,
    pages: Math.max(1, Math.ceil(count / filter.per_page)),
    entities: videos.map((video) => ({ ...video, entity_type: 'video' as const })),
    videos_count: count,
    ...(await livesMatching(ctx, text, userId, locale)),
    search_key: searchKey,
  };
}

type Candidate = { id: number; publishedAt: Date; duration: number; rank: number };

/** Below this many expected matches, one pass over all of them is cheaper than windows. */
const FEW_MATCHES = 3_000;

/** The planner's estimate of how many rows a condition matches (one planning round trip). */
async function estimatedRows(ctx: CatalogueContext, where: SQL | undefined): Promise<number> {
  const result: unknown = await ctx.db.execute(sql`explain (format json) select 1 from ${p} where ${where}`);
  const rows = rowsOf(result);
  const plan: unknown = rows[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined) : undefined;
  const estimate = top?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' ? estimate : Number.POSITIVE_INFINITY;
}

/**
 * The newest RANK_CAP + 1 matches, looked for window by window: a common word fills the first week
 * at once, a rare one is found by the index in every window. Either way the database reads about
 * as many rows as it returns, instead of walking a long date index past non-matching rows.
 */
async function newestMatches(ctx: CatalogueContext, where: SQL | undefined, query: SQL, scopeKey: string): Promise<Candidate[]> {
  const remember = ctx.memo ?? (<V>(_key: string, load: () => Promise<V>) => load());
  const columns = { id: p.id, publishedAt: p.publishedAt, duration: p.duration, rank: sql<number>`ts_rank(${p.searchVector}, ${query})` };
  const expected = await remember(`estimate:${scopeKey}`, () => estimatedRows(ctx, where));
  if (expected <= FEW_MATCHES) {
    // Few matches: fetch them all through the text index and keep the newest. Ordering by an
    // expression keeps the planner from walking the date index instead.
    return ctx.db
      .select(columns)
      .from(p)
      .where(where)
      .orderBy(desc(sql`${p.publishedAt} + interval '0 seconds'`))
      .limit(RANK_CAP + 1);
  }
  // Many matches: the first window, back from the newest publication, is sized to hold about twice
  // what is needed at the expected matches per day; a further window is sized the same way from
  // the matches per day the windows so far found, so each reads about as many rows as it returns
  // (a window four times as long read every match in it: 40 ms for a medium word at 1M).
  const span = await remember('span', async () => {
    const [row] = await ctx.db
      .select({ oldest: sql<Date | null>`min(${p.publishedAt})`, newest: sql<Date | null>`max(${p.publishedAt})` })
      .from(p);
    return { oldest: row?.oldest ? new Date(row.oldest).getTime() : null, newest: row?.newest ? new Date(row.newest).getTime() : null };
  });
  // Anything published after the span was read is in the first window, whose newer end is open.
  const anchor = Math.min(ctx.now().getTime(), span.newest ?? Number.POSITIVE_INFINITY);
  const spanDays = Math.max(1, (anchor - (span.oldest ?? anchor)) / 86_400_000);
  const wanted = RANK_CAP + 1;
  // The window that sufficed last time for the same words and filters: each window costs a walk of
  // the words' whole entry in the text index (5 ms for a medium word at 1M), and the planner's
  // estimate can be a few times off, which the first search of a minute pays for with a second window.
  const learned = await remember(`window:${scopeKey}`, async () => ({ days: 0 }));
  let days = learned.days || Math.max(1, Math.ceil((2 * wanted * spanDays) / expected));
  const rows: Candidate[] = [];
  let newer: Date | null = null;
  for (;;) {
    const older = days >= spanDays ? null : new Date(anchor - days * 86_400_000);
    const found = await ctx.db
      .select(columns)
      .from(p)
      .where(and(where, older ? gte(p.publishedAt, older) : undefined, newer ? lt(p.publishedAt, newer) : undefined))
      .orderBy(desc(p.publishedAt))
      .limit(wanted - rows.length);
    rows.push(...found);
    if (rows.length >= wanted || older === null) {
      learned.days = days;
      return rows;
    }
    newer = older;
    days += rows.length ? Math.max(1, Math.ceil((2 * (wanted - rows.length) * days) / rows.length)) : 3 * days;
  }
}

/** Orders the ranked candidates: by score (relevance, the default for a search) or by a chosen sort. */
function sortCandidates<T extends Candidate>(rows: T[], sort: VideoSearchQuery['sort'], score: (row: T) => number): T[] {
  const sorted = [...rows];
  const newer = (a: T, b: T) => b.publishedAt.getTime() - a.publishedAt.getTime();
  if (sort === 'newest') sorted.sort(newer);
  else if (sort === 'oldest') sorted.sort((a, b) => -newer(a, b));
  else if (sort === 'longest') sorted.sort((a, b) => b.duration - a.duration || newer(a, b));
  else if (sort === 'shortest') sorted.sort((a, b) => a.duration - b.duration || newer(a, b));
  else sorted.sort((a, b) => score(b) - score(a) || newer(a, b));
  return sorted;
}

/**
 * Suggestions (spec: content §2): only for text longer than 3 characters; the closest titles by
 * trigram word similarity, found through the GiST index without scanning every match. Each comes
 * with its language, publication, length and poster, for the box to show (issue 28 "Discovery").
 */
export async function suggest(ctx: CatalogueContext, search: string): Promise<Suggestion[]> {
  const text = search.replace(/\s+/g, ' ').trim();
  if ([...text].length < SUGGEST_MIN_LENGTH) return [];
  const rows = await ctx.db
    .select({
      id: p.id,
      title: p.title,
      projectSlug: p.projectSlug,
      language: p.language,
      publishedAt: p.publishedAt,
      duration: p.duration,
      previewImage: p.previewImage,
      distance: sql<number>`${text} <<-> ${p.title}`,
    })
    .from(p)
    .where(listedProject)
    .orderBy(sql`${text} <<-> ${p.title}`)
    .limit(10);
  return rows
    .filter((row) => row.distance < 0.7)
    .map((row) => ({
      id: row.id,
      title: row.title,
      project_slug: row.projectSlug,
      language: row.language,
      published_at: row.publishedAt.toISOString(),
      duration: row.duration,
      selected_preview_image: previewImageUrl(row),
    }));
}

type SearchKeyBody = { query: string; filters: Record<string, unknown>; results: number; at: number };

/**
 * The search key (spec: content §3 "search_key") carries the search itself, signed, so answering a
 * search writes nothing; the search is stored with its first statistics hit.
 */
export function signSearchKey(secret: string, body: SearchKeyBody): string {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32)}`;
}

function readSearchKey(secret: string, key: string): SearchKeyBody | null {
  const [payload = '', signature = ''] = key.split('.');
  const expected = createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SearchKeyBody;
  } catch {
    return null;
  }
}

/** A search hit for statistics; without a search id it fails (spec: content §7). */
export async function recordSearchHit(
  ctx: SearchContext,
  input: { search_id: string; video: number; event_type: string },
  who: { userId: number | null },
) {
  const search = readSearchKey(ctx.secret, input.search_id);
  if (!search) throw new Invalid({ code: 'unknown_search', field: 'search_id', message: 'is not a search of ours' });
  const [project] = await ctx.db.select({ id: p.id }).from(p).where(eq(p.id, input.video));
  if (!project) throw new NotFound({ code: 'video_not_found', message: 'Video not found' });
  const searchId = createHash('sha256').update(input.search_id).digest('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(searches)
      .values({
        id: searchId,
        query: search.query,
        filters: search.filters,
        results: search.results,
        userId: who.userId,
        createdAt: new Date(search.at),
      })
      .onConflictDoNothing();
    await tx
      .insert(searchStatistics)
      .values({ searchId, projectId: input.video, eventType: input.event_type, userId: who.userId, createdAt: ctx.now() });
  });
}

/** One project by numeric id, slug or agency project id (banners refer to it by the latter). */
export function projectWhere(idOrSlug: string): SQL | undefined {
  const id = parseId(idOrSlug);
  return id !== null ? projectNamedBy({ id, slug: idOrSlug }) : projectNamedBy({ slug: idOrSlug });
}

/**
 * The listed project a call names: by its id (or a slug that is a number) when it gives an id,
 * else by its slug or its agency id. The values may be a prepared statement's placeholders or fields.
 */
export function projectNamedBy(named: { id?: number | Placeholder | SQL; slug: string | Placeholder | SQL }): SQL | undefined {
  const { id, slug } = named;
  return and(
    listedProject,
    id !== undefined ? or(eq(p.id, id), eq(p.projectSlug, slug)) : or(eq(p.projectSlug, slug), eq(p.projectId, slug)),
  );
}
