import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountTransferRequestSchema, accountTransferSchema, currentUserSchema, okResponseSchema } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { noStore } from '../../http/cache.ts';
import { completeAccountTransfer, requestAccountTransfer } from './account-transfer.ts';
import { SESSION_COOKIE } from './auth.ts';
import { client } from './http.ts';
import { answerSignIn } from './sign-in-reply.ts';

const tags = ['password'];
const PATH = '/api/users/account_transfers';

/** The account-transfer password page's calls (spec accounts §2; docs/decisions.md "Account transfer"). */
export async function accountTransferRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(PATH, { schema: { tags, body: accountTransferRequestSchema, response: { 202: okResponseSchema } } }, async (request, reply) => {
    await requestAccountTransfer(ctx, request.body.email, client(request));
    return reply.status(202).send({ ok: true as const });
  });

  app.patch(PATH, { schema: { tags, body: accountTransferSchema, response: { 200: currentUserSchema } } }, async (request, reply) => {
    noStore(reply);
    const { email, code, password } = request.body;
    const result = await completeAccountTransfer(
      ctx,
      { email, code, password, previousSessionToken: request.cookies[SESSION_COOKIE] },
      client(request),
    );
    return answerSignIn(ctx, request, reply, result);
  });
}
