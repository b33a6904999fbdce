import { createHash } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentApiQuery, NinjsItem } from '../../../common/content-api.ts';
import type { Locale } from '../../../common/locales.ts';
import type { SiteVariant } from '../../../common/site.ts';
import { parseId } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { Memo } from '../../lib/memo.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { filterClause, searchText } from '../catalogue/filters.ts';
import { videoProjects as p } from '../catalogue/schema.ts';
import { searchVideos, type SearchContext } from '../catalogue/search.ts';
import { summaries } from '../catalogue/views.ts';
import { liveEvents } from '../live/schema.ts';
import { contentItems as ci } from '../newsroom/schema.ts';
import {
  callerOffer,
  itemWritten,
  licensableFiles,
  offeredVideos,
  offerOfOne,
  writtenItem,
  type CallerOffer,
} from './content-renditions.ts';
import type { SharedStories, WrittenItem } from './content-stories.ts';
import { liveItem, storyItem, type StoryRow } from './ninjs.ts';

/** With the catalogue's reference tables and search memo kept per process, as its own routes keep them. */
export type ContentApiContext = Pick<ServiceContext, 'db' | 'clock' | 'secret'> &
  Pick<SearchContext, 'reference' | 'memo'> & { stories: SharedStories; pages: Memo<string, StoryPage> };
export type ContentApiCaller = { user: UserRow; locale: Locale; origin: string; site: SiteVariant };

type Direction = 'asc' | 'desc';
/** Where a page ended: the last item's versioncreated and id, the direction, or a search's next page. */
type Cursor = { k: string; i: number; d: Direction; t: 'video' | 'live' } | { p: number };

const badCursor = () => new Invalid({ code: 'invalid_cursor', field: 'cursor', message: 'The cursor is not one this API gave' });

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object') {
      const c = parsed as Record<string, unknown>;
      if (typeof c.p === 'number' && Number.isInteger(c.p) && c.p >= 1 && c.p <= 10_000) return { p: c.p };
      if (
        typeof c.k === 'string' &&
        !Number.isNaN(Date.parse(c.k)) &&
        typeof c.i === 'number' &&
        Number.isInteger(c.i) &&
        (c.d === 'asc' || c.d === 'desc') &&
        (c.t === 'video' || c.t === 'live')
      )
        return { k: c.k, i: c.i, d: c.d, t: c.t };
    }
  } catch {
    // Not base64url JSON: answered below as the caller's mistake.
  }
  throw badCursor();
}

type Keyed = { id: number; key: Date };

/**
 * A kill or a withholding is news too (ninjs: a version whose pubstatus changed), so a withdrawn
 * story's versioncreated is when it was withdrawn; a listed one's is its last revision's.
 */
const newsroomKey = sql<Date>`case when ${ci.state} in ('withheld', 'killed') then ${ci.updatedAt} else ${ci.versionCreatedAt} end`;
const withdrawn = sql`${ci.state} in ('withheld', 'killed')`;

