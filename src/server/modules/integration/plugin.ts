import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import type { JobSender } from '../../jobs/sender.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import type { DownloadFiles } from '../downloads/files.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { contentApiRoutes } from './content-api-routes.ts';
import { contentRecipientRoutes } from './content-recipient-routes.ts';
import { deliveryRuleRoutes } from './delivery-rule-routes.ts';
import { savedSearchRoutes } from './saved-search-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/** Newsroom integration (issue 30): API keys, the ninjs content API, webhooks, saved searches. */
export async function integrationPlugin(
  app: FastifyInstance,
  { ctx, files, jobs, caches }: { ctx: ServiceContext; files: DownloadFiles; jobs: JobSender; caches: Pick<CacheBus, 'onInvalidate'> },
) {
  await app.register(apiKeyRoutes, { ctx });
  await app.register(contentApiRoutes, { ctx: { ...ctx, files, jobs }, caches });
  await app.register(savedSearchRoutes, { ctx });
  await app.register(webhookRoutes, { ctx });
  await app.register(deliveryRuleRoutes, { ctx });
  await app.register(contentRecipientRoutes, { ctx });
}
