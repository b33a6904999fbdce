import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, Forbidden, NotFound } from '../../http/errors.ts';
import { noteViewer, viewerOf } from './desk-health.ts';
import type { LiveContext } from './events.ts';
import type { FileStore } from '../downloads/storage.ts';
import { currentSession, readStored, sessionKey } from './sessions.ts';
import { checkPlayback, signedPlaylist } from './stream.ts';

const SESSION = /^[0-9a-f-]{36}$/;
const SEGMENT = /^seg\d{5,}\.ts$/;
const eventParams = z.object({ eventId: z.coerce.number().int().positive(), file: z.string().max(40) });
const segmentParams = eventParams.extend({ session: z.string().max(40) });
const query = z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) });
const offline = () => new NotFound({ code: 'stream_offline', message: 'The live picture is not on now' });

/**
 * GET /live/{event}/index.m3u8?expires&sig and /live/{event}/{session}/segNNNNN.ts?expires&sig: the
 * event's HLS under the signed link the event page gave an entitled viewer, read from the file
 * store, so every API process serves it wherever the picture is packaged (sessions.ts). The
 * playlist is the current session's, never cached; it names its segments under their session, so
 * they are immutable.
 */
export async function livePlaybackRoutes(
  instance: FastifyInstance,
  { ctx, secret, store }: { ctx: Pick<LiveContext, 'clock' | 'db'>; secret: string; store: FileStore },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const checkLink = (eventId: number, link: z.infer<typeof query>) => {
    const verdict = checkPlayback(secret, eventId, link.expires, link.sig, ctx.clock.now());
    if (verdict === 'invalid') throw new Forbidden({ code: 'link_invalid', message: 'This link is not valid' });
    if (verdict === 'expired') throw new AppError(410, [{ code: 'link_expired', message: 'This link has expired; open the event again' }]);
  };

  app.get('/live/:eventId/:file', { schema: { hide: true, params: eventParams, querystring: query } }, async (request, reply) => {
    const { eventId, file } = request.params;
    checkLink(eventId, request.query);
    const session = file === 'index.m3u8' ? await currentSession(ctx, eventId) : null;
    if (!session) throw offline();
    const playlist = await readStored(store, sessionKey(eventId, session.id, 'index.m3u8'));
    if (playlist === null) throw offline();
    // The live desk counts who watches (desk-health.ts); a failed count does not stop the picture.
    await noteViewer(ctx, eventId, viewerOf(request.ip, request.query.sig)).catch((error: unknown) =>
      request.log.warn({ err: error }, 'viewer not counted'),
    );
    const signed = signedPlaylist(
      playlist.toString('utf8'),
      session.id,
      `expires=${request.query.expires}&sig=${encodeURIComponent(request.query.sig)}`,
    );
    return reply.header('cache-control', 'no-cache').type('application/vnd.apple.mpegurl').send(signed);
  });

  app.get(
    '/live/:eventId/:session/:file',
    { schema: { hide: true, params: segmentParams, querystring: query } },
    async (request, reply) => {
      const { eventId, session, file } = request.params;
      checkLink(eventId, request.query);
      const segment = SESSION.test(session) && SEGMENT.test(file) ? await readStored(store, sessionKey(eventId, session, file)) : null;
      if (segment === null) throw new NotFound({ code: 'segment_gone', message: 'This part of the stream is no longer kept' });
      return reply.header('cache-control', 'public, max-age=3600, immutable').type('video/mp2t').send(segment);
    },
  );
}
