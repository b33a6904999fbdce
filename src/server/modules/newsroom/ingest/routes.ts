import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { INGEST_UPLOAD_PATH, ingestItemSchema, uploadMetadataSchema } from '../../../../common/newsroom-ingest.ts';
import { zod } from '../../../../common/validators.ts';
import type { ServiceContext } from '../../../context.ts';
import { AppError, Conflict, Invalid } from '../../../http/errors.ts';
import type { Actor } from '../../desk/audit.ts';
import { recordAudit } from '../../desk/audit.ts';
import { actorOf, staffOnly } from '../../desk/routes.ts';
import type { DownloadFiles } from '../../downloads/files.ts';
import { contentItemNotFound, createDraft } from '../items.ts';
import { contentItems } from '../schema.ts';
import { announce, INGEST_QUEUE, ingestItemView, setMedia, type IngestJobData } from './pipeline.ts';
import { contentItemMedia } from './schema.ts';
import { ingestStorage, uploadDatastore, uploadKeyPrefix } from './storage.ts';
import { databaseLocker } from './tus-locker.ts';

export type IngestContext = Pick<ServiceContext, 'db' | 'clock' | 'broadcast'> & { jobs: NonNullable<ServiceContext['jobs']> };

/** What tus's hooks need of the HTTP call they run in: who is uploading, and the answer to add headers to. */
const callContext = new AsyncLocalStorage<{ actor: Actor; response: ServerResponse }>();

/** A refusal in tus's hooks: the platform's error envelope as the answer's body. */
const tusRefusal = (error: AppError) => ({ status_code: error.status, body: JSON.stringify({ errors: error.items }) });

/** Where the upload's story stands: its id, or the draft made for it (audited either way). */
async function storyFor(ctx: IngestContext, actor: Actor, metadata: z.infer<typeof uploadMetadataSchema>): Promise<number> {
  if (!metadata.item_id) {
    const draft = await createDraft(ctx, actor, { sourceName: metadata.filename, media: true });
    return draft.id;
  }
  const id = Number(metadata.item_id);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Under the row lock: two uploads for one story at once, the second is refused.
    const [item] = await tx.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
    if (!item) throw contentItemNotFound();
    if (!['none', 'failed'].includes(item.mediaState))
      throw new Conflict({ code: 'media_present', message: 'This story has its master already, or one on its way' });
    await tx
      .update(contentItems)
      .set({ mediaState: 'uploading', mediaStage: 'upload', mediaProgress: 0, mediaError: null, sourceName: metadata.filename })
      .where(eq(contentItems.id, id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'content_item.upload',
        subject: 'content_item',
        subjectId: id,
        before: { source_name: item.sourceName },
        after: { source_name: metadata.filename },
      },
      now,
    );
    return id;
  });
}

/** An upload's id in URLs and jobs: its name in the store, less the bucket's folder of uploads. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The story a finished upload belongs to, as its metadata says. */
const itemIdOf = (upload: Upload) => Number(upload.metadata?.item_id ?? NaN);

/**
 * Resumable uploads of masters (the tus protocol, @tus/server on the raw request) at
 * /api/desk/uploads, for staff with the editor role: POST creates an upload (its metadata names the
 * file, and the story it is for or none: a draft is made), PATCH sends bytes from an offset, HEAD
 * says how many arrived, DELETE gives up. The answer to POST names the story (`Upload-Item-Id`).
 * When the last byte arrives, the ingest job is queued. Beside it, GET /api/desk/ingest/items/{id}:
 * where an item's media is, for a desk page that was reloaded.
 */
export async function ingestRoutes(instance: FastifyInstance, options: { ctx: IngestContext; files: DownloadFiles; maxBytes: number }) {
  const { ctx } = options;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const storage = ingestStorage(options.files);
  const keyPrefix = uploadKeyPrefix(storage);
  const idOf = (upload: Upload) => upload.id.slice(keyPrefix.length);
  const tus = new TusServer({
    path: INGEST_UPLOAD_PATH,
    datastore: await uploadDatastore(storage),
    namingFunction: () => `${keyPrefix}${randomUUID().replaceAll('-', '')}`,
    generateUrl: (_request, { path, id }) => `${path}/${id.slice(keyPrefix.length)}`,
    getFileIdFromRequest: (_request, id) => (id && UPLOAD_ID.test(id) ? `${keyPrefix}${id}` : undefined),
    maxSize: options.maxBytes,
    relativeLocation: true,
    // One upload is written by one request at a time across every API process.
    locker: databaseLocker(ctx),
    async onUploadCreate(_request, upload) {
      const call = callContext.getStore();
      if (!call) throw tusRefusal(new Invalid({ message: 'No upload outside the desk' }));
      const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success)
        throw tusRefusal(
          new Invalid({ code: 'upload_metadata', field: 'filename', message: 'The upload must name its file (metadata `filename`)' }),
        );
      try {
        const itemId = await storyFor(ctx, call.actor, parsed.data);
        call.response.setHeader('Upload-Item-Id', String(itemId));
        return { metadata: { ...upload.metadata, item_id: String(itemId) } };
      } catch (error) {
        if (error instanceof AppError) throw tusRefusal(error);
        throw error;
      }
    },
    async onUploadFinish(_request, upload) {
      const itemId = itemIdOf(upload);
      if (Number.isInteger(itemId)) {
        await setMedia(ctx, itemId, { state: 'probing', stage: 'probe', progress: 0 });
        const data: IngestJobData = { itemId, source: { kind: 'upload', id: idOf(upload) } };
        await ctx.jobs.send(INGEST_QUEUE, data);
      }
      return { headers: { 'Upload-Item-Id': String(itemId) } };
    },
  });
  // The desk shows the bytes' progress from the client; the item's stage moves when they are all in.
  tus.on('POST_CREATE', (_request, upload) => void announce(ctx, itemIdOf(upload)).catch(() => undefined));

  await app.register(async (uploads) => {
    // tus reads the body itself from the raw request: Fastify must leave it unread (and unlimited).
    uploads.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = await actorOf(request);
      reply.hijack();
      await callContext.run({ actor, response: reply.raw }, () => tus.handle(request.raw, reply.raw));
    };
    const config = { preValidation: staffOnly('editor'), schema: { hide: true } };
    uploads.route({ method: ['POST'], url: INGEST_UPLOAD_PATH, ...config, handler: handle });
    uploads.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${INGEST_UPLOAD_PATH}/:id`, ...config, handler: handle });
  });

  app.get(
    '/api/desk/ingest/items/:id',
    {
      preValidation: staffOnly('editor'),
      schema: { tags: ['desk'], params: z.object({ id: zod.idParam() }), response: { 200: ingestItemSchema } },
    },
    async (request, reply) => {
      const [row] = await ctx.db
        .select({ item: contentItems, media: contentItemMedia })
        .from(contentItems)
        .leftJoin(contentItemMedia, eq(contentItemMedia.itemId, contentItems.id))
        .where(eq(contentItems.id, request.params.id));
      if (!row) throw contentItemNotFound();
      reply.header('cache-control', 'no-store');
      return ingestItemView(row.item, row.media);
    },
  );
}
