import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadBodySchema, purchaseResultSchema } from '../../../common/downloads.ts';
import { requireUser } from '../accounts/auth.ts';
import { requestDownload, type DownloadsContext } from './service.ts';

const tags = ['downloads'];
const projectParams = z.object({ project_id: z.string().min(1).max(200) });

/** Spec content §7: the download call. The file itself is served by its signed URL. */
export async function downloadRoutes(instance: FastifyInstance, { ctx }: { ctx: DownloadsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/content/video_projects/:project_id/videos/download',
    {
      preValidation: async (request) => {
        await requireUser(request);
      },
      schema: { tags, params: projectParams, body: downloadBodySchema, response: { 200: purchaseResultSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return requestDownload(ctx, user, request.params.project_id, request.body);
    },
  );
}
