import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertBodySchema, alertChangesBodySchema, alertSchema, alertsResponseSchema } from '../../../common/alerts.ts';
import { zod } from '../../../common/validators.ts';
import { requireAdminRole } from '../accounts/auth.ts';
import type { AlertsContext } from './service.ts';
import { createAlert, deleteAlert, listAlerts, updateAlert } from './service.ts';

const ADMIN_ALERTS = '/api/admin/content/alerts';
const idParams = z.object({ id: zod.idParam() });
/** Before the input is validated, so only admins learn what a valid alert is. */
const adminOnly = async (request: FastifyRequest) => {
  await requireAdminRole(request, 'live');
};

/**
 * Alert bars: everyone reads them (spec: content §7 GET /api/content/alerts); admins write them
 * under /api/admin (docs/decisions.md "Alerts: admin calls"), and every change is broadcast at once.
 */
export async function alertRoutes(instance: FastifyInstance, { ctx }: { ctx: AlertsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/content/alerts', { schema: { tags: ['alerts'], response: { 200: alertsResponseSchema } } }, async (_request, reply) => {
    // Changes arrive on the alerts channel; a cached answer could undo one.
    reply.header('cache-control', 'no-cache');
    return listAlerts(ctx);
  });

  app.post(
    ADMIN_ALERTS,
    { preValidation: adminOnly, schema: { tags: ['admin', 'alerts'], body: alertBodySchema, response: { 201: alertSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await createAlert(ctx, request.body.alert));
    },
  );

  app.patch(
    `${ADMIN_ALERTS}/:id`,
    {
      preValidation: adminOnly,
      schema: { tags: ['admin', 'alerts'], params: idParams, body: alertChangesBodySchema, response: { 200: alertSchema } },
    },
    async (request) => {
      return updateAlert(ctx, request.params.id, request.body.alert);
    },
  );

  app.delete(
    `${ADMIN_ALERTS}/:id`,
    {
      preValidation: adminOnly,
      schema: { tags: ['admin', 'alerts'], params: idParams, response: { 204: z.null().describe('Deleted: no body') } },
    },
    async (request, reply) => {
      await deleteAlert(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
