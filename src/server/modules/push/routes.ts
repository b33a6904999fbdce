import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushClientBodySchema, pushClientSchema, pushExternalIdSchema, vapidKeySchema } from '../../../common/push.ts';
import { deletePushClient, getPushClient, savePushClient, type PushClientsContext } from './clients.ts';

const tags = ['push'];
const BASE = '/api/webpush_notification_clients';
const externalIdParams = z.object({ external_id: pushExternalIdSchema });

/**
 * Spec §7 web push: the key browsers subscribe with; a browser's settings read, saved (PUT: the
 * spec leaves the method open, and saving is an idempotent upsert by the browser's own id) and
 * removed. A visitor has push settings too (red alerts); signed in, they are the user's.
 */
export async function pushRoutes(instance: FastifyInstance, { ctx, publicKey }: { ctx: PushClientsContext; publicKey: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/vapid_key`, { schema: { tags, response: { 200: vapidKeySchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { public_key: publicKey };
  });

  app.get(
    `${BASE}/:external_id`,
    { schema: { tags, params: externalIdParams, response: { 200: pushClientSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getPushClient(ctx, request.params.external_id);
    },
  );

  app.put(BASE, { schema: { tags, body: pushClientBodySchema, response: { 200: pushClientSchema } } }, async (request) => {
    const userId = (await request.caller()).user?.id ?? null;
    return savePushClient(ctx, { userId, ip: request.ip }, request.body.client);
  });

  app.delete(
    `${BASE}/:external_id`,
    { schema: { tags, params: externalIdParams, response: { 204: z.null().describe('Deleted: no body') } } },
    async (request, reply) => {
      await deletePushClient(ctx, request.params.external_id);
      return reply.status(204).send(null);
    },
  );
}
