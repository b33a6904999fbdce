import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deskPlanRequestsQuerySchema,
  deskPlanRequestsResponseSchema,
  planRequestApprovalBodySchema,
  planRequestRejectionBodySchema,
  planRequestSchema,
} from '../../../common/plan-requests.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { approvePlanRequest, declinePlanRequest, deskPlanRequests } from './plan-requests.ts';

const tags = ['desk', 'agreements'];
const BASE = '/api/desk/plan_requests';
const idParams = z.object({ id: zod.idParam() });

/**
 * The sales desk's plan requests (issue 29): the queue, and each processing request approved
 * (the agreement made from it, with its first balances) or declined with a reason the requester
 * reads; decided once, whoever clicks at the same moment; each decision in the audit log.
 */
export async function planRequestDeskRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, querystring: deskPlanRequestsQuerySchema, response: { 200: deskPlanRequestsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { requests: await deskPlanRequests(ctx, request.query.status) };
    },
  );

  app.post(
    `${BASE}/:id/approvals`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: idParams, body: planRequestApprovalBodySchema, response: { 200: planRequestSchema } },
    },
    async (request) => approvePlanRequest(ctx, request.params.id, { balances: request.body.balances }, { actor: await actorOf(request) }),
  );

  app.post(
    `${BASE}/:id/rejections`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: idParams, body: planRequestRejectionBodySchema, response: { 200: planRequestSchema } },
    },
    async (request) => declinePlanRequest(ctx, request.params.id, { actor: await actorOf(request), reason: request.body.reason }),
  );
}
