import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableFormatsQuerySchema,
  availableFormatsResponseSchema,
  dashboardQuerySchema,
  dashboardResponseSchema,
  frontPageSchema,
  minMaxDurationSchema,
  searchResponseSchema,
  searchStatisticBodySchema,
  suggestionsResponseSchema,
  suggestQuerySchema,
  videoListResponseSchema,
  videoProjectSchema,
  videoProjectSummarySchema,
  videoSearchQuerySchema,
} from '../../../common/catalogue.ts';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { memo } from '../../lib/memo.ts';
import { memoReference } from './views.ts';
import type { Clock } from '../../context.ts';
import { STORY_CACHE_SECONDS } from '../../http/cache.ts';
import { requireUser } from '../accounts/auth.ts';
import { dashboard, frontPage } from './dashboard.ts';
import { availableFormats } from '../downloads/offer.ts';
import { getVideo, minMaxDuration, relatedVideos } from './projects.ts';
import { listVideos } from './list.ts';
import { recordSearchHit, searchVideos, suggest, type SearchContext } from './search.ts';
import { searchText } from './filters.ts';

const tags = ['catalogue'];
const idParams = z.object({ id: z.string().min(1).max(200) });

/**
 * Public answers are cached by shared caches for a while; answers to a signed-in caller can hold
 * their own state (a followed tag), so the browser must ask again each time (the ETag makes that cheap).
 */
export async function cacheFor(request: FastifyRequest, reply: FastifyReply, seconds: number) {
  const caller = await request.caller();
  if (caller.user) reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, site');
  else publicFor(reply, seconds);
  return caller.user;
}

/** An answer the same for every caller: shared caches may keep it. */
function publicFor(reply: FastifyReply, seconds: number) {
  reply.header('cache-control', `public, max-age=${seconds}`).header('vary', 'cookie, site');
}

export async function videoProjectRoutes(
  instance: FastifyInstance,
  { db, clock, secret, caches }: { db: Db; clock: Clock; secret: string; caches: Pick<CacheBus, 'onInvalidate'> },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Search texts parse and plan the same for everyone: kept a minute, per process. The plans hold
  // the catalogue's date span and the windows that sufficed: forgotten whenever the catalogue changes.
  const cache = memo<string, unknown>({ ttlMs: 60_000, max: 2000 });
  const remember = <V>(key: string, load: () => Promise<V>) => cache(key, load) as Promise<V>;
  const reference = memoReference(db, caches);
  const stopCatalogue = caches.onInvalidate('catalogue', cache.clear);
  instance.addHook('onClose', async () => {
    stopCatalogue();
    reference.stop();
  });
  const ctx: SearchContext = { db, now: () => clock.now(), secret, reference, memo: remember };
  const userId = async (request: FastifyRequest) => (await request.caller()).user?.id ?? null;

  app.get(
    '/api/content/video_projects',
    {
      // Without a search text the list is the same for everyone (no per-user field): a paying
      // customer's every catalogue page is served as a visitor's is. A search adds the caller's live events.
      config: { microCache: 5, sameForEveryone: (request) => !searchText((request.query as { search?: string }).search) },
      schema: { tags, querystring: videoSearchQuerySchema, response: { 200: videoListResponseSchema } },
    },
    async (request, reply) => {
      if (!searchText(request.query.search)) {
        publicFor(reply, STORY_CACHE_SECONDS);
        return listVideos(ctx, request.query, request.locale);
      }
      await cacheFor(request, reply, STORY_CACHE_SECONDS);
      return searchVideos(ctx, request.query, request.locale, await userId(request));
    },
  );

  app.get(
    '/api/content/video_projects/search',
    { config: { microCache: 5 }, schema: { tags, querystring: videoSearchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The search page's call forgives typos and says so; the list call's "this page" search does not.
      return searchVideos(ctx, request.query, request.locale, await userId(request), { forgiveTypos: true });
    },
  );

  app.get(
    '/api/content/video_projects/suggests',
    {
      config: { microCache: 30, sameForEveryone: true },
      schema: { tags, querystring: suggestQuerySchema, response: { 200: suggestionsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${STORY_CACHE_SECONDS}`);
      return suggest(ctx, request.query.search);
    },
  );

  app.post(
    '/api/content/video_projects/search_statistics',
    { schema: { tags, body: searchStatisticBodySchema, response: { 201: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      await recordSearchHit(ctx, request.body, { userId: await userId(request) });
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/api/content/video_projects/dashboard',
    { config: { microCache: 5 }, schema: { tags, querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } } },
    async (request, reply) => {
      const user = await cacheFor(request, reply, STORY_CACHE_SECONDS);
      return dashboard(ctx, request.locale, request.query, user?.id ?? null);
    },
  );

  app.get(
    '/api/content/video_projects/related_video_projects',
    {
      config: { microCache: 60, sameForEveryone: true },
      schema: { tags, querystring: idParams, response: { 200: z.array(videoProjectSummarySchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${STORY_CACHE_SECONDS}`);
      return relatedVideos(ctx, request.query.id, request.locale);
    },
  );

  app.get(
    '/api/system/min_max_duration_video_projects',
    { config: { microCache: 60, sameForEveryone: true }, schema: { tags, response: { 200: minMaxDurationSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return minMaxDuration(ctx);
    },
  );

  app.get(
    '/api/system/front_pages/:id',
    { config: { microCache: 30, sameForEveryone: true }, schema: { tags, params: idParams, response: { 200: frontPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${STORY_CACHE_SECONDS}`);
      return frontPage(ctx, request.params.id, request.locale);
    },
  );

  app.get(
    '/api/content/video_projects/:id',
    { config: { microCache: 30 }, schema: { tags, params: idParams, response: { 200: videoProjectSchema } } },
    async (request, reply) => {
      // Spec (content §9): the browser app keeps video detail 999000 ms; HTTP caches keep it as
      // briefly as any story, since a kill must reach them. The whole script is for signed-in
      // callers only (content §2): their answer is private, and a sign-in changes the cookie it varies by.
      const signedIn = Boolean((await request.caller()).user);
      reply.header('cache-control', `${signedIn ? 'private' : 'public'}, max-age=${STORY_CACHE_SECONDS}`).header('vary', 'Cookie');
      return getVideo(ctx, request.params.id, request.locale, signedIn);
    },
  );

  app.get(
    '/api/content/video_projects/:id/videos/current_available_formats',
    { schema: { tags, params: idParams, querystring: availableFormatsQuerySchema, response: { 200: availableFormatsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return availableFormats(ctx, request.params.id, user, request.query, request.siteVariant);
    },
  );

  app.get(
    '/api/content/video_projects/:id/videos/current_guest_available_formats',
    { schema: { tags, params: idParams, querystring: availableFormatsQuerySchema, response: { 200: availableFormatsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${STORY_CACHE_SECONDS}`);
      return availableFormats(ctx, request.params.id, null, request.query, request.siteVariant);
    },
  );
}
