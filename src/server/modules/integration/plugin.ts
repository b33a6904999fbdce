import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/** Newsroom integration (issue 30): API keys, the ninjs content API, webhooks, saved searches. */
export async function integrationPlugin(app: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  await app.register(apiKeyRoutes, { ctx });
  await app.register(webhookRoutes, { ctx });
}
