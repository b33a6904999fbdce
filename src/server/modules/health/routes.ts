import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unavailable } from '../../http/errors.ts';
import { noStore } from '../../http/cache.ts';

const tags = ['health'];

/** A dependency readiness waits for: its name in the error code, and a check that throws when it is down. */
export type ReadinessCheck = { name: 'database' | 'redis'; what: string; ping: () => Promise<void> };

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
 * database, and Redis when real-time messages travel through it): load balancers take a process
 * whose messages would be lost out of rotation.
 */
export async function healthRoutes(instance: FastifyInstance, { checks }: { checks: ReadinessCheck[] }) {
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
      const results = await Promise.allSettled(checks.map(withinTimeout));
      const failed = checks.filter((_, index) => results[index]?.status === 'rejected');
      if (failed.length) {
        for (const check of failed) {
          const result = results[checks.indexOf(check)];
          request.log.warn({ err: result?.status === 'rejected' ? result.reason : undefined }, `${check.name} is not reachable`);
        }
        const [first] = failed;
        throw new Unavailable({
          code: `${first?.name ?? 'database'}_unavailable`,
          message: `${first?.what ?? 'The database'} does not answer`,
        });
      }
      return { status: 'ready' as const };
    },
  );
}
