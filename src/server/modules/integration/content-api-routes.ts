import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentApiDownloadQuerySchema,
  contentApiDownloadSchema,
  contentApiListSchema,
  contentApiQuerySchema,
  ninjsItemSchema,
  type ContentApiList,
  type NinjsItem,
} from '../../../common/content-api.ts';
import { downloadBodySchema } from '../../../common/downloads.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import type { DownloadFiles } from '../downloads/files.ts';
import type { JobSender } from '../../jobs/sender.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { memo } from '../../lib/memo.ts';
import { memoReference } from '../catalogue/views.ts';
import { apiCaller } from './api-caller.ts';
import { getContent, listContent, type ContentApiCaller, type StoryPage } from './content-api.ts';
import { sharedStories } from './content-stories.ts';
import { downloadState, licenseFile } from './content-downloads.ts';

const tags = ['content api'];
const itemParams = z.object({ id: z.string().min(1).max(200) });
const idParams = z.object({ id: zod.idParam() });
const bearer =
  'Authorization: Bearer nr_… (a key made in the user area) acts as its owner; without it, the signed-in session. 401 without either, 403 api_key_scope without the scope, 429 with Retry-After past 600 calls a minute.';

const exampleItem: NinjsItem = {
  uri: 'urn:newsreel:video:1042',
  type: 'video',
  representationtype: 'full',
  profile: 'newsreel-video',
  version: '2',
  firstcreated: '2026-11-20T08:12:00.000Z',
  versioncreated: '2026-11-20T10:40:00.000Z',
  pubstatus: 'usable',
  language: 'en',
  altids: [
    { role: 'guid', value: 'urn:newsreel:video:1042' },
    { role: 'id', value: '1042' },
    { role: 'project_id', value: 'NR-20261120-0042' },
    { role: 'slug', value: 'floods-in-valencia-nr-20261120-0042' },
  ],
  headlines: [{ value: 'Floods in Valencia' }],
  bodies: [{ role: 'script', contenttype: 'text/plain', value: 'Rescue teams reached the village at dawn.' }],
  descriptions: [{ role: 'shotlist', contenttype: 'text/plain', value: '1. Wide of the flooded street\n2. Rescuers in a boat' }],
  located: 'Valencia',
  subjects: [{ name: 'Floods', rel: 'tag', uri: 'urn:newsreel:tag:floods', literal: 'floods' }],
  places: [{ name: 'Spain', rel: 'country', literal: 'ES' }],
  by: 'Newsreel',
  copyrightholder: 'Newsreel',
  usageterms: 'No restrictions',
  renditions: [
    {
      name: 'clean-full_hd-mp4',
      title: 'Clean 1080p MP4',
      contenttype: 'video/mp4',
      format: 'clean',
      resolution: '1080p',
      fileextension: 'mp4',
      width: 1920,
      height: 1080,
      duration: 95,
      href: 'https://newsreel.example/api/v1/content/1042/downloads?format=clean&quality=full_hd&container=mp4',
    },
  ],
};

