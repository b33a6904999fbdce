import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkBodySchema,
  bulkResultSchema,
  contentActionBodySchema,
  contentActionParamsSchema,
  contentItemSchema,
  contentListSchema,
  contentQuerySchema,
  createContentBodySchema,
  saveContentBodySchema,
} from '../../../common/newsroom-desk.ts';
import { zod } from '../../../common/validators.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { itemView, listItems, saveItem, viewItem } from './desk-items.ts';
import { createDraft } from './items.ts';
import { bulkAction, takeAction, type LifeCycleContext } from './life-cycle.ts';

const tags = ['desk'];
const idParams = z.object({ id: zod.idParam() });
const noStore = { 'cache-control': 'no-store' };
const editor = staffOnly('editor');

/** The newsroom desk's calls on content items (role editor): search, describe, and the life cycle. */
export async function newsroomDeskRoutes(instance: FastifyInstance, { ctx }: { ctx: LifeCycleContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/desk/content',
    { preValidation: editor, schema: { tags, querystring: contentQuerySchema, response: { 200: contentListSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listItems(ctx, request.query);
    },
  );

  app.post(
    '/api/desk/content',
    { preValidation: editor, schema: { tags, body: createContentBodySchema, response: { 201: contentItemSchema } } },
    async (request, reply) => {
      const row = await createDraft(ctx, await actorOf(request), { fields: request.body.fields });
      return reply.code(201).send(await itemView(ctx, row));
    },
  );

  app.post(
    '/api/desk/content/bulk',
    { preValidation: editor, schema: { tags, body: bulkBodySchema, response: { 200: bulkResultSchema } } },
    async (request) => bulkAction(ctx, await actorOf(request), request.body),
  );

  app.get(
    '/api/desk/content/:id',
    { preValidation: editor, schema: { tags, params: idParams, response: { 200: contentItemSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return viewItem(ctx, request.params.id);
    },
  );

  app.patch(
    '/api/desk/content/:id',
    { preValidation: editor, schema: { tags, params: idParams, body: saveContentBodySchema, response: { 200: contentItemSchema } } },
    async (request) => saveItem(ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/desk/content/:id/:action',
    {
      preValidation: editor,
      schema: { tags, params: contentActionParamsSchema, body: contentActionBodySchema.default({}), response: { 200: contentItemSchema } },
    },
    async (request) => takeAction(ctx, await actorOf(request), request.params.id, request.params.action, request.body ?? {}),
  );
}
