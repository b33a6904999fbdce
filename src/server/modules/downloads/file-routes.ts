import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../context.ts';
import { AppError, Forbidden, NotFound } from '../../http/errors.ts';
import { checkFileLink, FILE_ROUTE } from './files.ts';
import { isStorageKey, type FileStore } from './storage.ts';

const TYPES: Record<string, string> = { mp4: 'video/mp4', mxf: 'application/mxf', csv: 'text/csv; charset=utf-8' };
const linkQuery = z.object({
  name: z.string().min(1).max(200),
  expires: z.coerce.number().int(),
  request: z.coerce.number().int().positive().optional(),
  owner: z.coerce.number().int().positive().optional(),
  sig: z.string().max(100),
});

/** The bytes a Range header asks for (one range; the suffix and open forms too), null when none, 'unsatisfiable' when out of the file. */
export function requestedRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/**
 * GET /files/{key}?name&expires&sig: a stored file (a rendition, a CSV report) by its signed,
 * expiring link, saved under the name signed with it, with HTTP Range for players and resumed
 * downloads. The link is the permission, and a link with an owner is that user's alone.
 */
export async function fileRoutes(
  instance: FastifyInstance,
  {
    store,
    secret,
    clock,
    fetched,
    withdrawn,
  }: {
    store: FileStore;
    secret: string;
    clock: Clock;
    fetched: (requestId: number) => Promise<void>;
    /** Whether the file is of a story the newsroom withheld or killed: its links answer 410. */
    withdrawn?: (key: string, requestId: number | undefined) => Promise<boolean>;
  },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(`${FILE_ROUTE}/*`, { schema: { hide: true, querystring: linkQuery }, compress: false }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { name, expires, sig, owner } = request.query;
    const check = checkFileLink(secret, { key, name, expires, request: request.query.request, owner, sig, now: clock.now() });
    if (check === 'tampered') throw new Forbidden({ code: 'link_invalid', message: 'This download link is not valid' });
    if (check === 'expired') throw new AppError(410, [{ code: 'link_expired', message: 'This download link has expired' }]);
    if (owner !== undefined && (await request.caller()).user?.id !== owner)
      throw new Forbidden({ code: 'link_not_yours', message: 'This download link belongs to another account: sign in as its owner' });
    // Even a signed key never steps out of the store.
    if (!isStorageKey(key)) throw new NotFound({ code: 'file_not_found', message: 'No such file' });
    if (withdrawn && (await withdrawn(key, request.query.request)))
      throw new AppError(410, [{ code: 'content_withdrawn', message: 'This video has been withdrawn: do not use it' }]);
    const size = await store.size(key);
    if (size === null) throw new NotFound({ code: 'file_not_found', message: 'No such file' });

    const range = requestedRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new AppError(416, [{ code: 'range_not_satisfiable', message: 'The requested range is outside the file' }]);
    }
    // A fetch from the start marks a requested file as fetched (my content: "ready").
    if (request.query.request && (!range || range.start === 0)) await fetched(request.query.request);
    const extension = key.slice(key.lastIndexOf('.') + 1);
    reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`)
      .type(TYPES[extension] ?? 'application/octet-stream');
    if (!range) return reply.header('content-length', size).send(store.read(key));
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(store.read(key, range));
  });
}
