import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import {
  categoriesResponseSchema,
  CONTENT_PAGES,
  contentPageSchema,
  tagLandingQuerySchema,
  tagDetailSchema,
  tagLandingResponseSchema,
  tagsResponseSchema,
} from '../../../common/catalogue.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { memoReference } from './views.ts';
import { LONG_CACHE_SECONDS, STORY_CACHE_SECONDS } from '../../http/cache.ts';
import { requireUser } from '../accounts/auth.ts';
import { contentPage } from './content-pages.ts';
import { cacheFor } from './routes.ts';
import type { CatalogueContext } from './search.ts';
import { categories } from './schema.ts';
import { followedTags, followTag, listTags, tagDetail, tagLanding } from './tags.ts';

const tags = ['tags'];
const slugParams = z.object({ slug: z.string().min(1).max(100) });

export async function tagRoutes(
  instance: FastifyInstance,
  { db, clock, caches }: { db: Db; clock: Clock; caches: Pick<CacheBus, 'onInvalidate'> },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const reference = memoReference(db, caches);
  instance.addHook('onClose', async () => reference.stop());
  const ctx: CatalogueContext = { db, now: () => clock.now(), reference };

  app.get(
    '/api/content/categories',
    { config: { microCache: 60, sameForEveryone: true }, schema: { tags, response: { 200: categoriesResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${LONG_CACHE_SECONDS}`);
      const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
      return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.names[request.locale] || row.names.en }));
    },
  );

  app.get(
    '/api/content/tags',
    { config: { microCache: 30 }, schema: { tags, response: { 200: tagsResponseSchema } } },
    async (request, reply) => {
      const user = await cacheFor(request, reply, LONG_CACHE_SECONDS);
      return listTags(ctx, request.locale, { userId: user?.id ?? null });
    },
  );

  app.get(
    '/api/content/external_landing_tags',
    { config: { microCache: 30 }, schema: { tags, response: { 200: tagsResponseSchema } } },
    async (request, reply) => {
      const user = await cacheFor(request, reply, LONG_CACHE_SECONDS);
      return listTags(ctx, request.locale, { userId: user?.id ?? null, externalLanding: true });
    },
  );

  app.get(
    '/api/content/tags/landings/:slug',
    {
      config: { microCache: 10 },
      schema: { tags, params: slugParams, querystring: tagLandingQuerySchema, response: { 200: tagLandingResponseSchema } },
    },
    async (request, reply) => {
      const user = await cacheFor(request, reply, STORY_CACHE_SECONDS);
      return tagLanding(ctx, request.params.slug, request.locale, request.query, user?.id ?? null);
    },
  );

  app.get(
    '/api/content/tags/:slug',
    { config: { microCache: 10 }, schema: { tags, params: slugParams, response: { 200: tagDetailSchema } } },
    async (request, reply) => {
      const user = await cacheFor(request, reply, STORY_CACHE_SECONDS);
      return tagDetail(ctx, request.params.slug, request.locale, user?.id ?? null);
    },
  );

  const subscription = z.object({ slug: z.string(), followed: z.boolean() });
  app.post(
    '/api/content/tags/:slug/subscriptions',
    { schema: { tags, params: slugParams, response: { 200: subscription } } },
    async (request) => {
      const { user } = await requireUser(request);
      return followTag(ctx, request.params.slug, user.id, true);
    },
  );
  app.delete(
    '/api/content/tags/:slug/subscriptions',
    { schema: { tags, params: slugParams, response: { 200: subscription } } },
    async (request) => {
      const { user } = await requireUser(request);
      return followTag(ctx, request.params.slug, user.id, false);
    },
  );

  app.get('/api/current_user/followed_tags', { schema: { tags, response: { 200: tagsResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = await requireUser(request);
    return followedTags(ctx, user.id, request.locale);
  });

  app.get(
    '/api/content/pages/:slug',
    {
      config: { microCache: 60, sameForEveryone: true },
      schema: { tags: ['content'], params: z.object({ slug: z.enum(CONTENT_PAGES) }), response: { 200: contentPageSchema } },
    },
    async (request, reply) => {
      // The business desk edits these (issue 29): a browser that has the page sees an edit within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return contentPage(db, request.params.slug, request.locale);
    },
  );
}
