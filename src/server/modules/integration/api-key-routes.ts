import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCallerSchema, apiKeyCreateSchema, apiKeyIssuedSchema, apiKeySchema, apiKeysSchema } from '../../../common/integration.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { requireUser } from '../accounts/auth.ts';
import { apiCaller } from './api-caller.ts';
import { createKey, keyView, listKeys, revokeKey, rotateKey } from './api-keys.ts';

const tags = ['integration'];
const KEYS = '/api/current_user/api_keys';
const idParams = z.object({ id: zod.idParam() });
const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
  await requireUser(request);
};

/** The user area's API keys (issue 30): a master, or a user without a company, runs their own. */
export async function apiKeyRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(KEYS, { preValidation: signedIn, schema: { tags, response: { 200: apiKeysSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { keys: await listKeys(ctx, user) };
  });

  app.post(
    KEYS,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'Makes a key; its secret is in this answer only.',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyIssuedSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await createKey(ctx, user, request.body));
    },
  );

  app.post(
    `${KEYS}/:id/rotate`,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'A new secret for the key; the old one stops at once.',
        params: idParams,
        response: { 201: apiKeyIssuedSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await rotateKey(ctx, user, request.params.id));
    },
  );

  app.delete(
    `${KEYS}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: apiKeySchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return revokeKey(ctx, user, request.params.id);
    },
  );

  app.get(
    '/api/v1/key',
    {
      schema: {
        tags,
        description: 'Whom the calling API key (Authorization: Bearer nr_…) acts as: its owner, and the key itself. Any live key may ask.',
        response: { 200: apiKeyCallerSchema },
      },
    },
    async (request) => {
      const { user, key } = await apiCaller(request, ctx, null);
      return {
        key: key ? keyView(key, ctx.clock.now()) : null,
        owner: { id: user.id, email: user.email, company_id: user.companyId },
      };
    },
  );
}
