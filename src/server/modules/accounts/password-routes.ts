import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailBodySchema,
  newPasswordBodySchema,
  okResponseSchema,
  passwordChangeBodySchema,
  unlockBodySchema,
} from '../../../common/accounts.ts';
import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { appBaseUrl } from '../../http/app-url.ts';
import { requireUser } from './auth.ts';
import { client } from './http.ts';
import { changePassword, requestPasswordReset, resetPassword, unlockAccount } from './passwords-service.ts';

const tags = ['password'];

export async function passwordRoutes(instance: FastifyInstance, { ctx, config }: { ctx: ServiceContext; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/password_instructions',
    { schema: { tags, body: emailBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, client(request), { base: appBaseUrl(config, request) });
      return { ok: true as const };
    },
  );

  app.patch('/users/password', { schema: { tags, body: newPasswordBodySchema, response: { 200: okResponseSchema } } }, async (request) => {
    await resetPassword(ctx, request.body.user);
    return { ok: true as const };
  });

  app.post('/api/users/unlock', { schema: { tags, body: unlockBodySchema, response: { 200: okResponseSchema } } }, async (request) => {
    await unlockAccount(ctx, request.body.unlock_token);
    return { ok: true as const };
  });

  app.patch(
    '/api/current_user/password',
    { schema: { tags, body: passwordChangeBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const caller = await requireUser(request);
      await changePassword(ctx, caller.user, request.body.user, { keepIdHash: caller.sessionIdHash, ip: request.ip });
      return { ok: true as const };
    },
  );
}
