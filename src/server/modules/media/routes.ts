import { parseId } from '../../../common/validators.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { banners, categories, tags, videoProjects } from '../catalogue/schema.ts';
import type { FileStore } from '../downloads/storage.ts';
import { posterSvg, tagSvg } from './posters.ts';
import { storyboardRoutes } from './storyboard-routes.ts';

const fileParams = z.object({ file: z.string().max(120) });
const notFound = () => new NotFound({ code: 'media_not_found', message: 'No such file' });
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Generated posters, the preview clips in DATA_DIR/storage/previews (HTTP range requests work) and
 * the storyboards in the file store.
 */
export async function mediaRoutes(instance: FastifyInstance, { db, storageDir, store }: { db: Db; storageDir: string; store: FileStore }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await app.register(storyboardRoutes, { db, store });
  const clips = path.join(storageDir, 'previews');
  await mkdir(clips, { recursive: true });
  await app.register(fastifyStatic, { root: clips, prefix: '/media/clips/', decorateReply: false, maxAge: '1d', index: false });

  app.get(
    '/media/previews/:file',
    { schema: { hide: true, params: fileParams, querystring: z.object({ variant: z.enum(['plain']).optional() }) } },
    async (request, reply) => {
      const id = parseId(/^(\d+)\.svg$/.exec(request.params.file)?.[1] ?? '');
      if (id === null) throw notFound();
      const [row] = await db
        .select({
          id: videoProjects.id,
          title: videoProjects.title,
          language: videoProjects.language,
          place: videoProjects.datelinePlace,
          date: videoProjects.datelineDate,
          category: categories.slug,
          categoryNames: categories.names,
        })
        .from(videoProjects)
        .leftJoin(categories, eq(categories.id, videoProjects.categoryId))
        .where(eq(videoProjects.id, id));
      if (!row) throw notFound();
      const language: Locale = row.language;
      const svg = posterSvg({
        title: row.title,
        category: row.category ?? '',
        categoryName: row.categoryNames?.[language] ?? '',
        dateline: `${row.place} · ${row.date}`,
        language,
        seed: row.id,
        plain: request.query.variant === 'plain',
      });
      return reply.header('cache-control', IMAGE_CACHE).type('image/svg+xml').send(svg);
    },
  );

  app.get('/media/tags/:file', { schema: { hide: true, params: fileParams } }, async (request, reply) => {
    const slug = /^([\w-]+)\.svg$/.exec(request.params.file)?.[1];
    const [tag] = slug ? await db.select().from(tags).where(eq(tags.slug, slug)) : [];
    if (!tag) throw notFound();
    return reply
      .header('cache-control', IMAGE_CACHE)
      .type('image/svg+xml')
      .send(tagSvg(tag.names[request.locale] || tag.names.en, request.locale === 'ar'));
  });

  app.get('/media/banners/:file', { schema: { hide: true, params: fileParams } }, async (request, reply) => {
    const id = parseId(/^(\d+)\.svg$/.exec(request.params.file)?.[1] ?? '');
    const [banner] = id === null ? [] : await db.select().from(banners).where(eq(banners.id, id));
    if (!banner) throw notFound();
    // A banner about a story takes the story's colours; the title is printed by the page, not the image.
    const [story] = banner.videoProjectExtid
      ? await db
          .select({ id: videoProjects.id, category: categories.slug })
          .from(videoProjects)
          .leftJoin(categories, eq(categories.id, videoProjects.categoryId))
          .where(eq(videoProjects.projectId, banner.videoProjectExtid))
      : [];
    const svg = posterSvg({
      title: banner.title,
      category: story?.category ?? (banner.breaking ? 'conflicts' : 'world'),
      categoryName: '',
      dateline: '',
      language: banner.locale,
      seed: story?.id ?? banner.id,
      plain: true,
    });
    return reply.header('cache-control', IMAGE_CACHE).type('image/svg+xml').send(svg);
  });
}
