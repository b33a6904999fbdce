import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { broadcastTownSchema, broadcastTownSummarySchema } from '../../../common/broadcast.ts';
import { LINKS } from '../../../common/routes.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { previewImageUrl } from '../catalogue/views.ts';
import { broadcastTowns, type BroadcastPhotoScene } from './schema.ts';

type TownRow = typeof broadcastTowns.$inferSelect;
type ReadContext = Pick<ServiceContext, 'db'>;

/** A town's generated picture (broadcast/photos.ts draws it). */
export const townPhotoUrl = (slug: string, scene: BroadcastPhotoScene) => `/media/broadcast/${slug}-${scene}.svg`;

export const townNotFound = () => new NotFound({ code: 'broadcast_town_not_found', message: 'No such studio' });

function summary(row: TownRow, locale: Locale): z.infer<typeof broadcastTownSummarySchema> {
  return {
    slug: row.slug,
    title: row.names[locale] || row.names.en,
    icon: row.icon,
    photo: townPhotoUrl(row.slug, row.photos[0] ?? 'studio'),
  };
}

/** GET /api/content/broadcast/towns: the studio cities in the page's order. */
export async function listTowns(ctx: ReadContext, locale: Locale) {
  const rows = await ctx.db.select().from(broadcastTowns).orderBy(asc(broadcastTowns.position), asc(broadcastTowns.id));
  return { towns: rows.map((row) => summary(row, locale)) };
}

/** The town a slug names, if any. */
export async function findTown(ctx: ReadContext, slug: string): Promise<TownRow | undefined> {
  const [row] = await ctx.db.select().from(broadcastTowns).where(eq(broadcastTowns.slug, slug));
  return row;
}

/** The town a slug names, or not found. */
export async function townBySlug(ctx: ReadContext, slug: string): Promise<TownRow> {
  const row = await findTown(ctx, slug);
  if (!row) throw townNotFound();
  return row;
}

/**
 * GET /api/content/broadcast/towns/{slug}: features, text, pictures and videos in the reader's
 * language (English where a text is missing). A video is a catalogue project: its preview clip
 * plays once made (media/demo-clips.ts), and a project that no longer exists is left out.
 */
export async function townDetail(ctx: ReadContext, slug: string, locale: Locale): Promise<z.infer<typeof broadcastTownSchema>> {
  const row = await townBySlug(ctx, slug);
  const projects =
    row.videos.length === 0
      ? []
      : await ctx.db
          .select({
            id: videoProjects.id,
            slug: videoProjects.projectSlug,
            title: videoProjects.title,
            previewImage: videoProjects.previewImage,
            previewVideo: videoProjects.previewVideo,
          })
          .from(videoProjects)
          .where(inArray(videoProjects.projectSlug, row.videos));
  const title = row.names[locale] || row.names.en;
  const features = row.features[locale]?.length ? row.features[locale] : row.features.en;
  return {
    ...summary(row, locale),
    text: row.texts[locale] || row.texts.en || null,
    features,
    photos: row.photos.map((scene, index) => ({ url: townPhotoUrl(row.slug, scene), alt: `${title} ${index + 1}` })),
    videos: row.videos.flatMap((wanted) => {
      const project = projects.find((candidate) => candidate.slug === wanted);
      if (!project) return [];
      return [
        {
          title: project.title,
          src: project.previewVideo ? `/media/clips/${project.previewVideo}` : null,
          poster: previewImageUrl(project),
          link: LINKS.video(project.slug),
        },
      ];
    }),
  };
}
