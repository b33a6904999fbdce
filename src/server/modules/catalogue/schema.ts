import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../common/locales.ts';
import type { RestrictionCode } from '../../../common/restrictions.ts';
import type { Quality, VideoFormat } from '../../../common/catalogue.ts';
import { users } from '../accounts/schema.ts';
import type { LocalizedNames } from '../reference/data/regions.ts';
import { countries, regions } from '../reference/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  position: integer('position').notNull().default(0),
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  viewType: text('view_type').$type<'default' | 'landing' | 'hot'>().notNull().default('default'),
  /** Tags shown on the external landing pages (spec: content §7 external_landing_tags). */
  externalLanding: boolean('external_landing').notNull().default(false),
  imageUrl: text('image_url'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The catalogue's view of a newsroom story's state (src/common/newsroom.ts). */
export type EditorialState = 'published' | 'corrected' | 'withheld' | 'killed';

export type StoredRestriction = { code: RestrictionCode; countries?: string[]; until?: string };

/**
 * A video project: one news story with its metadata and renditions (spec: content §3). The search
 * document is weighted: title (A), then keywords — tags, shotlist, dateline (B), then the story (C),
 * each in the text-search configuration of the story's language.
 */
export const videoProjects = pgTable(
  'video_projects',
  {
    id: serial('id').primaryKey(),
    projectId: text('project_id').notNull(),
    title: text('title').notNull(),
    projectSlug: text('project_slug').notNull(),
    language: text('language').$type<Locale>().notNull(),
    languages: text('languages').array().$type<Locale[]>().notNull(),
    story: text('story').notNull().default(''),
    shotlist: jsonb('shotlist').$type<{ number: number; text: string }[]>().notNull().default([]),
    datelinePlace: text('dateline_place').notNull().default(''),
    datelineDate: date('dateline_date', { mode: 'string' }).notNull(),
    countryId: integer('country_id').references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    categoryId: integer('category_id').references(() => categories.id),
    source: text('source').notNull().default(''),
    restrictions: jsonb('restrictions').$type<StoredRestriction[]>().notNull().default([]),
    embargoUntil: at('embargo_until'),
    formats: text('formats').array().$type<VideoFormat[]>().notNull(),
    freeAccess: boolean('free_access').notNull().default(false),
    pool: boolean('pool').notNull().default(false),
    duration: integer('duration').notNull(),
    limitType: text('limit_type').notNull().default('standard'),
    rightsType: text('rights_type').notNull().default('all_rights'),
    externalName: text('external_name').notNull().default(''),
    innerId: text('inner_id').notNull().default(''),
    additionalInfo: text('additional_info').notNull().default(''),
    previewImage: text('preview_image'),
    previewVideo: text('preview_video'),
    animatedThumbnails: text('animated_thumbnails').array().$type<string[]>().notNull().default([]),
    /** Tag names, shotlist lines and the dateline, kept by the code that writes the project. */
    keywords: text('keywords').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(newsreel_ts_config(language), coalesce(title, '')), 'A') || setweight(to_tsvector(newsreel_ts_config(language), coalesce(keywords, '')), 'B') || setweight(to_tsvector(newsreel_ts_config(language), coalesce(story, '')), 'C')`,
      ),
    publishedAt: at('published_at').notNull(),
    lastChangedAt: at('last_changed_at').notNull(),
    /**
     * Where the newsroom's life cycle has the story (issue 24): published and corrected are listed;
     * withheld and killed are out of the catalogue, search and downloads, their files answer 410.
     */
    editorialState: text('editorial_state').$type<EditorialState>().notNull().default('published'),
  },
  // Plain DESC (NULLS FIRST) so the indexes match ORDER BY published_at DESC as queries write it.
  (table) => [
    uniqueIndex('video_projects_project_id_unique').on(table.projectId),
    uniqueIndex('video_projects_slug_unique').on(table.projectSlug),
    index('video_projects_published_idx').on(table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The listed stories only: the unfiltered catalogue's page and its capped count read this index
    // alone (an index-only count of 1,001 entries, not a scan of the table's wide rows).
    index('video_projects_listed_published_idx')
      .on(table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.editorialState} in ('published', 'corrected')`),
    index('video_projects_category_published_idx').on(table.categoryId, table.publishedAt.desc().nullsFirst()),
    index('video_projects_country_published_idx').on(table.countryId, table.publishedAt.desc().nullsFirst()),
    index('video_projects_region_published_idx').on(table.regionId, table.publishedAt.desc().nullsFirst()),
    index('video_projects_language_published_idx').on(table.language, table.publishedAt.desc().nullsFirst()),
    index('video_projects_search_idx').using('gin', table.searchVector),
    index('video_projects_title_trgm_idx').using('gist', sql`${table.title} gist_trgm_ops`),
  ],
);

export const videoProjectTags = pgTable(
  'video_project_tags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => videoProjects.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.tagId] }),
    index('video_project_tags_tag_idx').on(table.tagId, table.projectId),
  ],
);

/** Renditions: quality, format and container of each file a customer can download. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => videoProjects.id, { onDelete: 'cascade' }),
    quality: text('quality').$type<Quality>().notNull(),
    format: text('format').$type<VideoFormat>().notNull(),
    container: text('container').$type<'mp4' | 'mxf'>().notNull(),
    storageKey: text('storage_key'),
  },
  (table) => [uniqueIndex('videos_rendition_unique').on(table.projectId, table.quality, table.format, table.container)],
);

export const tagSubscriptions = pgTable(
  'tag_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tagId] })],
);

/** Downloads, counted for trending (most downloaded in the last 24 hours). */
export const videoDownloads = pgTable(
  'video_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => videoProjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('video_downloads_created_idx').on(table.createdAt, table.projectId)],
);

/** Each search answered; its id is the search_key statistics refer to. */
export const searches = pgTable(
  'searches',
  {
    id: text('id').primaryKey(),
    query: text('query').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    results: integer('results').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  // The desk's report of a period's searches that found nothing.
  (table) => [
    index('searches_empty_idx')
      .on(table.createdAt)
      .where(sql`${table.results} = 0`),
  ],
);

export const searchStatistics = pgTable(
  'search_statistics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => videoProjects.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('search_statistics_search_idx').on(table.searchId)],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  breaking: boolean('breaking').notNull().default(false),
  locale: text('locale').$type<Locale>().notNull().default('en'),
  position: integer('position').notNull().default(0),
  targetLinkTo: text('target_link_to').$type<'custom' | 'live_event' | 'video_project' | 'tag'>().notNull(),
  customUrl: text('custom_url'),
  liveEventExtid: text('live_event_extid'),
  videoProjectExtid: text('video_project_extid'),
  tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
  imageUrl: text('image_url'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Editorial front pages: the hotbox is a chosen list of projects. */
export const frontPages = pgTable('front_pages', {
  id: text('id').primaryKey(),
  titles: jsonb('titles').$type<LocalizedNames>().notNull(),
  projectIds: integer('project_ids').array().$type<number[]>().notNull().default([]),
});

/** About, terms, privacy and cookie policy in each language; HTML sanitised when stored. */
export const contentPages = pgTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.slug, table.locale] })],
);

/**
 * No longer written nor read: it counted the catalogue's editorial changes, which every API process
 * polled each second to drop its micro-cached answers, until the cache bus (lib/cache-bus.ts) told
 * every process at once (issue 27). Kept one release, so the processes of the previous one that still
 * run during a rolling deploy find it; a later release's migration drops it.
 */
export const catalogueChanges = pgTable('catalogue_changes', {
  id: integer('id').primaryKey(),
  generation: integer('generation').notNull().default(0),
});
