import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteInfo, siteInfoSchema, type HiddenLocalesByVariant } from '../../../common/site.ts';

/** The variant the caller is served as, chosen from its Site header (spec: accounts §1). */
export async function siteRoutes(instance: FastifyInstance, { hiddenLocales }: { hiddenLocales: HiddenLocalesByVariant }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/site', { schema: { tags: ['reference'], response: { 200: siteInfoSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    reply.header('vary', 'site');
    return siteInfo(request.siteVariant, hiddenLocales);
  });
}
