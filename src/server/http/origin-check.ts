import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { isAllowedOrigin } from './app-url.ts';
import { Forbidden } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Headers = Record<string, string | string[] | undefined>;

/**
 * Whether a request comes from another site: its Origin is not one of ours (or is `null`), or, without an
 * Origin, the browser says it is cross-site. Unsafe methods and the WebSocket upgrade at /cable ask.
 */
export function isForeignOrigin(config: Config, request: { headers: Headers }): boolean {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof origin === 'string' && origin !== '') return origin === 'null' || !isAllowedOrigin(config, origin);
  return fetchSite === 'cross-site';
}

export const forbiddenOrigin = () => new Forbidden({ code: 'forbidden_origin', message: 'Requests from other sites are not allowed' });

/**
 * Unsafe methods from a foreign Origin are refused with 403 (with SameSite=Lax cookies, the second
 * line against cross-site request forgery). Calls without Origin (API clients, curl) pass, unless
 * the browser says the request is cross-site.
 */
export const originCheck = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.addHook('onRequest', async (request) => {
      if (UNSAFE.has(request.method) && isForeignOrigin(config, request)) throw forbiddenOrigin();
    });
  },
  { name: 'origin-check' },
);
