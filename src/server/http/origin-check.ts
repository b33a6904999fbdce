import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { isAllowedOrigin } from './app-url.ts';
import { Forbidden } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Unsafe methods from a foreign Origin are refused with 403 (with SameSite=Lax cookies, the second
 * line against cross-site request forgery). Calls without Origin (API clients, curl) pass, unless
 * the browser says the request is cross-site.
 */
export const originCheck = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.addHook('onRequest', async (request) => {
      if (!UNSAFE.has(request.method)) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      const foreign = origin ? origin === 'null' || !isAllowedOrigin(config, request, origin) : fetchSite === 'cross-site';
      if (foreign) throw new Forbidden({ code: 'forbidden_origin', message: 'Requests from other sites are not allowed' });
    });
  },
  { name: 'origin-check' },
);
