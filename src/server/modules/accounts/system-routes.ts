import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  latestReleaseNoteResponseSchema,
  recaptchaBodySchema,
  recaptchaResponseSchema,
  termsOfServiceSchema,
  termsQuerySchema,
} from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';
import { latestReleaseNote, termsOfService } from './system.ts';

const tags = ['system'];

export async function systemRoutes(instance: FastifyInstance, { ctx, recaptcha }: { ctx: ServiceContext; recaptcha: RecaptchaVerifier }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/terms_of_service',
    { schema: { tags, querystring: termsQuerySchema, response: { 200: termsOfServiceSchema } } },
    async (request, reply) => {
      // A new version is published at the business desk (issue 29): within a minute for a browser that has the old one.
      reply.header('cache-control', 'public, max-age=60');
      return termsOfService(ctx, request.locale, request.query.search);
    },
  );

  app.get(
    '/api/system/latest_release_notes',
    { schema: { tags, response: { 200: latestReleaseNoteResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return latestReleaseNote(ctx);
    },
  );

  app.post(
    '/api/recaptcha_verifications',
    { schema: { tags, body: recaptchaBodySchema, response: { 200: recaptchaResponseSchema } } },
    async (request) => recaptcha.verify(request.body.recaptcha_response, request.ip),
  );
}
