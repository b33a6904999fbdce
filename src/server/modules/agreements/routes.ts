import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementSchema,
  agreementsResponseSchema,
  availableForOperationsSchema,
  CONTENT_KINDS,
  purchasePossibilityQuerySchema,
  purchasePossibilitySchema,
} from '../../../common/agreements.ts';
import { operationSchema } from '../../../common/payments.ts';
import { planningAccessSchema, planningSectionSchema } from '../../../common/planning.ts';
import { plansResponseSchema } from '../../../common/plans.ts';
import {
  newPlanRequestSchema,
  planRequestBodySchema,
  planRequestSchema,
  planRequestsResponseSchema,
} from '../../../common/plan-requests.ts';
import { zod } from '../../../common/validators.ts';
import type { PassVerification } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid } from '../../http/errors.ts';
import { requireAdminRole, requireUser } from '../accounts/auth.ts';
import type { RecaptchaVerifier } from '../accounts/recaptcha.ts';
import { planningAccess, planningSection } from './planning.ts';
import { planCatalogue } from './plans.ts';
import {
  approvePlanRequest,
  createPlanRequest,
  declinePlanRequest,
  DEFAULT_REQUEST_BALANCE,
  listAllPlanRequests,
  listPlanRequests,
  newPlanRequest,
} from './plan-requests.ts';
import { acceptAgreement, availableForOperations, listAgreements, operationOf, purchasePossibility, setAutoRenewal } from './service.ts';

type Deps = { ctx: ServiceContext; recaptcha: RecaptchaVerifier; passVerification: PassVerification };

const tags = ['agreements'];
const idParams = z.object({ id: zod.idParam() });
const CURRENT = '/api/current_user/agreements';
const approvalBodySchema = z
  .object({ balances: z.partialRecord(z.enum(CONTENT_KINDS), z.number().int().min(0).max(100_000)).optional() })
  .optional();

/** Before the input is validated, so only admins learn what a valid decision is. */
const adminOnly = async (request: FastifyRequest) => {
  await requireAdminRole(request, 'sales');
};

/** Spec: accounts §7 "Agreements" and the planning calls of "System". */
export async function agreementRoutes(instance: FastifyInstance, { ctx, recaptcha, passVerification }: Deps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // The choose-plan page's catalogue, priced in the variant's currency (docs/decisions.md "Plan catalogue").
  app.get('/api/plans', { schema: { tags, response: { 200: plansResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    reply.header('vary', 'site');
    return planCatalogue(request.siteVariant);
  });

  app.get(CURRENT, { schema: { tags, response: { 200: agreementsResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return listAgreements(ctx, user);
  });

  app.get(`${CURRENT}/available_for_operations`, { schema: { tags, response: { 200: availableForOperationsSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return availableForOperations(ctx, user);
  });

  // A visitor holds no agreement: the guest variant answers the same shape, empty.
  app.get(
    '/api/current_guest/agreements/available_for_operations',
    { schema: { tags, response: { 200: availableForOperationsSchema } } },
    async () => ({
      agreements: [],
    }),
  );

  app.get(
    `${CURRENT}/purchase_possibility`,
    { schema: { tags, querystring: purchasePossibilityQuerySchema, response: { 200: purchasePossibilitySchema } } },
    async (request) => {
      const caller = await request.caller();
      return purchasePossibility({ ...ctx, passVerification }, caller.user, request.query.agreement_type);
    },
  );

  app.get(
    '/api/current_user/operations/:id',
    { schema: { tags, params: idParams, response: { 200: operationSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return operationOf(ctx, user, request.params.id);
    },
  );

  app.post(`${CURRENT}/:id/accepts`, { schema: { tags, params: idParams, response: { 200: agreementSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return acceptAgreement(ctx, user, request.params.id);
  });

  app.post(`${CURRENT}/:id/opt_ins`, { schema: { tags, params: idParams, response: { 200: agreementSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return setAutoRenewal(ctx, user, request.params.id, true);
  });

  app.post(`${CURRENT}/:id/opt_outs`, { schema: { tags, params: idParams, response: { 200: agreementSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return setAutoRenewal(ctx, user, request.params.id, false);
  });

  // Plan requests (the demo form for enterprise and regional plans).
  app.get('/api/agreement_requests/new', { schema: { tags, response: { 200: newPlanRequestSchema } } }, async (request) => {
    const caller = await request.caller();
    return newPlanRequest(caller.user);
  });

  const submit = async (request: FastifyRequest & { body: z.infer<typeof planRequestBodySchema> }, signedIn: boolean) => {
    const caller = signedIn ? await requireUser(request) : await request.caller();
    const form = request.body.agreement_request;
    const check = await recaptcha.verify(form.recaptcha_response ?? '', request.ip);
    if (!check.success)
      throw new Invalid([
        { code: 'recaptcha_failed', message: 'Please confirm you are not a robot', field: 'agreement_request.recaptcha_response' },
      ]);
    return createPlanRequest(ctx, caller.user, form, request.locale);
  };
  app.post(
    '/api/agreement_requests',
    { schema: { tags, body: planRequestBodySchema, response: { 201: planRequestSchema } } },
    async (request, reply) => reply.status(201).send(await submit(request, false)),
  );
  app.post(
    '/api/current_user/agreement_requests',
    { schema: { tags, body: planRequestBodySchema, response: { 201: planRequestSchema } } },
    async (request, reply) => reply.status(201).send(await submit(request, true)),
  );
  app.get('/api/current_user/agreement_requests', { schema: { tags, response: { 200: planRequestsResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return listPlanRequests(ctx, user);
  });

  // Decisions on requests: admin calls (the newsroom console will use them).
  const adminTags = ['admin', 'agreements'];
  app.get(
    '/api/admin/agreement_requests',
    { preValidation: adminOnly, schema: { tags: adminTags, response: { 200: planRequestsResponseSchema } } },
    async () => listAllPlanRequests(ctx),
  );
  app.post(
    '/api/admin/agreement_requests/:id/approvals',
    {
      preValidation: adminOnly,
      schema: { tags: adminTags, params: idParams, body: approvalBodySchema, response: { 200: planRequestSchema } },
    },
    async (request) => approvePlanRequest(ctx, request.params.id, { balances: request.body?.balances ?? DEFAULT_REQUEST_BALANCE }),
  );
  app.post(
    '/api/admin/agreement_requests/:id/rejections',
    { preValidation: adminOnly, schema: { tags: adminTags, params: idParams, response: { 200: planRequestSchema } } },
    async (request) => declinePlanRequest(ctx, request.params.id),
  );

  // Planning (spec §6: the menu item shows only when the access check has no error).
  app.get(
    '/api/system/user_access_to_planning_sections',
    { schema: { tags, response: { 200: planningAccessSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return planningAccess(ctx, user, request.locale);
    },
  );
  app.get(
    '/api/system/planning_sections/:id',
    { schema: { tags, params: idParams, response: { 200: planningSectionSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return planningSection(ctx, user, request.params.id, request.locale);
    },
  );
}
