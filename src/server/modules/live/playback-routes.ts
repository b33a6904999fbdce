import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, Forbidden, NotFound } from '../../http/errors.ts';
import { noteViewer, viewerOf } from './desk-health.ts';
import type { LiveContext } from './events.ts';
import { checkPlayback, sessionDir, signedPlaylist } from './stream.ts';

const FILE = /^(index\.m3u8|seg\d{5}\.ts)$/;
const params = z.object({ eventId: z.coerce.number().int().positive(), file: z.string().max(40) });
const query = z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) });

/**
 * GET /live/{event}/{index.m3u8 | segNNNNN.ts}?expires&sig: the event's HLS under the signed link
 * the event page gave an entitled viewer. The playlist is never cached; segments are immutable.
 */
export async function livePlaybackRoutes(
  instance: FastifyInstance,
  { ctx, secret, hlsRoot }: { ctx: Pick<LiveContext, 'clock' | 'db'>; secret: string; hlsRoot: string },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/live/:eventId/:file', { schema: { hide: true, params, querystring: query } }, async (request, reply) => {
    const { eventId, file } = request.params;
    const verdict = checkPlayback(secret, eventId, request.query.expires, request.query.sig, ctx.clock.now());
    if (verdict === 'invalid') throw new Forbidden({ code: 'link_invalid', message: 'This link is not valid' });
    if (verdict === 'expired') throw new AppError(410, [{ code: 'link_expired', message: 'This link has expired; open the event again' }]);
    const dir = FILE.test(file) ? await sessionDir(hlsRoot, eventId) : null;
    if (!dir) throw new NotFound({ code: 'stream_offline', message: 'The live picture is not on now' });
    const at = path.join(dir, file);
    if (file.endsWith('.m3u8')) {
      const playlist = await readFile(at, 'utf8').catch(() => null);
      if (playlist === null) throw new NotFound({ code: 'stream_offline', message: 'The live picture is not on now' });
      // The live desk counts who watches (desk-health.ts); a failed count does not stop the picture.
      await noteViewer(ctx, eventId, viewerOf(request.ip, request.query.sig)).catch((error: unknown) =>
        request.log.warn({ err: error }, 'viewer not counted'),
      );
      const signed = signedPlaylist(playlist, `expires=${request.query.expires}&sig=${encodeURIComponent(request.query.sig)}`);
      return reply.header('cache-control', 'no-cache').type('application/vnd.apple.mpegurl').send(signed);
    }
    const segment = await readFile(at).catch(() => null);
    if (segment === null) throw new NotFound({ code: 'segment_gone', message: 'This part of the stream is no longer kept' });
    return reply.header('cache-control', 'private, max-age=60, immutable').type('video/mp2t').send(segment);
  });
}
