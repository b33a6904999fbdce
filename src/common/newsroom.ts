import { z } from 'zod';
import { VIDEO_FORMATS } from './catalogue-values.ts';
import { LOCALES } from './locales.ts';
import { RESTRICTION_CODES } from './restrictions.ts';
import { isCalendarDate, MAX_ID, zod } from './validators.ts';

/**
 * The newsroom's stories (ARCHITECTURE "Staff side"): a content item is one video with its master
 * and its description in up to four languages, going through a life cycle. Publishing makes (or
 * changes) the catalogue's video project from it; the catalogue never changes it back.
 */
export const CONTENT_STATES = ['draft', 'scheduled', 'published', 'corrected', 'withheld', 'killed'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/** Where the item's master is on its way in: sent (tus or the drop folder), probed, made into what the catalogue needs. */
export const MEDIA_STATES = ['none', 'uploading', 'probing', 'processing', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

/** The access a story is sold under (spec: content §3 free_access, limit_type). */
export const CONTENT_ACCESS = ['free', 'pool', 'paid'] as const;
export type ContentAccess = (typeof CONTENT_ACCESS)[number];

export const SHOTLIST_MAX_LINES = 200;

/** A shotlist line: where in the video (HH:MM:SS or MM:SS) and what is seen. */
export const shotlistLineSchema = z.object({
  timecode: z.string().regex(/^(\d{1,2}:)?[0-5]?\d:[0-5]\d$/, 'validation.timecode'),
  text: zod.requiredText(500),
});
export type ShotlistLine = z.infer<typeof shotlistLineSchema>;

/** One language's words: headline, script (the story text) and shotlist. */
export const contentTextSchema = z.object({
  headline: zod.line(200),
  script: z.string({ error: 'validation.text' }).max(20_000, 'validation.max_length'),
  shotlist: z.array(shotlistLineSchema).max(SHOTLIST_MAX_LINES, 'validation.max_length'),
});
export type ContentText = z.infer<typeof contentTextSchema>;

export const contentRestrictionSchema = z.object({
  code: z.enum(RESTRICTION_CODES),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});

/**
 * What the describe form holds (the "Describe"): every field optional while a draft, the
 * rules for publishing checked when it is published. Texts are keyed by content language.
 */
export const contentFieldsSchema = z.object({
  /** The language the story was filed in: its headline is the catalogue's title. */
  language: z.enum(LOCALES),
  texts: z.partialRecord(z.enum(LOCALES), contentTextSchema),
  dateline_place: zod.line(200),
  dateline_date: z.string().refine(isCalendarDate, 'validation.date').nullable(),
  country_id: z.number().int().min(1).max(MAX_ID).nullable(),
  region_id: z.number().int().min(1).max(MAX_ID).nullable(),
  city: zod.line(100),
  tag_slugs: z.array(zod.line(100)).max(30),
  category_slug: zod.line(100).nullable(),
  source: zod.line(200),
  credit: zod.line(200),
  /** ISO 639-1 codes of the languages spoken in the video. */
  audio_languages: z.array(z.string().regex(/^[a-z]{2}$/)).max(20),
  /** Free text for the customer, and the structured restrictions the platform enforces. */
  restrictions_text: z.string().max(2000, 'validation.max_length'),
  restrictions: z.array(contentRestrictionSchema).max(RESTRICTION_CODES.length),
  client_only: z.boolean(),
  access: z.enum(CONTENT_ACCESS),
  /** The one-off licence's price, in cents, for paid material. */
  one_off_price_cents: z.number().int().min(0).max(100_000_000).nullable(),
  formats: z.array(z.enum(VIDEO_FORMATS)).max(VIDEO_FORMATS.length),
  rights_type: zod.line(60),
  limit_type: zod.line(60),
  is_360: z.boolean(),
});
export type ContentFields = z.infer<typeof contentFieldsSchema>;

/** A new item's fields: English, nothing said yet, sold as paid in every format. */
export const EMPTY_CONTENT_FIELDS: ContentFields = {
  language: 'en',
  texts: {},
  dateline_place: '',
  dateline_date: null,
  country_id: null,
  region_id: null,
  city: '',
  tag_slugs: [],
  category_slug: null,
  source: '',
  credit: '',
  audio_languages: [],
  restrictions_text: '',
  restrictions: [],
  client_only: false,
  access: 'paid',
  one_off_price_cents: null,
  formats: [...VIDEO_FORMATS],
  rights_type: 'all_rights',
  limit_type: 'standard',
  is_360: false,
};

/** What ffprobe told of a master: the facts the desk shows and the checks refuse by. */
export const probeSchema = z.object({
  container: z.string(),
  duration_seconds: z.number(),
  video_codec: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  frame_rate: z.number(),
  audio_codec: z.string().nullable(),
  audio_channels: z.number().int().nullable(),
  size_bytes: z.number().int(),
});
export type Probe = z.infer<typeof probeSchema>;
