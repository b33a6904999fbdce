import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { VideoProject, VideoProjectSummary } from '../../../common/catalogue.ts';
import { QUALITY_LABELS } from '../../../common/catalogue.ts';
import type { Locale } from '../../../common/locales.ts';
import { RESTRICTION_NAMES } from '../../../common/restrictions.ts';
import type { Db } from '../../db/client.ts';
import { countries, regions } from '../reference/schema.ts';
import { countryName } from '../reference/service.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { memo } from '../../lib/memo.ts';
import { liveEvents, liveRecordings } from '../live/schema.ts';
import { storyboardUrl } from '../media/storyboards.ts';
import { categories, tags, videoProjects, videoProjectTags, videos } from './schema.ts';

export type ProjectRow = typeof videoProjects.$inferSelect;
export type ProjectListRow = Omit<ProjectRow, 'searchVector'>;

/** Columns lists need (the search document and long texts stay in the database). */
export const summaryColumns = {
  id: videoProjects.id,
  projectId: videoProjects.projectId,
  title: videoProjects.title,
  projectSlug: videoProjects.projectSlug,
  language: videoProjects.language,
  formats: videoProjects.formats,
  freeAccess: videoProjects.freeAccess,
  pool: videoProjects.pool,
  limitType: videoProjects.limitType,
  duration: videoProjects.duration,
  publishedAt: videoProjects.publishedAt,
  categoryId: videoProjects.categoryId,
  countryId: videoProjects.countryId,
  datelinePlace: videoProjects.datelinePlace,
  datelineDate: videoProjects.datelineDate,
  previewImage: videoProjects.previewImage,
  previewVideo: videoProjects.previewVideo,
  animatedThumbnails: videoProjects.animatedThumbnails,
};
export type SummaryRow = { [K in keyof typeof summaryColumns]: ProjectRow[K] };

type TagRow = { id: number; slug: string; names: (typeof tags.$inferSelect)['names'] };
/**
 * The ids of the tags of the project with this id, as one column of the statement that reads the
 * project: a page of a list then costs one round trip to the database, and the tags are named from
 * the reference tables (an id array costs PostgreSQL a tenth of building each tag's JSON there).
 * The id must render qualified (a column of a join, or a subquery's).
 */
export function tagIdsOf(projectId: SQLWrapper): SQL<number[]> {
  return sql<number[]>`array(select link.tag_id from ${videoProjectTags} link where link.project_id = ${projectId})`;
}

/** A card's columns read straight from the projects: the summary's, with the tag ids. */
export const cardColumns = { ...summaryColumns, tagIds: tagIdsOf(sql.raw('"video_projects"."id"')) };

export function previewImageUrl(row: Pick<ProjectRow, 'id' | 'previewImage'>): string {
  return row.previewImage ?? `/media/previews/${row.id}.svg`;
}

type CategoryRow = typeof categories.$inferSelect;
/** The small, rarely changing tables every list names things from. */
export type ReferenceTables = {
  categories(): Promise<CategoryRow[]>;
  countries(): Promise<{ id: number; code: string }[]>;
  tags(): Promise<TagRow[]>;
};

/** Reference tables read from the database each time (tests, one-off calls). */
export function directReference(db: Db): ReferenceTables {
  return {
    categories: () => db.select().from(categories),
    countries: () => db.select({ id: countries.id, code: countries.code }).from(countries),
    tags: () => db.select({ id: tags.id, slug: tags.slug, names: tags.names }).from(tags),
  };
}

/**
 * Reference tables kept in memory for a minute: they change with a release or a seed, not with
 * traffic, and every process forgets them at once when one says they changed (scope `reference`).
 * Answers the tables and the way to stop listening.
 */
export function memoReference(db: Db, caches: Pick<CacheBus, 'onInvalidate'>): ReferenceTables & { stop(): void } {
  const cache = memo<string, unknown>({ ttlMs: 60_000, max: 4 });
  const stop = caches.onInvalidate('reference', cache.clear);
  const direct = directReference(db);
  return {
    categories: () => cache('categories', () => direct.categories()) as Promise<CategoryRow[]>,
    countries: () => cache('countries', () => direct.countries()) as Promise<{ id: number; code: string }[]>,
    tags: () => cache('tags', () => direct.tags()) as Promise<TagRow[]>,
    stop,
  };
}

