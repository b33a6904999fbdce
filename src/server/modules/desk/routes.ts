import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  deskMeSchema,
  staffMemberSchema,
  staffResponseSchema,
  staffRolesBodySchema,
} from '../../../common/desk.ts';
import type { DeskRole } from '../../../common/desk-roles.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { requireStaff } from '../accounts/auth.ts';
import { listAudit, type Actor } from './audit.ts';
import { listStaff, setStaffRoles } from './staff.ts';

export type DeskContext = Pick<ServiceContext, 'db' | 'clock'>;

const tags = ['desk'];
const idParams = z.object({ id: zod.idParam() });
const noStore = { 'cache-control': 'no-store' };

/** Checked before the input is, so only staff learn what a valid desk call is. */
export const staffOnly = (role?: DeskRole) => async (request: FastifyRequest) => {
  await requireStaff(request, role);
};

/** The acting staff member of a desk call that has passed `staffOnly`. */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const { user } = await requireStaff(request);
  return { userId: user.id, ip: request.ip };
}

/** The desk's own calls: who is at the desk, the staff and their roles, the audit log. */
export async function deskRoutes(instance: FastifyInstance, { ctx }: { ctx: DeskContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/desk/me', { preValidation: staffOnly(), schema: { tags, response: { 200: deskMeSchema } } }, async (request, reply) => {
    const { user } = await requireStaff(request);
    reply.headers(noStore);
    return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), desk_roles: user.deskRoles };
  });

  app.get(
    '/api/desk/staff',
    { preValidation: staffOnly('admin'), schema: { tags, response: { 200: staffResponseSchema } } },
    async (_request, reply) => {
      reply.headers(noStore);
      return { staff: await listStaff(ctx) };
    },
  );

  app.put(
    '/api/desk/staff/:id',
    {
      preValidation: staffOnly('admin'),
      schema: { tags, params: idParams, body: staffRolesBodySchema, response: { 200: staffMemberSchema } },
    },
    async (request) => setStaffRoles(ctx, await actorOf(request), request.params.id, request.body.desk_roles),
  );

  app.get(
    '/api/desk/audit',
    { preValidation: staffOnly('admin'), schema: { tags, querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listAudit(ctx.db, request.query);
    },
  );
}
