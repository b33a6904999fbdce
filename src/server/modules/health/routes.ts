import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unavailable } from '../../http/errors.ts';
import { noStore } from '../../http/cache.ts';

const tags = ['health'];

/** /healthz: the process answers. /readyz: the database answers too (load balancers use it). */
export async function healthRoutes(instance: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    { logLevel: 'warn', schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      noStore(reply);
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { tags, response: { 200: z.object({ status: z.literal('ready') }) } } },
    async (request, reply) => {
      noStore(reply);
      try {
        await ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database is not reachable');
        throw new Unavailable({ code: 'database_unavailable', message: 'The database does not answer' });
      }
      return { status: 'ready' as const };
    },
  );
}
