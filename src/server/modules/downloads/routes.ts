import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  basketDownloadBodySchema,
  basketDownloadResultSchema,
  downloadBodySchema,
  myContentEntitiesSchema,
  myContentOperationSchema,
  myContentOperationsSchema,
  myContentQuerySchema,
  operationCommentBodySchema,
  purchaseResultSchema,
  videoRequestListSchema,
  worldExclusiveRequestSchema,
  worldExclusiveRequestsSchema,
} from '../../../common/downloads.ts';
import { zod } from '../../../common/validators.ts';
import { requireAdminRole, requireUser } from '../accounts/auth.ts';
import type { SessionRead } from '../accounts/sessions.ts';
import { requestBasket } from './basket.ts';
import { commentOn, downloadedItems, downloadsOf } from './my-content.ts';
import { listRequests, removeRequest } from './requests.ts';
import { STATS_REPORT_QUEUE } from './stats-report.ts';
import { projectIdOf, requestDownload, type DownloadsContext } from './service.ts';
import { requestWorldExclusive, worldExclusiveRequestsList } from './world-exclusive.ts';

const tags = ['downloads'];
const projectParams = z.object({ project_id: z.string().min(1).max(200) });
const idParams = z.object({ id: zod.idParam() });
const deleted = z.null().describe('Deleted: no body');
const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
  await requireUser(request);
};
const adminOnly = async (request: Parameters<typeof requireAdminRole>[0]) => {
  await requireAdminRole(request, 'sales');
};

/** Spec content §7: the download call; accounts §7 "My content": the requested files. The file itself is served by its signed URL. */
export async function downloadRoutes(instance: FastifyInstance, { ctx }: { ctx: DownloadsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const requests = { db: ctx.db, clock: ctx.clock, secret: ctx.files.secret };

  // A repeat ("repeated downloads", the spec's preview download) is the download call of a video downloaded before.
  // The caller's session is read with the video, in one statement (service.ts, Downloader): no hook
  // reads it before; a body that fails its schema is refused after the caller is known (401 first).
  for (const [path, repeated] of [
    ['download', undefined],
    ['repeated_downloads', true],
  ] as const)
    app.post(
      `/api/content/video_projects/:project_id/videos/${path}`,
      {
        attachValidation: true,
        schema: { tags, params: projectParams, body: downloadBodySchema, response: { 200: purchaseResultSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        if (request.validationError) {
          await requireUser(request);
          throw request.validationError;
        }
        const body = { ...request.body, repeated: repeated ?? request.body.repeated };
        const signIn = async (read?: SessionRead) => (await requireUser(request, read)).user;
        return requestDownload(ctx, signIn, request.params.project_id, body, request.siteVariant);
      },
    );

  // POST, as the spec has it: every answer signs fresh links.
  app.post(
    '/api/current_user/basket_downloads',
    { preValidation: signedIn, schema: { tags, body: basketDownloadBodySchema, response: { 200: basketDownloadResultSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return requestBasket(ctx, user, request.body, request.siteVariant);
    },
  );

  app.post(
    '/api/content/video_projects/:project_id/videos/requested_video_downloads',
    { preValidation: signedIn, schema: { tags, params: projectParams, response: { 200: videoRequestListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      const projectId = await projectIdOf(ctx, request.params.project_id);
      return { video_requests: await listRequests(requests, user.id, projectId) };
    },
  );

  app.post(
    '/api/content/video_projects/:project_id/videos/request_world_exclusive',
    {
      preValidation: signedIn,
      schema: { tags, params: projectParams, response: { 200: worldExclusiveRequestSchema, 201: worldExclusiveRequestSchema } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { request: made, created } = await requestWorldExclusive(ctx, user.id, request.params.project_id);
      return reply.status(created ? 201 : 200).send(made);
    },
  );

  app.get(
    '/api/admin/world_exclusive_requests',
    { preValidation: adminOnly, schema: { tags, response: { 200: worldExclusiveRequestsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { world_exclusive_requests: await worldExclusiveRequestsList(ctx.db) };
    },
  );

  app.get(
    '/api/current_user/my_content/video_requests',
    { preValidation: signedIn, schema: { tags, response: { 200: videoRequestListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return { video_requests: await listRequests(requests, user.id) };
    },
  );

  app.delete(
    '/api/current_user/my_content/video_requests/:id',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await removeRequest(requests, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/current_user/my_content/entities',
    { preValidation: signedIn, schema: { tags, querystring: myContentQuerySchema, response: { 200: myContentEntitiesSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return downloadedItems(ctx.db, user.id, request.locale, request.query);
    },
  );

  app.get(
    '/api/current_user/my_content/entities/:id/operations',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: myContentOperationsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return { operations: await downloadsOf(ctx.db, user.id, request.params.id) };
    },
  );

  app.patch(
    '/api/current_user/my_content/operation_comments/:id',
    {
      preValidation: signedIn,
      schema: { tags, params: idParams, body: operationCommentBodySchema, response: { 200: myContentOperationSchema } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return commentOn(ctx.db, user.id, request.params.id, request.body.comment);
    },
  );

  app.post(
    '/api/current_user/agreement_operations/full_stats_reports',
    { preValidation: signedIn, schema: { tags, response: { 202: z.object({ status: z.literal('queued') }) } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await ctx.jobs.send(STATS_REPORT_QUEUE, { userId: user.id });
      return reply.status(202).send({ status: 'queued' as const });
    },
  );
}
