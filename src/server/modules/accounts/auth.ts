import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ERROR_CODES } from '../../../common/errors.ts';
import { SIGNED_IN_COOKIE } from '../../../common/signed-in-cookie.ts';
import { hasDeskRole, isStaff, type DeskRole } from '../../../common/desk-roles.ts';
import { Forbidden, NotFound, Unauthenticated } from '../../http/errors.ts';
import { accountErrors } from './errors.ts';
import { findSession, type SessionRead, type UserRow } from './sessions.ts';

export const SESSION_COOKIE = 'session';
export const TWO_FACTOR_COOKIE = 'two_factor_challenge';

export type Caller = { user: UserRow; sessionIdHash: string; token: string } | { user: null; expired: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller, looked up once per request from the session cookie; by `read` when the
     * route reads the session in its own statement (a later call's `read` is not run: the first one's caller stays).
     */
    caller(read?: SessionRead): Promise<Caller>;
  }
}

const callers = new WeakMap<FastifyRequest, Promise<Caller>>();

/**
 * Session cookies: HttpOnly, SameSite=Lax, Secure over HTTPS, path /; with the signed-in hint the
 * browser's code reads, for as long (src/common/signed-in-cookie.ts).
 */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.overHttps,
    maxAge: maxAgeSeconds,
  });
  reply.setCookie(SIGNED_IN_COOKIE, signedInHint(), { path: '/', sameSite: 'lax', secure: reply.request.overHttps, maxAge: maxAgeSeconds });
}

/** A new value for each sign-in, so the browser can tell a newer hint from the one it asked with. */
const signedInHint = () => randomBytes(6).toString('hex');

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: reply.request.overHttps });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/', sameSite: 'lax', secure: reply.request.overHttps });
}

/**
 * A page's shell for a browser with a session cookie but no hint (a session from before the hint,
 * or a hint the app dropped): the hint again, for the browser's session, when the session is one.
 */
export async function keepSignedInHint(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.cookies[SESSION_COOKIE] || request.cookies[SIGNED_IN_COOKIE]) return;
  if ((await request.caller()).user)
    reply.setCookie(SIGNED_IN_COOKIE, signedInHint(), { path: '/', sameSite: 'lax', secure: request.overHttps });
}

/**
 * Session ids no session has: a cookie that names one is answered as a visitor for a few seconds
 * without asking the database again. Safe because new ids are 256 random bits that were never
 * looked up; it keeps a flood of bogus cookies from costing a query each.
 */
function unknownSessionIds(now: () => number, ttlMs = 10_000, max = 10_000) {
  const until = new Map<string, number>();
  return {
    has: (token: string) => (until.get(token) ?? 0) > now(),
    add: (token: string) => {
      if (until.size >= max) until.delete(until.keys().next().value ?? '');
      until.set(token, now() + ttlMs);
    },
  };
}

/** Who a session cookie belongs to (its session read by `read` when given); HTTP requests (below) and the /cable upgrade both ask. */
export type CallerLookup = (token: string, read?: SessionRead) => Promise<Caller>;

export function callerLookup({ db, clock }: { db: Db; clock: Clock }): CallerLookup {
  const unknown = unknownSessionIds(() => clock.now().getTime());
  return async (token, read) => {
    if (unknown.has(token)) return { user: null, expired: false };
    const found = await findSession(db, token, clock.now(), read);
    if (found.state === 'none') unknown.add(token);
    return found.state === 'active'
      ? { user: found.user, sessionIdHash: found.idHash, token }
      : { user: null, expired: found.state === 'expired' };
  };
}

export const auth = fp(
  async (app: FastifyInstance, { lookUp }: { lookUp: CallerLookup }) => {
    app.decorateRequest('caller', function (this: FastifyRequest, read?: SessionRead) {
      let caller = callers.get(this);
      if (!caller) {
        const token = this.cookies[SESSION_COOKIE];
        caller = token ? lookUp(token, read) : Promise.resolve({ user: null, expired: false });
        callers.set(this, caller);
      }
      return caller;
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/**
 * The signed-in user, or 401 (timeout when the session has just expired); the session read by
 * `read` when the route reads it in its own statement (see FastifyRequest.caller).
 */
export async function requireUser(request: FastifyRequest, read?: SessionRead): Promise<Extract<Caller, { user: UserRow }>> {
  const caller = await request.caller(read);
  if (caller.user) return caller;
  throw caller.expired ? accountErrors.sessionTimeout() : new Unauthenticated();
}

/** Admin actions (spec §6): a signed-in non-admin gets not_admin. */
export async function requireAdmin(request: FastifyRequest): Promise<Extract<Caller, { user: UserRow }>> {
  const caller = await requireUser(request);
  if (!caller.user.isAdmin) throw accountErrors.notAdmin();
  return caller;
}

const deskRoleRequired = (role: DeskRole) => new Forbidden({ code: 'desk_role_required', message: `This needs the desk role ${role}` });

/**
 * An admin action of the spec's (`/api/admin/…`) that belongs to a desk: as requireAdmin, and the
 * admin must hold the desk's role (src/common/desk.ts).
 */
export async function requireAdminRole(request: FastifyRequest, role: DeskRole): Promise<Extract<Caller, { user: UserRow }>> {
  const caller = await requireAdmin(request);
  if (!hasDeskRole(caller.user.deskRoles, role)) throw deskRoleRequired(role);
  return caller;
}

/**
 * A desk call (`/api/desk/…`): to anyone who is not staff the desk does not exist (404, as a route
 * that is not there); staff without the role get 403.
 */
export async function requireStaff(request: FastifyRequest, role?: DeskRole): Promise<Extract<Caller, { user: UserRow }>> {
  const caller = await request.caller();
  const user = caller.user;
  if (!user || !isStaff({ admin: user.isAdmin, desk_roles: user.deskRoles }))
    throw new NotFound({ code: ERROR_CODES.routeNotFound, message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  if (role && !hasDeskRole(user.deskRoles, role)) throw deskRoleRequired(role);
  return { ...caller, user };
}
