import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passApplicationDeclineBodySchema,
  passApplicationSchema,
  passApplicationsResponseSchema,
} from '../../../common/pass-applications.ts';
import { zod } from '../../../common/validators.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { approvePassApplication, declinePassApplication, listPassApplications } from './pass-applications.ts';
import type { PaymentsContext } from './purchases.ts';

const tags = ['desk', 'payments'];
const idParams = z.object({ id: zod.idParam() });
const BASE = '/api/desk/pass_applications';

/** The sales desk's pass applications (docs/decisions.md "Applying for a pass (issue 25)"): sales or admin staff. */
export async function passApplicationRoutes(instance: FastifyInstance, { ctx }: { ctx: PaymentsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    { preValidation: staffOnly('sales'), schema: { tags, response: { 200: passApplicationsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { applications: await listPassApplications(ctx) };
    },
  );

  app.post(
    `${BASE}/:id/approvals`,
    { preValidation: staffOnly('sales'), schema: { tags, params: idParams, response: { 200: passApplicationSchema } } },
    async (request) => approvePassApplication(ctx, await actorOf(request), request.params.id),
  );

  app.post(
    `${BASE}/:id/declines`,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, params: idParams, body: passApplicationDeclineBodySchema, response: { 200: passApplicationSchema } },
    },
    async (request) => declinePassApplication(ctx, await actorOf(request), request.params.id, request.body.reason),
  );
}
