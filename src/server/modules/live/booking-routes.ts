import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deskLiveBookingSchema,
  deskLiveBookingsQuerySchema,
  deskLiveBookingsSchema,
  liveBookingDeclineBodySchema,
} from '../../../common/desk-live-bookings.ts';
import { assignmentChangeSchema } from '../../../common/desk-inbox.ts';
import { zod } from '../../../common/validators.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { assignBooking, confirmBooking, declineBooking, listBookings } from './booking-desk.ts';
import type { BookingsContext } from './bookings.ts';

const tags = ['desk', 'live'];
const idParams = z.object({ id: zod.idParam() });
const BASE = '/api/desk/live_bookings';

/** The sales desk's live bookings (issue 28): sales or admin staff. */
export async function liveBookingRoutes(instance: FastifyInstance, { ctx }: { ctx: BookingsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, querystring: deskLiveBookingsQuerySchema, response: { 200: deskLiveBookingsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { bookings: await listBookings(ctx, await actorOf(request), request.query) };
    },
  );

  app.post(
    `${BASE}/:id/confirmation`,
    { preValidation: staffOnly('sales'), schema: { tags, params: idParams, response: { 200: deskLiveBookingSchema } } },
    async (request) => confirmBooking(ctx, await actorOf(request), request.params.id),
  );

  app.post(
    `${BASE}/:id/rejection`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: idParams, body: liveBookingDeclineBodySchema, response: { 200: deskLiveBookingSchema } },
    },
    async (request) => declineBooking(ctx, await actorOf(request), request.params.id, request.body.reason),
  );

  app.patch(
    `${BASE}/:id`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: idParams, body: assignmentChangeSchema, response: { 200: deskLiveBookingSchema } },
    },
    async (request) => assignBooking(ctx, await actorOf(request), request.params.id, request.body),
  );
}