/** One page of a key-set ordered stream: (key, id) after the cursor in the direction, as a row comparison an index can serve. */
function after(key: SQL | AnyPgColumn, id: AnyPgColumn, cursor: { k: string; i: number } | null, direction: Direction) {
  if (!cursor) return undefined;
  const beyond = direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${key}, ${id}) ${beyond} (${new Date(cursor.k).toISOString()}::timestamptz, ${cursor.i})`;
}

/**
 * Stories in versioncreated order, a page after the cursor. Two streams, each read through an index
 * in its own order and merged: the catalogue's own stories (no newsroom item: versioncreated is the
 * publication, video_projects_published_idx) and the desk's (versioncreated from content_items).
 * With `since`, withdrawn stories are in it whatever the filters, so every newsroom hears of a kill.
 */
async function storyPage(ctx: ContentApiContext, query: ContentApiQuery, cursor: { k: string; i: number } | null, limit: number) {
  const direction: Direction = query.since ? 'asc' : 'desc';
  const order = direction === 'asc' ? asc : desc;
  const since = query.since ? new Date(query.since) : null;
  const filter = filterClause(query);
  const own = ctx.db
    .select({ id: p.id, key: p.publishedAt })
    .from(p)
    .where(
      and(
        filter,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(ci)
            .where(eq(ci.videoProjectId, p.id)),
        ),
        since ? gt(p.publishedAt, since) : undefined,
        after(p.publishedAt, p.id, cursor, direction),
      ),
    )
    .orderBy(order(p.publishedAt), order(p.id))
    .limit(limit + 1);
  const desk = ctx.db
    .select({ id: p.id, key: newsroomKey })
    .from(ci)
    .innerJoin(p, eq(p.id, ci.videoProjectId))
    .where(
      and(
        isNotNull(ci.versionCreatedAt),
        since ? or(filter, withdrawn) : filter,
        since ? sql`${newsroomKey} > ${since.toISOString()}::timestamptz` : undefined,
        after(newsroomKey, p.id, cursor, direction),
      ),
    )
    .orderBy(order(newsroomKey), order(p.id))
    .limit(limit + 1);
  const [ownRows, deskRows] = await Promise.all([own, desk]);
  const sign = direction === 'asc' ? 1 : -1;
  const merged: Keyed[] = [...ownRows, ...deskRows]
    .map((row) => ({ id: row.id, key: new Date(row.key) }))
    .sort((a, b) => sign * (a.key.getTime() - b.key.getTime() || a.id - b.id));
  return { rows: merged.slice(0, limit), more: merged.length > limit, direction };
}
export type StoryPage = Awaited<ReturnType<typeof storyPage>>;

/** Full story rows for ids, in the order given: the catalogue's columns, names, and the newsroom's item. */
export async function storyRows(ctx: Pick<ContentApiContext, 'db' | 'reference'>, ids: number[], locale: Locale): Promise<StoryRow[]> {
  if (ids.length === 0) return [];
  const { searchVector: _vector, ...columns } = getTableColumns(p);
  const rows = await ctx.db
    .select({ project: columns, item: ci })
    .from(p)
    .leftJoin(ci, eq(ci.videoProjectId, p.id))
    .where(inArray(p.id, ids));
  // A full row holds every column a summary names: the catalogue's own names for tags, category, country.
  const named = await summaries(
    ctx.db,
    rows.map(({ project }) => project),
    locale,
    ctx.reference,
  );
  const names = new Map(named.map((summary) => [summary.id, summary]));
  const byId = new Map(rows.map((row) => [row.project.id, row]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    const summary = names.get(id);
    if (!found || !summary) return [];
    const { project, item } = found;
    return [
      {
        ...project,
        tags: summary.tags.map((tag) => ({ slug: tag.slug, name: tag.name })),
        category: summary.category ? { slug: summary.category.slug, name: summary.category.name } : null,
        country: summary.country ? { code: summary.country.code, name: summary.country.name } : null,
        item:
          item?.versionCreatedAt && item.revision > 0
            ? {
                guid: item.guid,
                revision: item.revision,
                state: item.state,
                firstPublishedAt: item.firstPublishedAt,
                versionCreatedAt: ['withheld', 'killed'].includes(item.state) ? item.updatedAt : item.versionCreatedAt,
              }
            : null,
      },
    ];
  });
}

/** A page's stories as JSON, each written once for every caller offered the same files (content-renditions.ts writtenItem). */
async function storyItems(ctx: ContentApiContext, caller: ContentApiCaller, offer: CallerOffer, ids: number[]): Promise<WrittenItem[]> {
  const load = async (missing: number[], locale: Locale) => {
    const [rows, offered] = await Promise.all([storyRows(ctx, missing, locale), offeredVideos(ctx, missing)]);
    return { rows, offered };
  };
  const stories = await ctx.stories(ctx.db, load, ids, caller.locale);
  const files = await licensableFiles(ctx, caller, offer, stories);
  const now = ctx.clock.now();
  return stories.map((story) => writtenItem(story, files.get(story.row.id) ?? [], caller.origin, now));
}

/**
 * The list's answer as it is sent: items already written as JSON, joined as bytes (a
 * ContentApiList), and its ETag, made of the items' hashes (not of the whole text again), so a
 * system polling with If-None-Match hears 304 while nothing it would see changed.
 */
export type WrittenList = { body: Buffer; etag: string };
const LIST_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');
function writtenList(items: WrittenItem[], nextCursor: string | null): WrittenList {
  const cursor = JSON.stringify(nextCursor);
  const parts = items.flatMap((item, index) => (index === 0 ? [item.json] : [COMMA, item.json]));
  return {
    body: Buffer.concat([LIST_OPEN, ...parts, Buffer.from(`],"next_cursor":${cursor}}`)]),
    etag: `W/"${createHash('sha1')
      .update(`${items.map((item) => item.hash).join(',')}|${cursor}`)
      .digest('base64url')}"`,
  };
}

const liveColumns = {
  id: liveEvents.id,
  slug: liveEvents.slug,
  title: liveEvents.title,
  description: liveEvents.description,
  status: liveEvents.status,
  startAt: liveEvents.startAt,
  location: liveEvents.location,
  languages: liveEvents.languages,
  createdAt: liveEvents.createdAt,
  updatedAt: liveEvents.updatedAt,
};

