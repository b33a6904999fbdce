import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentRecipientsSchema } from '../../../common/content-recipients.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { staffOnly } from '../desk/routes.ts';
import { contentRecipients } from './content-recipients.ts';

/** The newsroom desk's "who was told" of a killed or corrected story (issue 30; role editor). */
export async function contentRecipientRoutes(instance: FastifyInstance, { ctx }: { ctx: Pick<ServiceContext, 'db'> }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/desk/content/:id/recipients',
    {
      preValidation: staffOnly('editor'),
      schema: {
        tags: ['desk'],
        description: 'Everyone who received the story, and when each channel told them of its kill or correction.',
        params: z.object({ id: zod.idParam() }),
        response: { 200: contentRecipientsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return contentRecipients(ctx.db, request.params.id);
    },
  );
}
