import { and, desc, eq, getTableColumns, gte, inArray, ne, sql } from 'drizzle-orm';
import { listedProject } from './filters.ts';
import { CATALOGUE_PAGE_SIZE, type VideoProject } from '../../../common/catalogue.ts';
import type { Locale } from '../../../common/locales.ts';
import { NotFound } from '../../http/errors.ts';
import { projectWhere, type CatalogueContext } from './search.ts';
import { videoDownloads, videoProjects, videoProjectTags } from './schema.ts';
import { cardColumns, detail, summaries } from './views.ts';

const p = videoProjects;
const notFound = () => new NotFound({ code: 'video_not_found', message: 'Video not found' });

/** Every column but the search document, which only the database needs. */
const { searchVector: _searchVector, ...detailColumns } = getTableColumns(videoProjects);

/** One project; `fullScript` for a signed-in caller, a visitor reading an excerpt of the script. */
export async function getVideo(ctx: CatalogueContext, idOrSlug: string, locale: Locale, fullScript: boolean): Promise<VideoProject> {
  const [row] = await ctx.db.select(detailColumns).from(p).where(projectWhere(idOrSlug));
  if (!row) throw notFound();
  return detail(ctx.db, row, locale, ctx.now(), fullScript, ctx.reference);
}

/** Related: projects sharing tags, else the same category, newest first. */
export async function relatedVideos(ctx: CatalogueContext, idOrSlug: string, locale: Locale, limit = 8) {
  const [project] = await ctx.db.select({ id: p.id, categoryId: p.categoryId }).from(p).where(projectWhere(idOrSlug));
  if (!project) throw notFound();
  const sharedTags = ctx.db
    .select({ projectId: videoProjectTags.projectId })
    .from(videoProjectTags)
    .where(
      inArray(
        videoProjectTags.tagId,
        ctx.db.select({ tagId: videoProjectTags.tagId }).from(videoProjectTags).where(eq(videoProjectTags.projectId, project.id)),
      ),
    );
  let rows = await ctx.db
    .select(cardColumns)
    .from(p)
    .where(and(listedProject, ne(p.id, project.id), inArray(p.id, sharedTags)))
    .orderBy(desc(p.publishedAt))
    .limit(limit);
  if (rows.length < limit && project.categoryId !== null) {
    const more = await ctx.db
      .select(cardColumns)
      .from(p)
      .where(and(listedProject, ne(p.id, project.id), eq(p.categoryId, project.categoryId)))
      .orderBy(desc(p.publishedAt))
      .limit(limit);
    const seen = new Set(rows.map((row) => row.id));
    rows = [...rows, ...more.filter((row) => !seen.has(row.id))].slice(0, limit);
  }
  return summaries(ctx.db, rows, locale, ctx.reference);
}

/** Trending (spec: content §1): most downloaded in the last 24 hours. */
export async function trendingVideos(ctx: CatalogueContext, locale: Locale, limit = CATALOGUE_PAGE_SIZE) {
  const since = new Date(ctx.now().getTime() - 24 * 3600 * 1000);
  const counts = await ctx.db
    .select({ projectId: videoDownloads.projectId, n: sql<number>`count(*)::int` })
    .from(videoDownloads)
    .where(gte(videoDownloads.createdAt, since))
    .groupBy(videoDownloads.projectId)
    .orderBy(desc(sql`count(*)`), desc(videoDownloads.projectId))
    .limit(limit);
  if (counts.length === 0) return [];
  const rows = await ctx.db
    .select(cardColumns)
    .from(p)
    .where(
      and(
        listedProject,
        inArray(
          p.id,
          counts.map((row) => row.projectId),
        ),
      ),
    );
  const byId = new Map((await summaries(ctx.db, rows, locale, ctx.reference)).map((video) => [video.id, video]));
  return counts.flatMap((count) => {
    const video = byId.get(count.projectId);
    return video ? [{ ...video, downloads_24h: count.n }] : [];
  });
}

export async function minMaxDuration(ctx: CatalogueContext) {
  const [row] = await ctx.db.select({ min: sql<number | null>`min(${p.duration})`, max: sql<number | null>`max(${p.duration})` }).from(p);
  return { min_duration: row?.min ?? 0, max_duration: row?.max ?? 0 };
}
