import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_LIMITS } from '../../../common/client-error-limits.ts';
import {
  clientErrorsAcceptedSchema,
  clientErrorsBodySchema,
  clientErrorsPageSchema,
  clientErrorsQuerySchema,
} from '../../../common/client-errors.ts';
import { staffOnly } from '../desk/routes.ts';
import { listClientErrors, storeClientErrors, type ClientErrorsContext } from './service.ts';

/**
 * Browser error reports: any browser sends them (a visitor's too; a session adds its user), the
 * admin desk reads them. A body past 16 KiB is refused with 413 before it is read.
 */
export async function clientErrorRoutes(instance: FastifyInstance, { ctx }: { ctx: ClientErrorsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/client_errors',
    {
      bodyLimit: CLIENT_ERROR_LIMITS.bodyBytes,
      schema: { tags: ['client errors'], body: clientErrorsBodySchema, response: { 202: clientErrorsAcceptedSchema } },
    },
    async (request, reply) => {
      const userId = (await request.caller()).user?.id ?? null;
      const stored = await storeClientErrors(ctx, { userId, ip: request.ip }, request.body.reports);
      return reply.status(202).send({ stored });
    },
  );

  app.get(
    '/api/desk/client_errors',
    {
      preValidation: staffOnly('admin'),
      schema: { tags: ['desk', 'client errors'], querystring: clientErrorsQuerySchema, response: { 200: clientErrorsPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listClientErrors(ctx, request.query);
    },
  );
}
