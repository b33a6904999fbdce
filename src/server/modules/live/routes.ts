import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  liveBookingBodySchema,
  liveEventBodySchema,
  liveEventChangesBodySchema,
  liveEventConsoleSchema,
  liveEventDetailSchema,
  liveEventSchema,
  liveEventsQuerySchema,
  liveEventsResponseSchema,
  liveRecordingsResponseSchema,
  recordingEmbedBodySchema,
  recordingEmbedSchema,
  liveTargetBodySchema,
  liveTargetSchema,
  liveTargetsSchema,
  liveTokenBodySchema,
  liveTokenSchema,
  myEventsSchema,
  TRANSCODER_PROVIDERS,
  transcoderProvidersSchema,
  tvuReceiversQuerySchema,
  tvuReceiversSchema,
} from '../../../common/live.ts';
import { zod } from '../../../common/validators.ts';
import { requireAdminRole, requireUser } from '../accounts/auth.ts';
import { NotFound } from '../../http/errors.ts';
import { consoleEvent, consoleView, createEvent, updateEvent, type ConsoleContext } from './admin.ts';
import { EVENT_IMAGE_FILE, EVENT_IMAGE_MAX_BYTES, eventImageStoreKey, removeEventImage, uploadEventImage } from './event-images.ts';
import { availableForCut, embedRecording, listRecordings, type RecordingsContext } from './recording-views.ts';
import { bookEvent, bookingPart, cancelBooking, type BookingsContext } from './bookings.ts';
import { isPlaceholderSize, placeholderSvg } from './placeholder.ts';
import { watchingFor } from './playback.ts';
import { addTarget, deleteTarget, getTarget, listTargets, streamToken } from './targets.ts';
import { receiversOf, type TvuDirectory } from './tvu.ts';
import { announce, detailOf, follow, listEvents, myEvents, unfollowAll, visibleEvent } from './events.ts';

const tags = ['live'];
const adminTags = ['admin', 'live'];
const ADMIN_EVENTS = '/api/admin/content/live/events';
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const idParams = z.object({ id: zod.idParam() });
const signedIn = async (request: FastifyRequest) => {
  await requireUser(request);
};
/** Before the input is validated, so only admins learn what a valid event is. */
const adminOnly = async (request: FastifyRequest) => {
  await requireAdminRole(request, 'live');
};
const userIdOf = async (request: FastifyRequest) => (await request.caller()).user?.id ?? null;