type Named = { id: number; slug: string; name: string };

/**
 * What a reference list gives in a language (its rows by id, with their names), made once per list
 * the reference memo holds and per language: a country's name is an ICU lookup (about 9 µs; 250
 * countries a page was the uncached list's largest cost of its own), and every page names tags
 * and categories from the same few rows (docs/performance.md).
 */
const namedOnce = new WeakMap<object, Map<Locale, Map<number, unknown>>>();
function named<R extends { id: number }, V>(rows: R[], locale: Locale, name: (row: R) => V): Map<number, V> {
  let byLocale = namedOnce.get(rows);
  if (!byLocale) {
    byLocale = new Map();
    namedOnce.set(rows, byLocale);
  }
  let found = byLocale.get(locale) as Map<number, V> | undefined;
  if (!found) {
    found = new Map(rows.map((row) => [row.id, name(row)]));
    byLocale.set(locale, found);
  }
  return found;
}
const nameOf =
  (locale: Locale) =>
  (row: { id: number; slug: string; names: Partial<Record<Locale, string>> & { en: string } }): Named => ({
    id: row.id,
    slug: row.slug,
    name: row.names[locale] || row.names.en,
  });

type LookupRow = Pick<ProjectRow, 'id' | 'categoryId' | 'countryId'> & { tagIds?: number[] };

/**
 * The tags of a page of projects in a language, by project: named from the reference tables when
 * the rows carry their tag ids (`tagIdsOf`) and every id is known there, else read in one query (a
 * tag made since the tables were read is found so too).
 */
async function tagsOfRows(db: Db, rows: LookupRow[], locale: Locale, reference: ReferenceTables): Promise<Map<number, Named[]>> {
  const byProject = new Map<number, Named[]>();
  if (rows.length === 0) return byProject;
  if (rows.every((row) => row.tagIds)) {
    const known = named(await reference.tags(), locale, nameOf(locale));
    for (const row of rows) {
      const found = (row.tagIds ?? []).flatMap((tagId) => known.get(tagId) ?? []);
      if (found.length !== row.tagIds?.length) return tagsRead(db, rows, locale);
      byProject.set(row.id, found);
    }
    return byProject;
  }
  return tagsRead(db, rows, locale);
}

async function tagsRead(db: Db, rows: LookupRow[], locale: Locale): Promise<Map<number, Named[]>> {
  const found = await db
    .select({ projectId: videoProjectTags.projectId, id: tags.id, slug: tags.slug, names: tags.names })
    .from(videoProjectTags)
    .innerJoin(tags, eq(tags.id, videoProjectTags.tagId))
    .where(
      inArray(
        videoProjectTags.projectId,
        rows.map((row) => row.id),
      ),
    );
  const byProject = new Map<number, Named[]>();
  const name = nameOf(locale);
  for (const tag of found) byProject.set(tag.projectId, [...(byProject.get(tag.projectId) ?? []), name(tag)]);
  return byProject;
}

/** Tags of a page of projects, and the names of their categories and countries. */
async function lookups(db: Db, rows: LookupRow[], locale: Locale, reference: ReferenceTables) {
  const [tagsByProject, categoryRows, countryRows] = await Promise.all([
    tagsOfRows(db, rows, locale, reference),
    reference.categories(),
    reference.countries(),
  ]);
  const category = named(categoryRows, locale, nameOf(locale));
  const country = named(countryRows, locale, (row) => ({ id: row.id, code: row.code, name: countryName(row.code, locale) }));
  return { tagsByProject, category, country };
}

function summary(row: SummaryRow, found: Awaited<ReturnType<typeof lookups>>): VideoProjectSummary {
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    project_slug: row.projectSlug,
    tags: [...(found.tagsByProject.get(row.id) ?? [])].sort((a, b) => a.slug.localeCompare(b.slug)),
    selected_preview_image: previewImageUrl(row),
    animated_preview_thumbnails: row.animatedThumbnails,
    format: row.formats,
    free_access: row.freeAccess,
    pool: row.pool,
    limit_type: row.limitType,
    duration: row.duration,
    published_at: row.publishedAt.toISOString(),
    language: row.language,
    category: row.categoryId !== null ? (found.category.get(row.categoryId) ?? null) : null,
    country: row.countryId !== null ? (found.country.get(row.countryId) ?? null) : null,
    dateline: { place: row.datelinePlace, date: row.datelineDate },
    has_preview_video: row.previewVideo !== null,
  };
}

