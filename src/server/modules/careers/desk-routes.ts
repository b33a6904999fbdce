import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  careerApplicationChangeSchema,
  deskCareerApplicationSchema,
  deskCareerApplicationsQuerySchema,
  deskCareerApplicationsSchema,
} from '../../../common/desk-careers.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { changeApplication, listDeskApplications } from './application-desk.ts';

const tags = ['desk', 'careers'];
const BASE = '/api/desk/career_applications';

/** The business desk's careers inbox (issue 29): the sales role (and admins). */
export async function careerDeskRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    {
      preValidation: staffOnly('sales'),
      schema: { tags, querystring: deskCareerApplicationsQuerySchema, response: { 200: deskCareerApplicationsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { applications: await listDeskApplications(ctx, await actorOf(request), request.query) };
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      preValidation: staffOnly('sales'),
      schema: {
        tags,
        params: z.object({ id: zod.idParam() }),
        body: careerApplicationChangeSchema,
        description:
          'A move (refused with 409 when `from` is not the current state or the move is not allowed), an assignee (sales staff, or null), the desk note. A move to interview or declined mails the applicant the `message`.',
        response: { 200: deskCareerApplicationSchema },
      },
    },
    async (request) => changeApplication(ctx, await actorOf(request), request.params.id, request.body),
  );
}