/** Spec content §7, the live calls; the newsroom console's under /api/admin. */
export async function liveRoutes(
  instance: FastifyInstance,
  { ctx }: { ctx: ConsoleContext & RecordingsContext & BookingsContext & { tvu: TvuDirectory } },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/media/live/:file', { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } }, async (request, reply) => {
    const size = /^placeholder-([\w]+)\.svg$/.exec(request.params.file)?.[1] ?? '';
    if (!isPlaceholderSize(size)) throw new NotFound({ code: 'not_found', message: 'No such picture' });
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(placeholderSvg(size));
  });

  app.get(
    '/api/content/live/events',
    { schema: { tags, querystring: liveEventsQuerySchema, response: { 200: liveEventsResponseSchema } } },
    async (request, reply) => {
      // Status changes arrive on the live-events channel; a cached answer could undo one.
      reply.header('cache-control', 'no-cache');
      return listEvents(ctx, request.query, await userIdOf(request), request.locale);
    },
  );

  app.get(
    '/api/content/live/events/:slug',
    { schema: { tags, params: slugParams, response: { 200: liveEventDetailSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const { user } = await request.caller();
      const event = await visibleEvent(ctx, request.params.slug);
      const detail = await detailOf(ctx, event, user?.id ?? null, request.locale);
      const booking = user ? await bookingPart(ctx, user, event) : { booking: null, booking_quote: null };
      return { ...detail, ...(await watchingFor(ctx, detail, user)), ...booking };
    },
  );

  app.get(
    '/api/content/live/events/available_for_cut',
    { preValidation: signedIn, schema: { tags, response: { 200: z.object({ live_events: z.array(liveEventSchema) }) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const { user } = await requireUser(request);
      return availableForCut(ctx, user.id, request.locale);
    },
  );

  app.get(
    '/api/content/live/recordings',
    { schema: { tags, querystring: liveEventsQuerySchema, response: { 200: liveRecordingsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listRecordings(ctx, request.query, await userIdOf(request), request.locale);
    },
  );

  app.post(
    '/api/content/live/recordings/:id/embed',
    {
      preValidation: signedIn,
      schema: { tags, params: idParams, body: recordingEmbedBodySchema, response: { 200: recordingEmbedSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return embedRecording(ctx, user, request.params.id, request.body.book_recording);
    },
  );

  app.get(
    '/api/content/live/current_user/my_events',
    { preValidation: signedIn, schema: { tags, response: { 200: myEventsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return myEvents(ctx, user.id, request.locale);
    },
  );

  for (const [method, following] of [
    ['POST', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: '/api/content/live/events/:slug/subscription',
      preValidation: signedIn,
      schema: { tags, params: slugParams, response: { 200: liveEventSchema } },
      handler: async (request) => {
        const { user } = await requireUser(request);
        return follow(ctx, user, request.params.slug, following, request.locale);
      },
    });

  // The spec leaves the method open: DELETE, as it removes every follow (docs/decisions.md).
  app.delete(
    '/api/content/live/events/subscriptions/destroy_all',
    { preValidation: signedIn, schema: { tags, response: { 200: z.object({ unfollowed: z.number().int() }) } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { unfollowed: await unfollowAll(ctx, user.id) };
    },
  );

  app.post(
    '/api/content/live/events/:slug/bookings',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: slugParams,
        body: liveBookingBodySchema,
        response: { 200: liveEventDetailSchema, 201: liveEventDetailSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { event, created } = await bookEvent(ctx, user, request.params.slug, request.body.booking, request.locale);
      return reply.status(created ? 201 : 200).send(event);
    },
  );

  app.delete(
    '/api/content/live/events/:slug/bookings',
    { preValidation: signedIn, schema: { tags, params: slugParams, response: { 200: liveEventDetailSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return cancelBooking(ctx, user, request.params.slug, request.locale);
    },
  );

  app.get(
    '/api/content/live/events/:slug/targets',
    { preValidation: signedIn, schema: { tags, params: slugParams, response: { 200: liveTargetsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return { targets: await listTargets(ctx, user, request.params.slug) };
    },
  );

  app.post(
    '/api/content/live/events/:slug/targets',
    { preValidation: signedIn, schema: { tags, params: slugParams, body: liveTargetBodySchema, response: { 201: liveTargetSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await addTarget(ctx, user, request.params.slug, request.body.target));
    },
  );

  app.get(
    '/api/content/live/targets/:id',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: liveTargetSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { user } = await requireUser(request);
      return getTarget(ctx, user, request.params.id);
    },
  );

  app.delete(
    '/api/content/live/targets/:id',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: z.null().describe('Deleted: no body') } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await deleteTarget(ctx, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/content/live/events/:slug/tokens',
    { preValidation: signedIn, schema: { tags, params: slugParams, body: liveTokenBodySchema, response: { 201: liveTokenSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await streamToken(ctx, user, request.params.slug, request.body.language_id));
    },
  );

  app.get(
    '/api/content/live/transcoder_providers',
    { schema: { tags, response: { 200: transcoderProvidersSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { providers: TRANSCODER_PROVIDERS };
    },
  );

  app.get(
    '/api/content/live/tvu/receivers',
    { preValidation: signedIn, schema: { tags, querystring: tvuReceiversQuerySchema, response: { 200: tvuReceiversSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { receivers: await receiversOf(ctx.tvu, user, request.query.username) };
    },
  );

  app.post(
    ADMIN_EVENTS,
    { preValidation: adminOnly, schema: { tags: adminTags, body: liveEventBodySchema, response: { 201: liveEventConsoleSchema } } },
    async (request, reply) => reply.status(201).send(await createEvent(ctx, request.body.live_event)),
  );

  await app.register(async (scope) => eventImageRoutes(scope, ctx));

  app.get(
    `${ADMIN_EVENTS}/:id`,
    { preValidation: adminOnly, schema: { tags: adminTags, params: idParams, response: { 200: liveEventConsoleSchema } } },
    async (request) => consoleEvent(ctx, request.params.id),
  );

  app.patch(
    `${ADMIN_EVENTS}/:id`,
    {
      preValidation: adminOnly,
      schema: { tags: adminTags, params: idParams, body: liveEventChangesBodySchema, response: { 200: liveEventConsoleSchema } },
    },
    async (request) => updateEvent(ctx, request.params.id, request.body.live_event),
  );
}

/**
 * The console's event picture: PUT the image itself (JPEG or PNG, judged by content), DELETE it for
 * the placeholder set; and every size of it, public and cached for good (the name is its hash).
 */
async function eventImageRoutes(instance: FastifyInstance, ctx: ConsoleContext & RecordingsContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Any declared type reaches the content check; a body over the limit is refused before it is read.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: EVENT_IMAGE_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body));

  app.put(
    `${ADMIN_EVENTS}/:id/image`,
    {
      preValidation: adminOnly,
      bodyLimit: EVENT_IMAGE_MAX_BYTES + 1024,
      schema: { tags: adminTags, params: idParams, response: { 200: liveEventConsoleSchema } },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const row = await uploadEventImage(ctx, request.params.id, body);
      await announce(ctx, row);
      return consoleView(ctx, row);
    },
  );

  app.delete(
    `${ADMIN_EVENTS}/:id/image`,
    { preValidation: adminOnly, schema: { tags: adminTags, params: idParams, response: { 200: liveEventConsoleSchema } } },
    async (request) => {
      const row = await removeEventImage(ctx, request.params.id);
      await announce(ctx, row);
      return consoleView(ctx, row);
    },
  );

  const jpeg = z.unknown().describe('The picture in one size, as a JPEG image');
  app.get(
    '/media/live/images/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(80) }), response: { 200: jpeg } } },
    async (request, reply) => {
      const key = EVENT_IMAGE_FILE.test(request.params.file) ? eventImageStoreKey(request.params.file) : null;
      const size = key ? await ctx.files.store.size(key) : null;
      if (!key || size === null) throw new NotFound({ code: 'not_found', message: 'No such picture' });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', size)
        .type('image/jpeg')
        .send(ctx.files.store.read(key));
    },
  );
}
