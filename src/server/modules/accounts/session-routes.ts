import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, signInBodySchema, twoFactorSchema } from '../../../common/accounts.ts';
import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { appBaseUrl } from '../../http/app-url.ts';
import { noStore } from '../../http/cache.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie, TWO_FACTOR_COOKIE } from './auth.ts';
import { answerSignIn, TWO_FACTOR_PATH } from './sign-in-reply.ts';
import { currentUserView } from './current-user.ts';
import { client } from './http.ts';
import { endSession } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { verifyTwoFactor } from './two-factor.ts';

const tags = ['session'];

export async function sessionRoutes(instance: FastifyInstance, { ctx, config }: { ctx: ServiceContext; config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/sign_in.json',
    { schema: { tags, body: signInBodySchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      noStore(reply);
      const result = await signIn(ctx, { ...request.body.user, previousSessionToken: request.cookies[SESSION_COOKIE] }, client(request), {
        base: appBaseUrl(config, request),
      });
      return answerSignIn(ctx, request, reply, result);
    },
  );

  app.post(
    `${TWO_FACTOR_PATH}/token_verifications`,
    { schema: { tags, body: twoFactorSchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      noStore(reply);
      const result = await verifyTwoFactor(
        ctx,
        { challenge: request.cookies[TWO_FACTOR_COOKIE], code: request.body.token, previousSessionToken: request.cookies[SESSION_COOKIE] },
        client(request),
        { base: appBaseUrl(config, request) },
      );
      reply.clearCookie(TWO_FACTOR_COOKIE, { path: TWO_FACTOR_PATH, httpOnly: true, sameSite: 'strict', secure: request.overHttps });
      setSessionCookie(reply, result.session.token, result.session.maxAgeSeconds);
      return currentUserView(ctx, result.user);
    },
  );

  app.delete('/users/sign_out.json', { schema: { tags } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(ctx, token);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
}