/** List items in the caller's language, in the order given. */
export async function summaries(
  db: Db,
  rows: (SummaryRow & { tagIds?: number[] })[],
  locale: Locale,
  reference: ReferenceTables = directReference(db),
): Promise<VideoProjectSummary[]> {
  const found = await lookups(db, rows, locale, reference);
  return rows.map((row) => summary(row, found));
}

/** How much of a story a visitor reads: its opening, cut at a word, and the first shots. */
export const STORY_EXCERPT_CHARS = 280;
export const SHOTLIST_EXCERPT_LINES = 3;

/** The story's opening up to STORY_EXCERPT_CHARS, cut after a whole word and marked with an ellipsis. */
export function storyExcerpt(story: string): string {
  if (story.length <= STORY_EXCERPT_CHARS) return story;
  const cut = story.slice(0, STORY_EXCERPT_CHARS + 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > STORY_EXCERPT_CHARS / 2 ? cut.slice(0, lastSpace) : cut.slice(0, STORY_EXCERPT_CHARS)).trimEnd()}…`;
}

/** The script a caller may read: whole when signed in, else the excerpt (spec: content §2). */
function scriptFor(row: Pick<ProjectListRow, 'story' | 'shotlist'>, fullScript: boolean) {
  if (fullScript) return { story: row.story, shotlist: row.shotlist, script_complete: true };
  const story = storyExcerpt(row.story);
  const shotlist = row.shotlist.slice(0, SHOTLIST_EXCERPT_LINES);
  return { story, shotlist, script_complete: story === row.story && shotlist.length === row.shotlist.length };
}

/** Everything about one project, in the caller's language; the whole script only for a signed-in caller. */
export async function detail(
  db: Db,
  row: ProjectListRow,
  locale: Locale,
  now: Date,
  fullScript: boolean,
  reference: ReferenceTables = directReference(db),
): Promise<VideoProject> {
  const found = await lookups(db, [row], locale, reference);
  const [renditions, region, recording, storyboard] = await Promise.all([
    db.select().from(videos).where(eq(videos.projectId, row.id)).orderBy(videos.id),
    row.regionId ? db.select().from(regions).where(eq(regions.id, row.regionId)) : [],
    recordingOf(db, row.id, locale),
    storyboardUrl(db, row.id),
  ]);
  const embargoed = row.embargoUntil !== null && row.embargoUntil.getTime() > now.getTime();
  return {
    ...summary(row, found),
    rights_type: row.rightsType,
    external_name: row.externalName,
    inner_id: row.innerId,
    additional_info: row.additionalInfo,
    last_changed_at: row.lastChangedAt.toISOString(),
    videos: renditions.map((video) => ({
      id: video.id,
      quality: video.quality,
      quality_label: QUALITY_LABELS[video.quality],
      format: video.format,
      container: video.container,
    })),
    languages: row.languages,
    region: region[0] ? { id: region[0].id, slug: region[0].slug, name: region[0].names[locale] } : null,
    source: row.source,
    ...scriptFor(row, fullScript),
    restrictions: row.restrictions.map((restriction) => ({ ...restriction, name: RESTRICTION_NAMES[restriction.code][locale] })),
    embargo_until: embargoed && row.embargoUntil ? row.embargoUntil.toISOString() : null,
    preview_video_url: row.previewVideo ? `/media/clips/${row.previewVideo}` : null,
    storyboard_url: storyboard,
    live_recording: recording,
  };
}

/** The visible live event a project is the recording of, titled in the reader's language. */
async function recordingOf(db: Db, projectId: number, locale: Locale): Promise<VideoProject['live_recording']> {
  const [found] = await db
    .select({ id: liveRecordings.id, slug: liveEvents.slug, title: liveEvents.title, titles: liveEvents.titles })
    .from(liveRecordings)
    .innerJoin(liveEvents, and(eq(liveEvents.id, liveRecordings.eventId), eq(liveEvents.visible, true)))
    .where(eq(liveRecordings.projectId, projectId));
  if (!found) return null;
  return { id: found.id, event_slug: found.slug, event_title: (locale !== 'en' && found.titles[locale]) || found.title };
}
