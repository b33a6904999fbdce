import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyBodySchema,
  companyMemberSchema,
  companySchema,
  invitationSchema,
  inviteBodySchema,
  memberPatchBodySchema,
  userLimitCreateBodySchema,
  userLimitPatchBodySchema,
  userLimitSchema,
} from '../../../common/company.ts';
import { zod } from '../../../common/validators.ts';
import type { Config } from '../../config.ts';
import { appBaseUrl } from '../../http/app-url.ts';
import { requireUser } from '../accounts/auth.ts';
import { changeLimit, managedLimit, removeLimit, setLimit } from './limits.ts';
import { changeMember, invite, removeMember } from './members.ts';
import { companyToInviteInto, companyView, managedCompany, managedUser, updateCompany, type CompanyContext } from './service.ts';

const tags = ['company'];
const idParams = z.object({ id: zod.idParam() });
const deleted = z.null().describe('Deleted: no body');
/** An admin names the company it acts on; a master's is their own. */
const companyQuery = z.object({ company_id: zod.idParam().optional() });

/**
 * Spec §7 "Company": the caller's company, its members and invitations, and member limits. Who may
 * is decided before the input is read (spec §6: the company's master, or an admin), so nobody else
 * learns what a valid call looks like.
 */
export async function companyRoutes(instance: FastifyInstance, { ctx, config }: { ctx: CompanyContext; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (request: FastifyRequest) => {
    await requireUser(request);
  };

  app.get(
    '/api/current_user/company',
    { preValidation: signedIn, schema: { tags, querystring: companyQuery, response: { 200: companySchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return companyView(ctx, await managedCompany(ctx.db, user, request.query.company_id));
    },
  );

  app.put(
    '/api/current_user/company',
    { preValidation: signedIn, schema: { tags, querystring: companyQuery, body: companyBodySchema, response: { 200: companySchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return updateCompany(ctx, await managedCompany(ctx.db, user, request.query.company_id), request.body.company);
    },
  );

  app.post(
    '/api/current_user/company/members',
    { preValidation: signedIn, schema: { tags, querystring: companyQuery, body: inviteBodySchema, response: { 201: invitationSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const company = await companyToInviteInto(ctx.db, user, request.query.company_id, ctx.clock.now());
      const links = { base: appBaseUrl(config, request) };
      return reply.status(201).send(await invite(ctx, user, company, request.body.email, request.locale, links));
    },
  );

  app.patch(
    '/api/current_user/company/members/:id',
    {
      preValidation: signedIn,
      schema: { tags, params: idParams, body: memberPatchBodySchema, response: { 200: z.union([companyMemberSchema, invitationSchema]) } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const member = await managedUser(ctx.db, user, request.params.id);
      const company = await managedCompany(ctx.db, user, member.companyId ?? undefined);
      return changeMember(ctx, company, member, request.body.member, request.locale, { base: appBaseUrl(config, request) });
    },
  );

  app.delete(
    '/api/current_user/company/members/:id',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await removeMember(ctx, await managedUser(ctx.db, user, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/current_user/user_limits',
    { preValidation: signedIn, schema: { tags, body: userLimitCreateBodySchema, response: { 201: userLimitSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { user_id: userId, kind, limit } = request.body.user_limit;
      const member = await managedUser(ctx.db, user, userId);
      return reply.status(201).send(await setLimit(ctx, member, { kind, limit }));
    },
  );

  app.patch(
    '/api/current_user/user_limits/:id',
    { preValidation: signedIn, schema: { tags, params: idParams, body: userLimitPatchBodySchema, response: { 200: userLimitSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return changeLimit(ctx, await managedLimit(ctx, user, request.params.id), request.body.user_limit.limit);
    },
  );

  app.delete(
    '/api/current_user/user_limits/:id',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await removeLimit(ctx, await managedLimit(ctx, user, request.params.id));
      return reply.status(204).send(null);
    },
  );
}
