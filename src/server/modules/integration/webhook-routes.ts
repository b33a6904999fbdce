import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  WEBHOOK_LIMITS,
  webhookMessageSchema,
  webhookMessagesQuerySchema,
  webhookMessagesSchema,
  webhookSecretSchema,
  webhookUpdateSchema,
} from '../../../common/webhooks.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { requireUser } from '../accounts/auth.ts';
import {
  createEndpoint,
  deleteEndpoint,
  endpointMessages,
  endpointSecret,
  listEndpoints,
  resendMessage,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.ts';

const tags = ['integration'];
const HOOKS = '/api/current_user/webhooks';
const idParams = z.object({ id: zod.idParam() });
const deleted = z.null().describe('Deleted: no body');
const messageParams = z.object({ id: zod.idParam(), messageId: zod.idParam() });
const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
  await requireUser(request);
};

/** The user area's webhooks (issue 30): a master (the company's endpoints) or a user without a company (their own). */
export async function webhookRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(HOOKS, { preValidation: signedIn, schema: { tags, response: { 200: webhookEndpointsSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { endpoints: await listEndpoints(ctx, user), limit: WEBHOOK_LIMITS.perOwner };
  });

  app.post(
    HOOKS,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'Registers an endpoint for the chosen events; the answer holds its signing secret (whsec_…).',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await createEndpoint(ctx, user, request.body));
    },
  );

  app.patch(
    `${HOOKS}/:id`,
    {
      preValidation: signedIn,
      schema: { tags, params: idParams, body: webhookUpdateSchema, response: { 200: webhookEndpointSchema } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return updateEndpoint(ctx, user, request.params.id, request.body);
    },
  );

  app.delete(
    `${HOOKS}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await deleteEndpoint(ctx, user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${HOOKS}/:id/secret`,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: "The endpoint's signing secret, for its owner.",
        params: idParams,
        response: { 200: webhookSecretSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { secret: await endpointSecret(ctx, user, request.params.id) };
    },
  );

  app.get(
    `${HOOKS}/:id/messages`,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'The log: messages newest first, each with its attempts (status, latency, the start of the answer).',
        params: idParams,
        querystring: webhookMessagesQuerySchema,
        response: { 200: webhookMessagesSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return endpointMessages(ctx, user, request.params.id, request.query.before);
    },
  );

  app.post(
    `${HOOKS}/:id/messages/:messageId/resend`,
    {
      preValidation: signedIn,
      schema: { tags, description: 'Sends the message again now.', params: messageParams, response: { 202: webhookMessageSchema } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(202).send(await resendMessage(ctx, user, request.params.id, request.params.messageId));
    },
  );

  app.post(
    `${HOOKS}/:id/test`,
    {
      preValidation: signedIn,
      schema: { tags, description: 'Sends a webhook.test event now.', params: idParams, response: { 202: webhookMessageSchema } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(202).send(await sendTestEvent(ctx, user, request.params.id));
    },
  );
}
