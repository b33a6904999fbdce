import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unavailable } from '../../http/errors.ts';
import { noStore } from '../../http/cache.ts';
import type { DrainState } from './drain.ts';

const tags = ['health'];

/** A dependency readiness waits for: the error code it answers when down, and a check that throws then. */
export type ReadinessCheck = {
  name: 'database' | 'redis' | 's3' | 'web';
  code: 'database_unavailable' | 'redis_unavailable' | 'storage_unavailable' | 'web_app_building';
  what: string;
  /** What the answer says when it is down, if not "… does not answer". */
  down?: string;
  ping: () => Promise<void>;
};

/** Past this, a dependency that has not answered counts as down: a load balancer's probe does not hang. */
const CHECK_TIMEOUT_MS = 2_000;

const withinTimeout = (check: ReadinessCheck) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${check.name} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    check
      .ping()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });

/**
 * /healthz: the process answers. /readyz: every dependency it is configured with answers too (the
 * database, Redis when real-time messages travel through it, the bucket when files are in S3): load
 * balancers take a process whose messages would be lost out of rotation; and the browser app's shell
 * when it is served (the first start builds it while the API answers). From the first moment of a
 * shutdown's drain (drain.ts), readiness answers 503 `shutting_down` whatever its dependencies say.
 */
export async function healthRoutes(instance: FastifyInstance, { checks, drain }: { checks: ReadinessCheck[]; drain: DrainState }) {
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
      if (drain.draining) throw new Unavailable({ code: 'shutting_down', message: 'The server is shutting down' });
      const results = await Promise.allSettled(checks.map(withinTimeout));
      const failed = checks.filter((_, index) => results[index]?.status === 'rejected');
      if (failed.length) {
        for (const check of failed) {
          const result = results[checks.indexOf(check)];
          request.log.warn({ err: result?.status === 'rejected' ? result.reason : undefined }, `${check.name} is not reachable`);
        }
        const [first] = failed;
        throw new Unavailable({
          code: first?.code ?? 'database_unavailable',
          message: first?.down ?? `${first?.what ?? 'The database'} does not answer`,
        });
      }
      return { status: 'ready' as const };
    },
  );
}
