import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedSearchChangeSchema,
  savedSearchCreateSchema,
  savedSearchesSchema,
  savedSearchMatchesSchema,
  savedSearchSchema,
} from '../../../common/saved-searches.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { requireUser } from '../accounts/auth.ts';
import {
  changeSavedSearch,
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  savedSearchMatchList,
} from './saved-searches.ts';

const tags = ['integration'];
const SEARCHES = '/api/current_user/saved_searches';
const idParams = z.object({ id: zod.idParam() });
const deleted = z.null().describe('Deleted: no body');
const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
  await requireUser(request);
};

/** The user's saved searches (issue 30): only their owner sees or changes one. */
export async function savedSearchRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(SEARCHES, { preValidation: signedIn, schema: { tags, response: { 200: savedSearchesSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { saved_searches: await listSavedSearches(ctx, user) };
  });

  app.post(
    SEARCHES,
    { preValidation: signedIn, schema: { tags, body: savedSearchCreateSchema, response: { 201: savedSearchSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await createSavedSearch(ctx, user, request.body));
    },
  );

  app.patch(
    `${SEARCHES}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, body: savedSearchChangeSchema, response: { 200: savedSearchSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return changeSavedSearch(ctx, user, request.params.id, request.body);
    },
  );

  app.delete(
    `${SEARCHES}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await deleteSavedSearch(ctx, user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SEARCHES}/:id/seen`,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'The user looked: the count of new matches is back to 0.',
        params: idParams,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return markSavedSearchSeen(ctx, user, request.params.id);
    },
  );

  app.get(
    `${SEARCHES}/:id/matches`,
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: savedSearchMatchesSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return savedSearchMatchList(ctx, user, request.params.id);
    },
  );
}
