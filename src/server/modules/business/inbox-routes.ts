import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assigneesSchema,
  deskStudioBookingSchema,
  deskStudioBookingsSchema,
  deskWorldExclusiveSchema,
  deskWorldExclusivesSchema,
  studioBookingChangeSchema,
  studioBookingQuerySchema,
  worldExclusiveChangeSchema,
  worldExclusiveQuerySchema,
} from '../../../common/desk-inbox.ts';
import { zod } from '../../../common/validators.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { listAssignees } from './inbox.ts';
import { changeStudioBooking, listStudioBookings } from './studio-booking-desk.ts';
import { changeWorldExclusive, listWorldExclusives, type InboxContext } from './world-exclusive-desk.ts';

const tags = ['desk', 'inbox'];
const idParams = z.object({ id: zod.idParam() });
const EXCLUSIVES = '/api/desk/world_exclusive_requests';
const STUDIO = '/api/desk/studio_bookings';

/** The business desk's inboxes (issue 29): world-exclusive requests and studio bookings; sales or admin staff. */
export async function inboxRoutes(instance: FastifyInstance, { ctx }: { ctx: InboxContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const sales = staffOnly('sales');

  app.get(
    '/api/desk/inbox/assignees',
    { preValidation: sales, schema: { tags, response: { 200: assigneesSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { assignees: await listAssignees(ctx.db) };
    },
  );

  app.get(
    EXCLUSIVES,
    { preValidation: sales, schema: { tags, querystring: worldExclusiveQuerySchema, response: { 200: deskWorldExclusivesSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { requests: await listWorldExclusives(ctx, await actorOf(request), request.query) };
    },
  );

  app.patch(
    `${EXCLUSIVES}/:id`,
    {
      preValidation: sales,
      schema: { tags, params: idParams, body: worldExclusiveChangeSchema, response: { 200: deskWorldExclusiveSchema } },
    },
    async (request) => changeWorldExclusive(ctx, await actorOf(request), request.params.id, request.body),
  );

  app.get(
    STUDIO,
    { preValidation: sales, schema: { tags, querystring: studioBookingQuerySchema, response: { 200: deskStudioBookingsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { bookings: await listStudioBookings(ctx, await actorOf(request), request.query) };
    },
  );

  app.patch(
    `${STUDIO}/:id`,
    {
      preValidation: sales,
      schema: { tags, params: idParams, body: studioBookingChangeSchema, response: { 200: deskStudioBookingSchema } },
    },
    async (request) => changeStudioBooking(ctx, await actorOf(request), request.params.id, request.body),
  );
}
