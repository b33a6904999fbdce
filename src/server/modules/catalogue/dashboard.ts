import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { listedProject } from './filters.ts';
import {
  CATALOGUE_PAGE_SIZE,
  DASHBOARD_PLACEHOLDER_BANNERS,
  type Banner,
  type DashboardResponse,
  type VideoSearchQuery,
} from '../../../common/catalogue.ts';
import { withoutRepeats } from '../../../common/dashboard-sections.ts';
import type { Locale } from '../../../common/locales.ts';
import { NotFound } from '../../http/errors.ts';
import { trendingVideos } from './projects.ts';
import { listVideos } from './list.ts';
import type { CatalogueContext } from './search.ts';
import { banners, frontPages, videoProjects } from './schema.ts';
import { listTags } from './tags.ts';
import { cardColumns, summaries } from './views.ts';
import { dashboardEvents } from '../live/events.ts';

type BannerRow = typeof banners.$inferSelect;

export function bannerView(row: BannerRow): Banner {
  const url = row.imageUrl ?? `/media/banners/${row.id}.svg`;
  return {
    id: row.id,
    breaking: row.breaking,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    custom_url: row.customUrl,
    image: { url, small: { url }, tiny: { url } },
    image_type: row.imageUrl ? 'custom' : 'default',
    live_event_extid: row.liveEventExtid,
    video_project_extid: row.videoProjectExtid,
    locale: row.locale,
    position: row.position,
    tag_id: row.tagId,
    target_link_to: row.targetLinkTo,
    title: row.title,
  };
}

/**
 * Banners in the caller's language, else English (the default banner locale); the four placeholder
 * slots are filled with the latest stories when editors have set fewer (spec: content §3, §9).
 */
async function dashboardBanners(ctx: CatalogueContext, locale: Locale): Promise<Banner[]> {
  const rows = await ctx.db
    .select()
    .from(banners)
    .where(inArray(banners.locale, [locale, 'en']))
    .orderBy(asc(banners.position), desc(banners.updatedAt));
  const own = rows.filter((row) => row.locale === locale);
  const chosen = (own.length > 0 ? own : rows.filter((row) => row.locale === 'en')).slice(0, DASHBOARD_PLACEHOLDER_BANNERS).map(bannerView);
  if (chosen.length >= DASHBOARD_PLACEHOLDER_BANNERS) return chosen;
  // A story an editor put in the hero is not repeated by a placeholder.
  const taken = chosen.flatMap((banner) => (banner.video_project_extid ? [banner.video_project_extid] : []));
  const latest = await ctx.db
    .select({
      id: videoProjects.id,
      projectId: videoProjects.projectId,
      title: videoProjects.title,
      publishedAt: videoProjects.publishedAt,
    })
    .from(videoProjects)
    .where(and(listedProject, taken.length > 0 ? notInArray(videoProjects.projectId, taken) : undefined))
    .orderBy(desc(videoProjects.publishedAt))
    .limit(DASHBOARD_PLACEHOLDER_BANNERS - chosen.length);
  return [
    ...chosen,
    ...latest.map((project, index) => ({
      id: -(index + 1),
      breaking: false,
      created_at: project.publishedAt.toISOString(),
      updated_at: project.publishedAt.toISOString(),
      custom_url: null,
      image: {
        url: `/media/previews/${project.id}.svg?variant=plain`,
        small: { url: `/media/previews/${project.id}.svg?variant=plain` },
        tiny: { url: `/media/previews/${project.id}.svg?variant=plain` },
      },
      image_type: 'default' as const,
      live_event_extid: null,
      video_project_extid: project.projectId,
      locale,
      position: chosen.length + index + 1,
      tag_id: null,
      target_link_to: 'video_project' as const,
      title: project.title,
    })),
  ];
}

async function hotbox(ctx: CatalogueContext, id: string, locale: Locale) {
  const [page] = await ctx.db.select().from(frontPages).where(eq(frontPages.id, id));
  if (!page) return null;
  const rows = page.projectIds.length
    ? await ctx.db
        .select(cardColumns)
        .from(videoProjects)
        .where(and(listedProject, inArray(videoProjects.id, page.projectIds)))
    : [];
  const order = new Map(page.projectIds.map((projectId, index) => [projectId, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { id: page.id, title: page.titles[locale] || page.titles.en, hotbox: await summaries(ctx.db, rows, locale, ctx.reference) };
}

export async function frontPage(ctx: CatalogueContext, id: string, locale: Locale) {
  const page = await hotbox(ctx, id, locale);
  if (!page) throw new NotFound({ code: 'front_page_not_found', message: 'Front page not found' });
  return page;
}

/** GET /api/content/video_projects/dashboard: banners, feed, trending, live events, tags, hotbox. */
export async function dashboard(
  ctx: CatalogueContext,
  locale: Locale,
  filter: Pick<VideoSearchQuery, 'with_international_mix'>,
  userId: number | null,
): Promise<DashboardResponse> {
  // A few more than a page, so the feed stays full once the hero's and the picks' stories are left out.
  const base: VideoSearchQuery = { page: 1, per_page: CATALOGUE_PAGE_SIZE * 2, ...filter };
  const [bannerList, feed, trending, tagList, main, liveEvents] = await Promise.all([
    dashboardBanners(ctx, locale),
    listVideos(ctx, base, locale),
    trendingVideos(ctx, locale, 6),
    listTags(ctx, locale, { userId, limit: 24 }),
    hotbox(ctx, 'main', locale),
    dashboardEvents(ctx, userId, locale),
  ]);
  const shown = withoutRepeats(bannerList, main?.hotbox ?? [], feed.videos, CATALOGUE_PAGE_SIZE);
  return {
    payload: {
      banners: bannerList,
      feed: shown.feed,
      trending,
      live_events: liveEvents,
      tags: tagList,
      hotbox: shown.hotbox,
    },
  };
}
