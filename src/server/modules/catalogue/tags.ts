import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { listedProject } from './filters.ts';
import { CATALOGUE_PAGE_SIZE, type Tag } from '../../../common/catalogue.ts';
import type { Locale } from '../../../common/locales.ts';
import { NotFound } from '../../http/errors.ts';
import type { VideoSort } from '../../../common/catalogue-values.ts';
import { orderFor } from './list.ts';
import type { CatalogueContext } from './search.ts';
import { tags, tagSubscriptions, videoProjects, videoProjectTags } from './schema.ts';
import { cardColumns, summaries } from './views.ts';
import { taggedEvents } from '../live/events.ts';

type TagRow = typeof tags.$inferSelect;
const tagNotFound = () => new NotFound({ code: 'tag_not_found', message: 'Tag not found' });

function tagImage(tag: TagRow) {
  const url = tag.imageUrl ?? `/media/tags/${tag.slug}.svg`;
  return { url, original: { url } };
}

function tagView(tag: TagRow, locale: Locale, projectsCount: number, followed: boolean): Tag {
  return {
    id: tag.id,
    slug: tag.slug,
    name: tag.names[locale] || tag.names.en,
    view_type: tag.viewType,
    image: tagImage(tag),
    projects_count: projectsCount,
    followed,
  };
}

async function followedTagIds(ctx: CatalogueContext, userId: number | null): Promise<Set<number>> {
  if (userId === null) return new Set();
  const rows = await ctx.db.select({ tagId: tagSubscriptions.tagId }).from(tagSubscriptions).where(eq(tagSubscriptions.userId, userId));
  return new Set(rows.map((row) => row.tagId));
}

/** Tags with their project counts; tags with no projects are dropped (spec: content §3). */
export async function listTags(
  ctx: CatalogueContext,
  locale: Locale,
  options: { userId: number | null; externalLanding?: boolean; limit?: number },
) {
  const projectsCount = sql<number>`count(${videoProjectTags.projectId})::int`;
  const rows = await ctx.db
    .select({ tag: tags, projectsCount })
    .from(tags)
    .innerJoin(videoProjectTags, eq(videoProjectTags.tagId, tags.id))
    .where(options.externalLanding ? eq(tags.externalLanding, true) : undefined)
    .groupBy(tags.id)
    .orderBy(desc(projectsCount), tags.slug)
    .limit(options.limit ?? 200);
  const followed = await followedTagIds(ctx, options.userId);
  return rows.map((row) => tagView(row.tag, locale, row.projectsCount, followed.has(row.tag.id)));
}

async function findTag(ctx: CatalogueContext, slug: string): Promise<TagRow> {
  const [tag] = await ctx.db.select().from(tags).where(eq(tags.slug, slug));
  if (!tag) throw tagNotFound();
  return tag;
}

/** A tag's page of projects (spec: content §3 "Tag landing"): videos, videos_count, lives, lives_count, tag. */
export async function tagLanding(
  ctx: CatalogueContext,
  slug: string,
  locale: Locale,
  page: { page: number; per_page: number; sort?: VideoSort },
  userId: number | null,
) {
  const tag = await findTag(ctx, slug);
  const tagged = eq(videoProjectTags.tagId, tag.id);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(cardColumns)
      .from(videoProjects)
      .innerJoin(videoProjectTags, and(eq(videoProjectTags.projectId, videoProjects.id), tagged))
      .where(listedProject)
      .orderBy(...orderFor(page.sort))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    ctx.db.select({ n: count() }).from(videoProjectTags).where(tagged),
  ]);
  const followed = await followedTagIds(ctx, userId);
  const videosCount = Number(total?.n ?? 0);
  const { lives, lives_count } = await taggedEvents(ctx, tag.id, userId, locale);
  return {
    tag: tagView(tag, locale, videosCount, followed.has(tag.id)),
    videos: await summaries(ctx.db, rows, locale, ctx.reference),
    videos_count: videosCount,
    lives,
    lives_count,
    page: page.page,
    pages: Math.max(1, Math.ceil(videosCount / page.per_page)),
  };
}

/** GET /api/content/tags/{slug}: the tag and its latest projects. */
export async function tagDetail(ctx: CatalogueContext, slug: string, locale: Locale, userId: number | null) {
  const landing = await tagLanding(ctx, slug, locale, { page: 1, per_page: CATALOGUE_PAGE_SIZE }, userId);
  return { ...landing.tag, projects: landing.videos };
}

/** Following a tag for notifications (spec: content §1); signed-in users only. */
export async function followTag(ctx: CatalogueContext, slug: string, userId: number, follow: boolean) {
  const tag = await findTag(ctx, slug);
  if (follow) {
    await ctx.db.insert(tagSubscriptions).values({ userId, tagId: tag.id, createdAt: ctx.now() }).onConflictDoNothing();
  } else {
    await ctx.db.delete(tagSubscriptions).where(and(eq(tagSubscriptions.userId, userId), eq(tagSubscriptions.tagId, tag.id)));
  }
  return { slug: tag.slug, followed: follow };
}

/** The tags a user follows, for the profile. */
export async function followedTags(ctx: CatalogueContext, userId: number, locale: Locale) {
  const ids = [...(await followedTagIds(ctx, userId))];
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(tags).where(inArray(tags.id, ids)).orderBy(tags.slug);
  return rows.map((tag) => tagView(tag, locale, 0, true));
}
