import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostName } from '../../../common/site.ts';
import { isLocalHostName } from '../../http/app-url.ts';
import { noStore } from '../../http/cache.ts';
import { isLoopback } from '../../http/dev-tools.ts';
import { routeNotFound } from '../../http/error-handler.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { databaseMetrics } from './database-metrics.ts';
import type { ProcessMetrics } from './process-metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return token !== undefined && given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The machine itself, as the /dev tools decide it (http/dev-tools.ts): the socket's peer address,
 * never a header, and one of this machine's host names. A request a trusted proxy on this machine
 * forwards is not the machine's: its client address (X-Forwarded-For, TRUST_PROXY) is elsewhere.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && isLocalHostName(hostName(request.host));
}

/**
 * GET /metrics in Prometheus' text format: this process's figures and the deployment's, read from
 * the database (docs/decisions.md lists them). Answered to the machine itself, or anywhere with the
 * METRICS_TOKEN; to anyone else it does not exist (404).
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token, db, clock }: { metrics: ProcessMetrics; token: string | undefined; db: Db; clock: Clock },
) {
  databaseMetrics(metrics.registry, { db, clock, log: app.log });
  app.addHook('onRequest', async (request, reply) => {
    if (!hasToken(request, token) && !fromThisMachine(request)) return routeNotFound(request, reply);
  });
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    metrics.beforeScrape();
    noStore(reply);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
