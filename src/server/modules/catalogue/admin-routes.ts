import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESTRICTION_CODES, RESTRICTION_NAMES, restrictionDictionaryResponseSchema } from '../../../common/restrictions.ts';
import { requireAdmin } from '../accounts/auth.ts';

/** Admin-only catalogue calls (spec: content §6, §7). */
export async function catalogueAdminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/content/live/events/restrictions_dictionary_values',
    { schema: { tags: ['admin'], response: { 200: restrictionDictionaryResponseSchema } } },
    async (request) => {
      await requireAdmin(request);
      return RESTRICTION_CODES.map((code) => ({ code, name: RESTRICTION_NAMES[code][request.locale] }));
    },
  );
}
