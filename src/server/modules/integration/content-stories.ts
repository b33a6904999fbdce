import { inArray } from 'drizzle-orm';
import type { NinjsRendition } from '../../../common/content-api.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { renditions } from '../downloads/schema.ts';
import { renditionKey } from '../downloads/service.ts';
import type { StoryRow } from './ninjs.ts';
import type { OfferedVideo } from './content-renditions.ts';

/**
 * A story as every caller of the feed sees it: its row, the files it is offered in, the size of
 * each file made without a logo (by the file's id), each file as ninjs writes it, once built (by
 * address, file and size), and the whole item written as JSON, once per address and set of files
 * offered (callers whose agreements offer the same files share it).
 */
export type SharedStory = {
  row: StoryRow;
  offered: OfferedVideo[];
  sizes: Map<number, number>;
  renditions: Map<string, NinjsRendition>;
  written: Map<string, WrittenItem>;
};

/**
 * An item as UTF-8 JSON, with a hash of it (a page's ETag is made of its items' hashes). Bytes, not a
 * string: the first encoding of a fresh 70 KB string with non-Latin characters cost the server
 * about a millisecond each time it was sent (and again to hash it), the same bytes joined 0.04 ms.
 */
export type WrittenItem = { json: Buffer; hash: string };

type Load = (ids: number[], locale: Locale) => Promise<{ rows: StoryRow[]; offered: OfferedVideo[] }>;

/** A file's key as the renderer stores it; a branded file's depends on the caller's logo. */
export const fileKey = (projectId: number, video: Pick<OfferedVideo, 'quality' | 'container' | 'format'>, logoKey: string | null) =>
  renditionKey(
    projectId,
    { quality: video.quality, file_type: video.container, video_format: video.format, brand_position: 'bottom_right' },
    video.format === 'branded' ? logoKey : null,
  );

/** The sizes of files already made, by key: one query for a page. */
export async function sizesOf(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const made = await db
    .select({ key: renditions.renditionKey, size: renditions.sizeBytes })
    .from(renditions)
    .where(inArray(renditions.renditionKey, keys));
  return new Map(made.flatMap((file) => (file.size === null ? [] : [[file.key, Number(file.size)] as const])));
}

/**
 * The feed's stories kept a few seconds per process, per story and language, so that fifty
 * newsroom systems polling the same first page read the catalogue once between them; what depends
 * on the caller (agreements, logo, limits) is worked out per request over it
 * (content-renditions.ts). Registered with the cache bus: a publish, correction, withholding or
 * kill on any process empties it at once.
 */
export function sharedStories(options: { ttlMs: number; max: number; now?: () => number }) {
  // A story being read is kept as its promise, so callers arriving meanwhile wait for that one read.
  const entries = new Map<string, { story: Promise<SharedStory | undefined>; expires: number }>();
  const now = options.now ?? (() => Date.now());
  const keyOf = (id: number, locale: Locale) => `${locale}:${id}`;

  async function read(db: Db, load: Load, ids: number[], locale: Locale): Promise<Map<number, SharedStory>> {
    const { rows, offered } = await load(ids, locale);
    const sizes = await sizesOf(
      db,
      offered.filter((video) => video.format !== 'branded').map((video) => fileKey(video.projectId, video, null)),
    );
    return new Map(
      rows.map((row) => {
        const own = offered.filter((video) => video.projectId === row.id);
        const known = own.flatMap((video) => {
          const size = sizes.get(fileKey(row.id, video, null));
          return size === undefined ? [] : [[video.id, size] as const];
        });
        return [row.id, { row, offered: own, sizes: new Map(known), renditions: new Map(), written: new Map() }];
      }),
    );
  }

  async function stories(db: Db, load: Load, ids: number[], locale: Locale): Promise<SharedStory[]> {
    const at = now();
    const waiting = new Map<number, Promise<SharedStory | undefined>>();
    for (const id of ids) {
      const entry = entries.get(keyOf(id, locale));
      if (entry && entry.expires > at) waiting.set(id, entry.story);
    }
    const missing = ids.filter((id) => !waiting.has(id));
    if (missing.length > 0) {
      const batch = read(db, load, missing, locale);
      for (const id of missing) {
        const key = keyOf(id, locale);
        if (entries.size >= options.max) entries.delete(entries.keys().next().value as string);
        const story = batch.then((found) => found.get(id));
        waiting.set(id, story);
        entries.set(key, { story, expires: at + options.ttlMs });
        // A failed read is not kept.
        story.catch(() => {
          if (entries.get(key)?.story === story) entries.delete(key);
        });
      }
    }
    const found = await Promise.all(ids.map((id) => waiting.get(id) ?? Promise.resolve(undefined)));
    return found.flatMap((story) => story ?? []);
  }

  // A read under way when the entries are cleared is answered to its callers but not kept.
  return Object.assign(stories, { clear: () => entries.clear() });
}
export type SharedStories = ReturnType<typeof sharedStories>;
