import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  noticeIdParamsSchema,
  noticeReadSchema,
  noticesPageSchema,
  noticesQuerySchema,
  readAllBodySchema,
  readAllSchema,
  unreadCountSchema,
} from '../../../common/notice-centre.ts';
import { requireUser } from '../accounts/auth.ts';
import { listNotices, markAllNoticesRead, markNoticeRead, unreadCount, type NoticeCentreContext } from './service.ts';

const NOTICES = '/api/current_user/notices';
const tags = ['notice centre'];
/** Before the input is validated, so a visitor learns only that they must sign in. */
const signedIn = async (request: FastifyRequest) => {
  await requireUser(request);
};

/**
 * The header's notice centre (issue 28): the caller's own notices, their unread count, and marking
 * them read. Every call is the caller's alone: another user's notice is not found, an admin's too.
 */
export async function noticeCentreRoutes(instance: FastifyInstance, { ctx }: { ctx: NoticeCentreContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    NOTICES,
    { preValidation: signedIn, schema: { tags, querystring: noticesQuerySchema, response: { 200: noticesPageSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return listNotices(ctx, user.id, request.query);
    },
  );

  app.get(
    `${NOTICES}/unread_count`,
    { preValidation: signedIn, schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return { unread_count: await unreadCount(ctx, user.id) };
    },
  );

  app.post(
    `${NOTICES}/:id/read`,
    { preValidation: signedIn, schema: { tags, params: noticeIdParamsSchema, response: { 200: noticeReadSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return markNoticeRead(ctx, user.id, request.params.id);
    },
  );

  app.post(
    `${NOTICES}/read_all`,
    { preValidation: signedIn, schema: { tags, body: readAllBodySchema, response: { 200: readAllSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return markAllNoticesRead(ctx, user.id, request.body?.up_to);
    },
  );
}
