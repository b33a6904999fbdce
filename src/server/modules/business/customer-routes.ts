import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerActionParamsSchema,
  customerDetailSchema,
  customerPlanDetailsSchema,
  customersPageSchema,
  customersQuerySchema,
} from '../../../common/customers.ts';
import { zod } from '../../../common/validators.ts';
import type { Config } from '../../config.ts';
import { appBaseUrl } from '../../http/app-url.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { actOnCustomer, customerDetail, customerPlanDetails, findCustomers, type CustomersContext } from './customers.ts';

const tags = ['desk', 'customers'];
const BASE = '/api/desk/customers';

/** The business desk's customers (issue 29): the sales role (and admins). */
export async function customerRoutes(instance: FastifyInstance, { ctx, config }: { ctx: CustomersContext; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    { preValidation: staffOnly('sales'), schema: { tags, querystring: customersQuerySchema, response: { 200: customersPageSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return findCustomers(ctx, request.query);
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: z.object({ id: zod.idParam() }), response: { 200: customerDetailSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customerDetail(ctx, request.params.id);
    },
  );

  app.get(
    `${BASE}/:id/plan_details`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: z.object({ id: zod.idParam() }), response: { 200: customerPlanDetailsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customerPlanDetails(ctx, request.params.id);
    },
  );

  app.post(
    `${BASE}/:id/:action`,
    { preValidation: staffOnly('sales'), schema: { tags, params: customerActionParamsSchema, response: { 200: customerDetailSchema } } },
    async (request) =>
      actOnCustomer(ctx, await actorOf(request), request.params.id, request.params.action, { base: appBaseUrl(config, request) }),
  );
}
