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
 * each file made without a logo, and each file as ninjs writes it, once built (by address, file and size).
 */
export type SharedStory = { row: StoryRow; offered: OfferedVideo[]; sizes: Map<string, number>; renditions: Map<string, NinjsRendition> };

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
 * kill on any process empties it at once, and a load under way then is answered but not kept.
 */
export function sharedStories(options: { ttlMs: number; max: number; now?: () => number }) {
  const entries = new Map<string, { story: SharedStory; expires: number }>();
  const now = options.now ?? (() => Date.now());
  let generation = 0;
  const keyOf = (id: number, locale: Locale) => `${locale}:${id}`;

  async function stories(db: Db, load: Load, ids: number[], locale: Locale): Promise<SharedStory[]> {
    const at = now();
    const found = new Map<number, SharedStory>();
    for (const id of ids) {
      const entry = entries.get(keyOf(id, locale));
      if (entry && entry.expires > at) found.set(id, entry.story);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const started = generation;
      const { rows, offered } = await load(missing, locale);
      const plain = offered.filter((video) => video.format !== 'branded');
      const sizes = await sizesOf(
        db,
        plain.map((video) => fileKey(video.projectId, video, null)),
      );
      for (const row of rows) {
        const own = offered.filter((video) => video.projectId === row.id);
        const story: SharedStory = {
          row,
          renditions: new Map(),
          offered: own,
          sizes: new Map(
            own.flatMap((video) => {
              const key = fileKey(row.id, video, null);
              const size = sizes.get(key);
              return size === undefined ? [] : [[key, size] as const];
            }),
          ),
        };
        found.set(row.id, story);
        if (started !== generation) continue;
        if (entries.size >= options.max) entries.delete(entries.keys().next().value as string);
        entries.set(keyOf(row.id, locale), { story, expires: at + options.ttlMs });
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  return Object.assign(stories, {
    clear: () => {
      generation += 1;
      entries.clear();
    },
  });
}
export type SharedStories = ReturnType<typeof sharedStories>;
