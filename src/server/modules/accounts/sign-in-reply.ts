import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_LIMITS, type CurrentUser } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { setSessionCookie, TWO_FACTOR_COOKIE } from './auth.ts';
import { currentUserView } from './current-user.ts';
import { accountErrors } from './errors.ts';
import type { SignInResult } from './sign-in.ts';

/** Where the admin's second step is sent; the pending challenge's cookie is only sent there. */
export const TWO_FACTOR_PATH = '/api/admin/users/admins';

/**
 * The answer of a call that signs a user in (sign-in, the account transfer): the session cookie and
 * the current user, or for an admin the pending challenge's cookie and 401 `user_need_2FA`, after
 * which the browser asks for the e-mailed code (spec accounts §8).
 */
export async function answerSignIn(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  result: SignInResult,
): Promise<CurrentUser> {
  if (result.kind === 'two_factor') {
    reply.setCookie(TWO_FACTOR_COOKIE, result.challenge, {
      path: TWO_FACTOR_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.overHttps,
      maxAge: ACCOUNT_LIMITS.twoFactorMinutes * 60,
    });
    throw accountErrors.needTwoFactor();
  }
  setSessionCookie(reply, result.session.token, result.session.maxAgeSeconds);
  return currentUserView(ctx, result.user);
}
