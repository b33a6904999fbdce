import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApplicationsResponseSchema,
  adminVacanciesResponseSchema,
  adminVacancySchema,
  applicationResponseSchema,
  CAREER_ATTACHMENT_MIME,
  vacanciesResponseSchema,
  vacancyBodySchema,
  vacancyChangesBodySchema,
  vacancySchema,
} from '../../../common/careers.ts';
import { zod } from '../../../common/validators.ts';
import { requireAdminRole } from '../accounts/auth.ts';
import { readApplicationForm } from './application-form.ts';
import { applicationFile, listApplications, submitApplication, type CareersContext } from './applications.ts';
import {
  createVacancy,
  getVacancy,
  listAdminVacancies,
  listVacancies,
  publishedVacancy,
  unpublishVacancy,
  updateVacancy,
} from './vacancies.ts';

const tags = ['careers'];
const adminTags = ['admin', 'careers'];
const ADMIN = '/api/admin/careers';
const idParams = z.object({ id: zod.idParam() });
/** Before the input is validated, so only admins learn what a valid vacancy is. */
const adminOnly = async (request: FastifyRequest) => {
  await requireAdminRole(request, 'sales');
};

/**
 * Careers (spec: content §1, §2 "Careers", §5 "Career attachments"; the spec shows no paths, so these
 * are ours): the vacancies and the application form for visitors, the vacancies' management and the
 * applications for admins under /api/admin/careers.
 */
export async function careerRoutes(instance: FastifyInstance, { ctx }: { ctx: CareersContext }) {
  // Here only: the application form is the one multipart body of the app.
  await instance.register(fastifyMultipart, { throwFileSizeLimit: false });
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/careers', { schema: { tags, response: { 200: vacanciesResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { vacancies: await listVacancies(ctx, request.locale) };
  });

  app.get('/api/careers/:id', { schema: { tags, params: idParams, response: { 200: vacancySchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getVacancy(ctx, request.params.id, request.locale);
  });

  app.post(
    '/api/careers/:id/applications',
    {
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        description:
          'The application form as multipart/form-data: first_name, last_name, email, birthday_day, birthday_month, birthday_year, gender, phone, location, salary_expectations, comment, and 1 to 5 files named `files` (pdf, pptx, ppt, jpg, png or gif by content, at most 10 MB each).',
        response: { 201: applicationResponseSchema },
      },
    },
    async (request, reply) => {
      // An unknown or unpublished vacancy is refused before its form is read.
      await publishedVacancy(ctx, request.params.id);
      const form = await readApplicationForm(request);
      const application = await submitApplication(ctx, { vacancyId: request.params.id, form, locale: request.locale, ip: request.ip });
      return reply.status(201).send({ application });
    },
  );

  app.get(
    ADMIN,
    { preValidation: adminOnly, schema: { tags: adminTags, response: { 200: adminVacanciesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { vacancies: await listAdminVacancies(ctx) };
    },
  );

  app.post(
    ADMIN,
    { preValidation: adminOnly, schema: { tags: adminTags, body: vacancyBodySchema, response: { 201: adminVacancySchema } } },
    async (request, reply) => reply.status(201).send(await createVacancy(ctx, request.body.vacancy)),
  );

  app.patch(
    `${ADMIN}/:id`,
    {
      preValidation: adminOnly,
      schema: { tags: adminTags, params: idParams, body: vacancyChangesBodySchema, response: { 200: adminVacancySchema } },
    },
    async (request) => updateVacancy(ctx, request.params.id, request.body.vacancy),
  );

  app.delete(
    `${ADMIN}/:id`,
    {
      preValidation: adminOnly,
      schema: {
        tags: adminTags,
        params: idParams,
        description: 'Unpublishes the vacancy; its applications stay.',
        response: { 200: adminVacancySchema },
      },
    },
    async (request) => unpublishVacancy(ctx, request.params.id),
  );

  app.get(
    `${ADMIN}/:id/applications`,
    { preValidation: adminOnly, schema: { tags: adminTags, params: idParams, response: { 200: adminApplicationsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { applications: await listApplications(ctx, request.params.id) };
    },
  );

  const fileParams = z.object({ applicationId: zod.idParam(), fileId: zod.idParam() });
  app.get(
    `${ADMIN}/applications/:applicationId/files/:fileId`,
    {
      preValidation: adminOnly,
      schema: { tags: adminTags, params: fileParams, response: { 200: z.unknown().describe('The attached file') } },
    },
    async (request, reply) => {
      const file = await applicationFile(ctx, request.params.applicationId, request.params.fileId);
      const size = await ctx.store.size(file.storageKey);
      if (size === null) throw new Error(`stored file missing: ${file.storageKey}`);
      // Always a download, typed by what the content is: an attachment never renders in our origin.
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="application-${file.applicationId}-${file.id}.${file.type}"`)
        .type(CAREER_ATTACHMENT_MIME[file.type])
        .send(ctx.store.read(file.storageKey));
    },
  );
}