async function livePage(ctx: ContentApiContext, query: ContentApiQuery, cursor: { k: string; i: number } | null, limit: number) {
  const direction: Direction = query.since ? 'asc' : 'desc';
  const order = direction === 'asc' ? asc : desc;
  const rows = await ctx.db
    .select(liveColumns)
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.visible, true),
        query.since ? gt(liveEvents.updatedAt, new Date(query.since)) : undefined,
        after(liveEvents.updatedAt, liveEvents.id, cursor, direction),
      ),
    )
    .orderBy(order(liveEvents.updatedAt), order(liveEvents.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit, direction };
}

/**
 * GET /api/v1/content. With a search text the catalogue's own search answers (the same items in the
 * same order as the search page; its pages are the cursor); else the feed in versioncreated order,
 * newest first, or oldest first after `since` (incremental sync). Answers the JSON of a
 * ContentApiList as it is sent (its stories written once for every caller offered the same files), with its ETag.
 */
export async function listContent(ctx: ContentApiContext, caller: ContentApiCaller, query: ContentApiQuery): Promise<WrittenList> {
  const cursor = decodeCursor(query.cursor);
  const text = searchText(query.search);
  if (text) {
    if (query.since || query.type === 'live')
      throw new Invalid({
        code: 'search_with_since',
        field: 'since',
        message: 'A text search pages by relevance: leave out since and type',
      });
    if (cursor && !('p' in cursor)) throw badCursor();
    const page = cursor && 'p' in cursor ? cursor.p : 1;
    // The caller's agreements, logo and day's count do not depend on the page: read beside it.
    const [found, offer] = await Promise.all([
      searchVideos(
        { db: ctx.db, now: () => ctx.clock.now(), secret: ctx.secret, reference: ctx.reference, memo: ctx.memo },
        { ...query, page, per_page: query.limit },
        caller.locale,
        caller.user.id,
      ),
      callerOffer(ctx, caller),
    ]);
    const items = await storyItems(
      ctx,
      caller,
      offer,
      found.videos.map((video) => video.id),
    );
    return writtenList(items, page < found.pages ? encodeCursor({ p: page + 1 }) : null);
  }
  if (cursor && ('p' in cursor || cursor.t !== query.type || cursor.d !== (query.since ? 'asc' : 'desc'))) throw badCursor();
  const position = cursor && !('p' in cursor) ? cursor : null;
  if (query.type === 'live') {
    const { rows, more, direction } = await livePage(ctx, query, position, query.limit);
    const last = rows.at(-1);
    return writtenList(
      rows.map((row) => itemWritten(liveItem({ ...row, endedAt: null }))),
      more && last ? encodeCursor({ k: last.updatedAt.toISOString(), i: last.id, d: direction, t: 'live' }) : null,
    );
  }
  // The page is the same for every caller: kept a few seconds and forgotten on any catalogue change.
  const page = () => ctx.pages(JSON.stringify([query, position]), () => storyPage(ctx, query, position, query.limit));
  const [{ rows, more, direction }, offer] = await Promise.all([page(), callerOffer(ctx, caller)]);
  const last = rows.at(-1);
  const items = await storyItems(
    ctx,
    caller,
    offer,
    rows.map((row) => row.id),
  );
  return writtenList(items, more && last ? encodeCursor({ k: last.key.toISOString(), i: last.id, d: direction, t: 'video' }) : null);
}

const notFound = () => new NotFound({ code: 'content_not_found', message: 'No such item' });

/**
 * GET /api/v1/content/{id}: a story by its id, slug, agency project id or uri, or a live event
 * (live-{id}). A withdrawn story is still answered, with its pubstatus and no files.
 */
export async function getContent(ctx: ContentApiContext, caller: ContentApiCaller, id: string): Promise<NinjsItem> {
  const live = /^live-(\d+)$/.exec(id) ?? /^urn:newsreel:live:(\d+)$/.exec(id);
  if (live) {
    const eventId = parseId(live[1] ?? '');
    const [row] = eventId
      ? await ctx.db
          .select(liveColumns)
          .from(liveEvents)
          .where(and(eq(liveEvents.id, eventId), eq(liveEvents.visible, true)))
      : [];
    if (!row) throw notFound();
    return liveItem({ ...row, endedAt: null });
  }
  const fromUri = /^urn:newsreel:video:(\d+)$/.exec(id)?.[1];
  const numeric = parseId(fromUri ?? id);
  const [found] = await ctx.db
    .select({ id: p.id })
    .from(p)
    .leftJoin(ci, eq(ci.videoProjectId, p.id))
    .where(numeric !== null ? eq(p.id, numeric) : or(eq(p.projectSlug, id), eq(p.projectId, id), eq(ci.guid, id)));
  if (!found) throw notFound();
  const [row] = await storyRows(ctx, [found.id], caller.locale);
  if (!row) throw notFound();
  const files = row.item && row.item.state !== 'published' && row.item.state !== 'corrected' ? [] : await offerOfOne(ctx, caller, row);
  return storyItem(row, files, ctx.clock.now());
}
