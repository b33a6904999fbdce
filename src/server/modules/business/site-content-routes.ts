import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deskPageSchema,
  deskPagesSchema,
  deskReleaseNoteSchema,
  deskReleaseNotesSchema,
  deskTermsSchema,
  pageBodySchema,
  pageParamsSchema,
  previewBodySchema,
  previewSchema,
  releaseNoteActionParamsSchema,
  releaseNoteBodySchema,
  releaseNoteParamsSchema,
  termsVersionBodySchema,
} from '../../../common/desk-site-content.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import {
  actOnReleaseNote,
  createReleaseNote,
  currentTerms,
  listReleaseNotes,
  publishTerms,
  updateReleaseNote,
  type SiteContentContext,
} from './site-content.ts';
import { listPages, previewHtml, readPage, savePage } from './site-pages.ts';

const tags = ['desk', 'site content'];
const BASE = '/api/desk/site';
const sales = staffOnly('sales');

/** The business desk's site content (issue 29): release notes, terms of service, content pages; the sales role (and admins). */
export async function siteContentRoutes(instance: FastifyInstance, { ctx }: { ctx: SiteContentContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // What the desk reads is the stored text, never a cached answer.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET') reply.header('cache-control', 'no-store');
  });

  app.get(`${BASE}/release_notes`, { preValidation: sales, schema: { tags, response: { 200: deskReleaseNotesSchema } } }, async () => ({
    release_notes: await listReleaseNotes(ctx),
  }));

  app.post(
    `${BASE}/release_notes`,
    { preValidation: sales, schema: { tags, body: releaseNoteBodySchema, response: { 201: deskReleaseNoteSchema } } },
    async (request, reply) => reply.code(201).send(await createReleaseNote(ctx, await actorOf(request), request.body)),
  );

  app.patch(
    `${BASE}/release_notes/:id`,
    {
      preValidation: sales,
      schema: { tags, params: releaseNoteParamsSchema, body: releaseNoteBodySchema, response: { 200: deskReleaseNoteSchema } },
    },
    async (request) => updateReleaseNote(ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    `${BASE}/release_notes/:id/:action`,
    { preValidation: sales, schema: { tags, params: releaseNoteActionParamsSchema, response: { 200: deskReleaseNoteSchema } } },
    async (request) => actOnReleaseNote(ctx, await actorOf(request), request.params.id, request.params.action),
  );

  app.get(`${BASE}/terms`, { preValidation: sales, schema: { tags, response: { 200: deskTermsSchema } } }, async () => currentTerms(ctx));

  app.post(
    `${BASE}/terms`,
    { preValidation: sales, schema: { tags, body: termsVersionBodySchema, response: { 201: deskTermsSchema } } },
    async (request, reply) => reply.code(201).send(await publishTerms(ctx, await actorOf(request), request.body)),
  );

  app.get(`${BASE}/pages`, { preValidation: sales, schema: { tags, response: { 200: deskPagesSchema } } }, async () => listPages(ctx));

  app.get(
    `${BASE}/pages/:slug/:locale`,
    { preValidation: sales, schema: { tags, params: pageParamsSchema, response: { 200: deskPageSchema } } },
    async (request) => readPage(ctx, request.params.slug, request.params.locale),
  );

  app.put(
    `${BASE}/pages/:slug/:locale`,
    { preValidation: sales, schema: { tags, params: pageParamsSchema, body: pageBodySchema, response: { 200: deskPageSchema } } },
    async (request) => savePage(ctx, await actorOf(request), request.params.slug, request.params.locale, request.body),
  );

  app.post(
    `${BASE}/previews`,
    { preValidation: sales, schema: { tags, body: previewBodySchema, response: { 200: previewSchema } } },
    async (request) => previewHtml(request.body.html),
  );
}
