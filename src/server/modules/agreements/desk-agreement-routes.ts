import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreementSchema } from '../../../common/agreements.ts';
import {
  deskAgreementChangeSchema,
  deskAgreementCreateSchema,
  deskAgreementParamsSchema,
  deskTopUpSchema,
} from '../../../common/desk-agreements.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { changeDeskAgreement, createDeskAgreement, deactivateDeskAgreement, topUpDeskAgreement } from './desk-agreements.ts';
import type { AgreementsContext } from './service.ts';

const tags = ['desk', 'agreements'];
const BASE = '/api/desk/agreements';

/** The sales desk's agreements (issue 29): make, change, top up and deactivate. */
export async function deskAgreementRoutes(instance: FastifyInstance, { ctx }: { ctx: AgreementsContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const sales = staffOnly('sales');

  app.post(
    BASE,
    { preValidation: sales, schema: { tags, body: deskAgreementCreateSchema, response: { 201: agreementSchema } } },
    async (request, reply) => reply.status(201).send(await createDeskAgreement(ctx, await actorOf(request), request.body)),
  );
  app.patch(
    `${BASE}/:id`,
    {
      preValidation: sales,
      schema: { tags, params: deskAgreementParamsSchema, body: deskAgreementChangeSchema, response: { 200: agreementSchema } },
    },
    async (request) => changeDeskAgreement(ctx, await actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${BASE}/:id/top_ups`,
    {
      preValidation: sales,
      schema: { tags, params: deskAgreementParamsSchema, body: deskTopUpSchema, response: { 200: agreementSchema } },
    },
    async (request) => topUpDeskAgreement(ctx, await actorOf(request), request.params.id, request.body),
  );
  app.post(
    `${BASE}/:id/deactivation`,
    { preValidation: sales, schema: { tags, params: deskAgreementParamsSchema, response: { 200: agreementSchema } } },
    async (request) => deactivateDeskAgreement(ctx, await actorOf(request), request.params.id),
  );
}
