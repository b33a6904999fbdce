import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseId } from '../../../common/validators.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { FileStore } from '../downloads/storage.ts';
import { servedStoryboard, STORYBOARD_FILES, storyboardKey, type StoryboardFile } from './storyboards.ts';

const params = z.object({ project: z.string().max(20), token: z.string().max(40), file: z.string().max(40) });
const TOKEN = /^[0-9a-f]{16}$/;
const TYPES: Record<StoryboardFile, string> = { 'storyboard.vtt': 'text/vtt; charset=utf-8', 'sprite.jpg': 'image/jpeg' };
const isStoryboardFile = (file: string): file is StoryboardFile => (Object.values(STORYBOARD_FILES) as string[]).includes(file);
/** As the posters are kept (media/routes.ts); a storyboard made again has a new token, so a new address. */
const STORYBOARD_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const notFound = () => new NotFound({ code: 'storyboard_not_found', message: 'No storyboard for this video' });

async function readAll(store: FileStore, key: string): Promise<Buffer | null> {
  if ((await store.size(key)) === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A video's storyboard (issue 28): its VTT and sprite, read from the file store (a folder or the
 * bucket, so any process serves what any worker made). Like the posters and preview clips, anyone
 * who may see the video's page may see them: a listed story's, for visitors too; a withheld or
 * killed story's answer 404, as its page does. Small files, sent whole: the ETag plugin answers 304
 * to a browser that has them.
 */
export async function storyboardRoutes(instance: FastifyInstance, { db, store }: { db: Db; store: FileStore }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/media/storyboards/:project/:token/:file', { schema: { hide: true, params } }, async (request, reply) => {
    const { token, file } = request.params;
    const projectId = parseId(request.params.project);
    if (projectId === null || !TOKEN.test(token) || !isStoryboardFile(file)) throw notFound();
    if (!(await servedStoryboard(db, projectId, token))) throw notFound();
    const bytes = await readAll(store, storyboardKey(token, file));
    if (!bytes) throw notFound();
    return reply.header('cache-control', STORYBOARD_CACHE).type(TYPES[file]).send(bytes);
  });
}
