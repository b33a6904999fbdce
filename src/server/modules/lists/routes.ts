import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listChangesBodySchema,
  listDetailSchema,
  listIdSchema,
  listItemsChangeBodySchema,
  listItemsChangeSchema,
  listItemsQuerySchema,
  listItemsResponseSchema,
  listSchema,
  listsResponseSchema,
  newListBodySchema,
  videoListsQuerySchema,
  videoListsResponseSchema,
} from '../../../common/lists.ts';
import { requireUser } from '../accounts/auth.ts';
import { addItems, pagedItems, removeItems, videoLists } from './items.ts';
import { changeList, createList, listDetail, myLists, removeList, type ListsContext } from './service.ts';

const tags = ['lists'];
const LISTS = '/api/content/lists';
const ITEMS = '/api/content/list_items';
const idParams = z.object({ id: listIdSchema });
/** Before the input is validated, so a visitor learns only that they must sign in. */
const signedIn = async (request: FastifyRequest) => {
  await requireUser(request);
};
const callerId = async (request: FastifyRequest) => (await request.caller()).user?.id ?? null;

/** Spec content §7, the list calls: the user's lists and their items; only the owner changes a list. */
export async function listRoutes(instance: FastifyInstance, { ctx }: { ctx: ListsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Every answer depends on who asks (their lists, `mine`, a private list seen by its owner only).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(LISTS, { preValidation: signedIn, schema: { tags, response: { 200: listsResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { lists: await myLists(ctx, user.id) };
  });

  app.post(
    LISTS,
    { preValidation: signedIn, schema: { tags, body: newListBodySchema, response: { 201: listSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await createList(ctx, user.id, request.body.list));
    },
  );

  app.get(`${LISTS}/:id`, { schema: { tags, params: idParams, response: { 200: listDetailSchema } } }, async (request) =>
    listDetail(ctx, request.params.id, await callerId(request), request.locale),
  );

  app.patch(
    `${LISTS}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, body: listChangesBodySchema, response: { 200: listSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return changeList(ctx, user.id, request.params.id, request.body.list);
    },
  );

  app.delete(
    `${LISTS}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: z.null().describe('Deleted: no body') } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await removeList(ctx, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/content/video_lists',
    { preValidation: signedIn, schema: { tags, querystring: videoListsQuerySchema, response: { 200: videoListsResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { video_lists: await videoLists(ctx, user.id, request.query) };
    },
  );

  app.get(ITEMS, { schema: { tags, querystring: listItemsQuerySchema, response: { 200: listItemsResponseSchema } } }, async (request) =>
    pagedItems(ctx, request.query, await callerId(request), request.locale),
  );

  app.post(
    ITEMS,
    { preValidation: signedIn, schema: { tags, body: listItemsChangeBodySchema, response: { 201: listItemsChangeSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await addItems(ctx, user.id, request.body));
    },
  );

  app.delete(
    ITEMS,
    { preValidation: signedIn, schema: { tags, body: listItemsChangeBodySchema, response: { 200: listItemsChangeSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return removeItems(ctx, user.id, request.body);
    },
  );
}
