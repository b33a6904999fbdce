import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zod } from '../../../common/validators.ts';
import {
  checkEmailQuerySchema,
  checkEmailResponseSchema,
  confirmationBodySchema,
  confirmationTokenQuerySchema,
  confirmationTokenStatusSchema,
  currentUserSchema,
  emailBodySchema,
  okResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
  unconfirmedQuerySchema,
  unconfirmedUserSchema,
} from '../../../common/accounts.ts';
import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { appBaseUrl } from '../../http/app-url.ts';
import { noStore } from '../../http/cache.ts';
import { setSessionCookie } from './auth.ts';
import { currentUserView } from './current-user.ts';
import { client } from './http.ts';
import { checkConfirmationToken, checkEmail, confirmAccount, resendConfirmation, signUp, unconfirmedUser } from './registration.ts';

const tags = ['registration'];

export async function registrationRoutes(instance: FastifyInstance, { ctx, config }: { ctx: ServiceContext; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const links = (request: Parameters<typeof appBaseUrl>[1]) => ({ base: appBaseUrl(config, request) });

  app.post('/users', { schema: { tags, body: signUpBodySchema, response: { 201: signUpResponseSchema } } }, async (request, reply) => {
    const created = await signUp(ctx, request.body.user, request.locale, client(request), links(request));
    return reply.status(201).send(created);
  });

  app.patch(
    '/users/confirmation.json',
    { schema: { tags, body: confirmationBodySchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      noStore(reply);
      const { user, session } = await confirmAccount(ctx, request.body.user, client(request));
      setSessionCookie(reply, session.token, session.maxAgeSeconds);
      return currentUserView(ctx, user);
    },
  );

  app.get(
    '/api/users/check_confirmation_token',
    { schema: { tags, querystring: confirmationTokenQuerySchema, response: { 200: confirmationTokenStatusSchema } } },
    async (request, reply) => {
      noStore(reply);
      return checkConfirmationToken(ctx, request.query.confirmation_token);
    },
  );

  app.get(
    '/api/users/unconfirmed.json',
    { schema: { tags, querystring: unconfirmedQuerySchema, response: { 200: unconfirmedUserSchema } } },
    async (request, reply) => {
      noStore(reply);
      return unconfirmedUser(ctx, request.query.token);
    },
  );

  app.post(
    '/api/users/registrations',
    { schema: { tags, body: emailBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await resendConfirmation(ctx, { email: request.body.email }, client(request), links(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/users/:id/confirmation_instructions',
    { schema: { tags, params: z.object({ id: zod.idParam() }), response: { 200: okResponseSchema } } },
    async (request) => {
      await resendConfirmation(ctx, { id: request.params.id }, client(request), links(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/users/check_email',
    { schema: { tags, querystring: checkEmailQuerySchema, response: { 200: checkEmailResponseSchema } } },
    async (request, reply) => {
      noStore(reply);
      return checkEmail(ctx, request.query.email, client(request));
    },
  );
}
