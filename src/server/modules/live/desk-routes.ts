import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deskEventChangesSchema,
  deskEventInputSchema,
  deskEventPeopleSchema,
  deskEventSchema,
  deskEventsPageSchema,
  deskEventsQuerySchema,
  deskStatusBodySchema,
  pictureHealthSchema,
} from '../../../common/live-desk.ts';
import { zod } from '../../../common/validators.ts';
import type { DownloadFiles } from '../downloads/files.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { pictureHealth } from './desk-health.ts';
import {
  changeDeskStatus,
  createDeskEvent,
  deskEvent,
  deskEventRow,
  eventPeople,
  listDeskEvents,
  recordPictureChange,
  regenerateStreamKey,
  updateDeskEvent,
  type DeskLiveContext,
} from './desk-events.ts';
import { EVENT_IMAGE_MAX_BYTES, removeEventImage, uploadEventImage } from './event-images.ts';

const tags = ['desk', 'live'];
const EVENTS = '/api/desk/live/events';
const idParams = z.object({ id: zod.idParam() });
const noStore = { 'cache-control': 'no-store' };
const live = staffOnly('live');

export type DeskLiveRouteContext = DeskLiveContext & { files: DownloadFiles; secret: string };

/** The live producer's desk (role live): events, stream keys, status, picture health, bookings and targets. */
export async function deskLiveRoutes(instance: FastifyInstance, { ctx }: { ctx: DeskLiveRouteContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    EVENTS,
    { preValidation: live, schema: { tags, querystring: deskEventsQuerySchema, response: { 200: deskEventsPageSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listDeskEvents(ctx, request.query);
    },
  );

  app.post(
    EVENTS,
    { preValidation: live, schema: { tags, body: deskEventInputSchema, response: { 201: deskEventSchema } } },
    async (request, reply) => reply.status(201).send(await createDeskEvent(ctx, await actorOf(request), request.body)),
  );

  app.get(
    `${EVENTS}/:id`,
    { preValidation: live, schema: { tags, params: idParams, response: { 200: deskEventSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return deskEvent(ctx, request.params.id);
    },
  );

  app.patch(
    `${EVENTS}/:id`,
    { preValidation: live, schema: { tags, params: idParams, body: deskEventChangesSchema, response: { 200: deskEventSchema } } },
    async (request) => updateDeskEvent(ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    `${EVENTS}/:id/status`,
    { preValidation: live, schema: { tags, params: idParams, body: deskStatusBodySchema, response: { 200: deskEventSchema } } },
    async (request) => changeDeskStatus(ctx, await actorOf(request), request.params.id, request.body.status),
  );

  app.post(
    `${EVENTS}/:id/stream_key`,
    { preValidation: live, schema: { tags, params: idParams, response: { 200: deskEventSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return regenerateStreamKey(ctx, await actorOf(request), request.params.id);
    },
  );

  app.get(
    `${EVENTS}/:id/health`,
    { preValidation: live, schema: { tags, params: idParams, response: { 200: pictureHealthSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      await deskEventRow(ctx, request.params.id);
      return pictureHealth(ctx, request.params.id);
    },
  );

  app.get(
    `${EVENTS}/:id/people`,
    { preValidation: live, schema: { tags, params: idParams, response: { 200: deskEventPeopleSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return eventPeople(ctx, request.params.id);
    },
  );

  app.delete(
    `${EVENTS}/:id/picture`,
    { preValidation: live, schema: { tags, params: idParams, response: { 200: deskEventSchema } } },
    async (request) => {
      const before = await deskEventRow(ctx, request.params.id);
      const after = await removeEventImage(ctx, request.params.id);
      return recordPictureChange(ctx, await actorOf(request), before, after);
    },
  );

  await app.register(async (scope) => pictureUpload(scope, ctx));
}

/** PUT …/events/{id}/picture: the image itself (JPEG or PNG, judged by content), drawn by the console's event-images code. */
async function pictureUpload(instance: FastifyInstance, ctx: DeskLiveRouteContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: EVENT_IMAGE_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body));
  app.put(
    `${EVENTS}/:id/picture`,
    {
      preValidation: live,
      bodyLimit: EVENT_IMAGE_MAX_BYTES + 1024,
      schema: { tags, params: idParams, response: { 200: deskEventSchema } },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const before = await deskEventRow(ctx, request.params.id);
      const after = await uploadEventImage(ctx, request.params.id, body);
      return recordPictureChange(ctx, await actorOf(request), before, after);
    },
  );
}
