import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingBodySchema,
  bookingResponseSchema,
  broadcastEventsResponseSchema,
  broadcastTownSchema,
  broadcastTownsResponseSchema,
} from '../../../common/broadcast.ts';
import { NotFound } from '../../http/errors.ts';
import { bookStudio, type BroadcastContext } from './bookings.ts';
import { listUpcomingEvents } from './events.ts';
import { townPhotoSvg } from './photos.ts';
import { BROADCAST_PHOTO_SCENES, type BroadcastPhotoScene } from './schema.ts';
import { findTown, listTowns, townDetail } from './towns.ts';

const tags = ['broadcast'];
const BASE = '/api/content/broadcast';
const slugParams = z.object({ slug: z.string().min(1).max(100) });
const PHOTO = new RegExp(`^([a-z0-9-]+)-(${BROADCAST_PHOTO_SCENES.join('|')})\\.svg$`);

/**
 * Broadcast services (spec: content §2, §3 "Broadcast town", "Broadcast event"; the spec shows no
 * paths, so these are ours, docs/decisions.md): the studio towns, the future events and the booking
 * form, open to everyone, signed in or not; and the towns' generated pictures under /media/broadcast.
 */
export async function broadcastRoutes(instance: FastifyInstance, { ctx }: { ctx: BroadcastContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/towns`, { schema: { tags, response: { 200: broadcastTownsResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return listTowns(ctx, request.locale);
  });

  app.get(
    `${BASE}/towns/:slug`,
    { schema: { tags, params: slugParams, response: { 200: broadcastTownSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return townDetail(ctx, request.params.slug, request.locale);
    },
  );

  app.get(`${BASE}/events`, { schema: { tags, response: { 200: broadcastEventsResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return listUpcomingEvents(ctx, request.locale);
  });

  app.post(
    `${BASE}/towns/:slug/bookings`,
    { schema: { tags, params: slugParams, body: bookingBodySchema, response: { 201: bookingResponseSchema } } },
    async (request, reply) => {
      const booking = await bookStudio(ctx, {
        town: request.params.slug,
        form: request.body.booking,
        locale: request.locale,
        ip: request.ip,
      });
      return reply.status(201).send({ booking });
    },
  );

  app.get('/media/broadcast/:file', { schema: { hide: true, params: z.object({ file: z.string().max(120) }) } }, async (request, reply) => {
    const match = PHOTO.exec(request.params.file);
    const town = match?.[1] ? await findTown(ctx, match[1]) : undefined;
    const scene = match?.[2] as BroadcastPhotoScene | undefined;
    if (!town || !scene || !town.photos.includes(scene)) throw new NotFound({ code: 'media_not_found', message: 'No such file' });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(townPhotoSvg(town.slug, town.names.en, scene, town.position));
  });
}