/** Where the API's own links point: the address the caller reached. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

type Options = { ctx: ServiceContext & { files: DownloadFiles; jobs: JobSender }; caches: Pick<CacheBus, 'onInvalidate'> };

/** The ninjs content API (issue 30): a newsroom system's feed of stories and live events, and the download of their files. */
export async function contentApiRoutes(instance: FastifyInstance, { ctx: services, caches }: Options) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // As the catalogue's routes keep them: reference tables and search plans a minute per process,
  // forgotten when the catalogue or the reference data change.
  const cache = memo<string, unknown>({ ttlMs: 60_000, max: 2000 });
  const reference = memoReference(services.db, caches);
  // What the feed shows everyone alike, kept as long as the catalogue's own story list is (docs/caches.md).
  const stories = sharedStories({ ttlMs: 5_000, max: 5_000 });
  const pages = memo<string, StoryPage>({ ttlMs: 5_000, max: 1_000 });
  const stops = [cache.clear, stories.clear, pages.clear].map((clear) => caches.onInvalidate('catalogue', clear));
  instance.addHook('onClose', async () => {
    for (const stop of stops) stop();
    reference.stop();
  });
  const ctx = { ...services, reference, stories, pages, memo: <V>(key: string, load: () => Promise<V>) => cache(key, load) as Promise<V> };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const callerOf = async (request: FastifyRequest, scope: 'read' | 'download'): Promise<ContentApiCaller> => {
    const { user } = await apiCaller(request, ctx, scope);
    return { user, locale: request.locale, origin: originOf(request), site: request.siteVariant };
  };

  app.get(
    '/api/v1/content',
    {
      schema: {
        tags,
        summary: 'Stories (or live events) as IPTC ninjs 2.2',
        description: `The catalogue's filters and text search (a search answers as the search page does, by relevance), paged by next_cursor. Without search: newest versioncreated first; with since (ISO time): items changed after it, oldest first, killed (pubstatus canceled) and withheld ones included, for incremental sync. Renditions are the files the caller may license. ${bearer}`,
        querystring: contentApiQuerySchema,
        response: {
          200: contentApiListSchema.meta({
            examples: [
              {
                items: [exampleItem],
                next_cursor: 'eyJrIjoiMjAyNi0xMS0yMFQxMDo0MDowMC4wMDBaIiwiaSI6MTA0MiwiZCI6ImRlc2MiLCJ0IjoidmlkZW8ifQ',
              },
            ],
          }),
        },
      },
    },
    // The answer comes written (its stories' JSON kept for every caller offered the same files) and a
    // string with a JSON type is sent as it is: the response schema documents it (hence the cast), the
    // tests check every answer against IPTC's ninjs schema.
    async (request, reply) => {
      const { body, etag } = await listContent(ctx, await callerOf(request, 'read'), request.query);
      // With its own ETag set, http/entity-tags.ts does not hash the page again, and answers a matching If-None-Match with 304.
      return reply
        .type('application/json; charset=utf-8')
        .header('etag', etag)
        .send(body as unknown as ContentApiList);
    },
  );

  app.get(
    '/api/v1/content/:id',
    {
      schema: {
        tags,
        summary: 'One item as IPTC ninjs 2.2',
        description: `A story by id, slug, agency project id or uri; a live event as live-{id}. A withdrawn story answers with its pubstatus and no renditions. ${bearer}`,
        params: itemParams,
        response: { 200: ninjsItemSchema.meta({ examples: [exampleItem] }) },
      },
    },
    async (request) => getContent(ctx, await callerOf(request, 'read'), request.params.id),
  );

  app.post(
    '/api/v1/content/:id/downloads',
    {
      schema: {
        tags,
        summary: "Licenses and downloads a file (the key needs the 'download' scope)",
        description: `The browser's download call (same body, same agreements, balances, daily and member limits), as the key's owner. A rendition's href names the file in its query (format, quality, container), which then need not be in the body; restrictions_accepted must be true. The answer's url is the file once ready; else poll href. ${bearer}`,
        params: itemParams,
        querystring: contentApiDownloadQuerySchema,
        body: downloadBodySchema.meta({ examples: [{ restrictions_accepted: true }] }),
        response: {
          200: contentApiDownloadSchema.meta({
            examples: [{ id: 88, state: 'transcoding', progress: 0, url: null, href: 'https://newsreel.example/api/v1/downloads/88' }],
          }),
        },
      },
    },
    async (request) => {
      const { user, origin, site } = await callerOf(request, 'download');
      const { query, body } = request;
      const chosen = {
        ...body,
        ...(query.format ? { video_format: query.format } : {}),
        ...(query.quality ? { quality: query.quality } : {}),
        ...(query.container ? { file_type: query.container } : {}),
        ...(query.brand_position ? { brand_position: query.brand_position } : {}),
      };
      return licenseFile({ ...ctx, files: ctx.files, jobs: ctx.jobs }, user, request.params.id, chosen, { origin, site });
    },
  );

  app.get(
    '/api/v1/downloads/:id',
    {
      schema: {
        tags,
        summary: 'A licensed file: its state, and its URL once ready',
        description: `One of the caller's requested files. ${bearer}`,
        params: idParams,
        response: {
          200: contentApiDownloadSchema.meta({
            examples: [
              {
                id: 88,
                state: 'ready',
                progress: 100,
                url: 'https://newsreel.example/files/…',
                href: 'https://newsreel.example/api/v1/downloads/88',
              },
            ],
          }),
        },
      },
    },
    async (request) => {
      const { user, origin } = await callerOf(request, 'download');
      return downloadState({ ...ctx, files: ctx.files, jobs: ctx.jobs }, user, request.params.id, origin);
    },
  );
}
