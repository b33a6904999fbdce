import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { requireUser } from '../accounts/auth.ts';
import type { DownloadFiles } from './files.ts';
import { LOGO_MAX_BYTES, logoKeyOf, removeLogo, uploadLogo } from './logos.ts';

const tags = ['downloads'];
const noLogo = () => new NotFound({ code: 'logo_not_found', message: 'No logo uploaded yet' });

/**
 * The customer's logo for branded files: PUT the image itself (PNG or SVG; the content decides,
 * not the declared type), GET it back as the PNG kept, DELETE it. A company's logo is its team's.
 */
export async function logoRoutes(instance: FastifyInstance, { db, files }: { db: Db; files: DownloadFiles }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Any declared type reaches the content check; a body over the limit is refused before it is read.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body));
  const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
    await requireUser(request);
  };

  app.put(
    '/api/current_user/logo',
    { preValidation: signedIn, bodyLimit: LOGO_MAX_BYTES + 1024, schema: { tags, response: { 200: z.object({ logo: z.literal(true) }) } } },
    async (request) => {
      const { user } = await requireUser(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await uploadLogo(db, files, user, body);
      return { logo: true as const };
    },
  );

  // The answer is the image itself: a stream, which no serializer touches; the schema says what it is.
  const png = z.unknown().describe('The logo kept, as a PNG image');
  app.get('/api/current_user/logo', { preValidation: signedIn, schema: { tags, response: { 200: png } } }, async (request, reply) => {
    const { user } = await requireUser(request);
    const key = await logoKeyOf(db, user);
    const size = key ? await files.store.size(key) : null;
    if (!key || size === null) throw noLogo();
    return reply.header('cache-control', 'private, no-cache').header('content-length', size).type('image/png').send(files.store.read(key));
  });

  app.delete(
    '/api/current_user/logo',
    { preValidation: signedIn, schema: { tags, response: { 204: z.null().describe('Deleted: no body') } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await removeLogo(db, user);
      return reply.status(204).send(null);
    },
  );
}
