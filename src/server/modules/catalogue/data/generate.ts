import { VIDEO_FORMATS, type VideoFormat } from '../../../../common/catalogue.ts';
import { LOCALES, type Locale } from '../../../../common/locales.ts';
import { RESTRICTION_CODES, type RestrictionCode } from '../../../../common/restrictions.ts';
import { slugify } from '../../../../common/slug.ts';
import type { LocalizedText } from './categories.ts';
import { PLACES, SPOKEN_LANGUAGE_BY_COUNTRY } from './places.ts';
import { STORIES, type StoryTemplate } from './stories.ts';
import { TAGS } from './tags.ts';
import { DEMO_FILE_MAX_SECONDS } from './demo-length.ts';
import { DISTRESSING_NOTE, DRONE_NOTE, EMBARGO_NOTE, NATURAL_SOUND_NOTE, POOL_NOTE, SOUNDBITE_NOTES } from './editor-notes.ts';

/**
 * Deterministic demo catalogue: the same (count, seed, now) always gives the same projects, and a
 * larger count only appends to a smaller one. No I/O, no clock, no Math.random.
 */

export type DemoRestriction = { code: RestrictionCode; countries?: string[]; until?: string };

export type DemoProject = {
  /** NR-YYMMDD-NNNN: the dateline date and the project's number among that day's stories. */
  projectId: string;
  /** Main content language of the story. */
  language: Locale;
  /** Languages available; always starts with `language`. */
  languages: Locale[];
  title: string;
  story: string;
  shotlist: { number: number; text: string }[];
  datelinePlace: string;
  /** YYYY-MM-DD, within the 120 days before `now`. */
  datelineDate: string;
  countryCode: string;
  categorySlug: string;
  tagSlugs: string[];
  source: string;
  restrictions: DemoRestriction[];
  freeAccess: boolean;
  pool: boolean;
  /** Seconds. */
  duration: number;
  /** ISO time on or after the dateline date, before `now`. */
  publishedAt: string;
  /** One of 'standard', 'pool', 'spherical'. */
  limitType: string;
  /** One of 'all_rights', 'editorial', 'no_archive'. */
  rightsType: string;
  externalName: string;
  innerId: string;
  additionalInfo: string;
  formats: VideoFormat[];
};

export type DemoCatalogueOptions = { count: number; seed: number; now: Date };

type Random = () => number;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DATELINE_WINDOW_DAYS = 120;

/** About 55 % English, the rest shared evenly: the mix of a desk serving international clients. */
const LANGUAGE_SHARES: readonly (readonly [Locale, number])[] = [
  ['en', 0.55],
  ['es', 0.15],
  ['ru', 0.15],
  ['ar', 0.15],
];

/**
 * Stories that only make sense in some parts of the world (a ceasefire, an earthquake, dengue) take
 * their dateline from these countries three times out of four; the rest can happen anywhere.
 */
const PLACE_HINTS: Readonly<Record<string, readonly string[]>> = {
  'middle-east-talks': ['EG', 'QA', 'JO', 'CH', 'OM', 'SA', 'AE'],
  ceasefire: ['UA', 'SY', 'LB', 'SD', 'CD', 'LY', 'IQ'],
  military: ['UA', 'SY', 'LB', 'SD', 'CD', 'LY', 'IQ'],
  'humanitarian-aid': ['SY', 'LB', 'SD', 'CD', 'LY', 'IQ', 'UA', 'ET', 'KE', 'JO'],
  refugees: ['JO', 'LB', 'TR', 'KE', 'ET', 'PK', 'BD', 'SD', 'CD'],
  earthquakes: ['TR', 'JP', 'IR', 'MX', 'CL', 'PE', 'EC', 'ID', 'NP', 'IT', 'GR', 'PH', 'NZ', 'MA'],
  wildfires: ['GR', 'PT', 'ES', 'US', 'CA', 'AU', 'TR', 'CL', 'IT', 'RU'],
  floods: ['BD', 'PK', 'IN', 'ID', 'NG', 'BR', 'DE', 'CN', 'KE', 'TH', 'PH', 'IT'],
  storms: ['US', 'PH', 'CU', 'JP', 'CN', 'FJ', 'BD', 'MX', 'AU', 'IN'],
  heatwaves: ['IN', 'PK', 'EG', 'SA', 'AE', 'IQ', 'ES', 'GR', 'IT', 'US', 'MX', 'AU', 'DZ', 'MA'],
  outbreaks: ['NG', 'KE', 'CD', 'SD', 'BD', 'PK', 'IN', 'BR', 'PH', 'ID', 'SN', 'GH', 'ET', 'TH', 'CO', 'PE'],
  pollution: ['IN', 'PK', 'CN', 'BD', 'IR', 'TH', 'MX', 'ID', 'EG', 'KR'],
};
const HINTED_PLACE_SHARE = 0.75;

/** Markets that commonly appear in "no access" clauses, besides the story's own country. */
const RESTRICTED_MARKETS = ['GB', 'US', 'FR', 'DE', 'RU', 'CN', 'JP', 'AE', 'SA', 'EG', 'ES', 'MX', 'BR', 'IN', 'TR', 'AU', 'CA', 'IT'];
const ORDINARY_RESTRICTIONS = RESTRICTION_CODES.filter((code) => code !== 'embargo');

/** Categories whose pictures may show injured people or damage. */
const DISTRESSING_CATEGORIES = new Set(['conflicts', 'disasters-and-accidents', 'crime-and-justice']);
/** Categories where the organiser often is the host broadcaster. */
const HOSTED_CATEGORIES = new Set(['sport', 'cultural-events-and-celebrations']);

const TITLE_STOP_WORDS = new Set(
  'a an the in at on of for to as after before by from near over with and into its their than that this more'.split(' '),
);

/** mulberry32: a tiny 32-bit PRNG, fast and identical on every platform, which is all demo data needs. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Cannot pick from an empty list');
  return item;
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No item at ${index}`);
  return item;
}

/** A value for every locale. */
function byLocale<T>(value: (locale: Locale) => T): Record<Locale, T> {
  return { en: value('en'), es: value('es'), ru: value('ru'), ar: value('ar') };
}

/** `count` distinct items, in the order drawn. */
function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const chosen: T[] = [];
  while (chosen.length < Math.min(count, items.length)) {
    const item = pick(random, items);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}

export type StoryValues = { city: string; date: string; language: string };

/** Fills the placeholders of a story template text (see stories.ts). */
export function fillStoryText(text: string, values: StoryValues): string {
  if (!text.includes('{')) return text;
  return text.replaceAll('{city}', values.city).replaceAll('{date}', values.date).replaceAll('{language}', values.language);
}

/** The agency slug of a story: the last two meaningful words of its English title, e.g. PENSION-REFORM. */
function titleKeyword(englishTitle: string): string {
  const words = englishTitle
    .replaceAll('{city}', ' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !TITLE_STOP_WORDS.has(word));
  return words.slice(-2).join('-').toUpperCase();
}

type PreparedStory = {
  template: StoryTemplate;
  /** CATEGORY-TAG part of the external name. */
  slugStem: string;
  keyword: string;
  /** Tags of the story's home category it does not carry yet: candidates for an extra tag. */
  extraTags: readonly string[];
  /** Indices into PLACES that suit the story, or null when any place does. */
  hintedPlaces: readonly number[] | null;
  /** Editor's notes that fit the story's pictures. */
  notes: readonly LocalizedText[];
};

function storyNotes(template: StoryTemplate): LocalizedText[] {
  const notes = [NATURAL_SOUND_NOTE];
  if (template.shots.some((shot) => shot.en.startsWith('SOUNDBITE'))) notes.push(...SOUNDBITE_NOTES);
  if (template.shots.some((shot) => shot.en.startsWith('Aerial'))) notes.push(DRONE_NOTE);
  if (DISTRESSING_CATEGORIES.has(template.category)) notes.push(DISTRESSING_NOTE);
  return notes;
}

type PreparedPlace = { countryCode: string; city: LocalizedText; slug: string; spokenLanguage: LocalizedText };

let prepared: { stories: PreparedStory[]; places: PreparedPlace[] } | undefined;

/** Everything that depends only on the data files, computed once per process. */
function prepare(): { stories: PreparedStory[]; places: PreparedPlace[] } {
  if (prepared) return prepared;
  const languageNames = byLocale((locale) => new Intl.DisplayNames(locale, { type: 'language' }));
  const places = PLACES.map((place) => {
    const spoken = SPOKEN_LANGUAGE_BY_COUNTRY[place.countryCode] ?? 'en';
    const spokenLanguage = byLocale((locale) => languageNames[locale].of(spoken) ?? spoken);
    return { countryCode: place.countryCode, city: place.city, slug: slugify(place.city.en).toUpperCase(), spokenLanguage };
  });
  const stories = STORIES.map((template) => {
    const firstTag = template.tags[0] ?? 'news';
    const hint = template.tags.map((tag) => PLACE_HINTS[tag]).find((codes) => codes !== undefined);
    const hintedPlaces = hint ? places.flatMap((place, index) => (hint.includes(place.countryCode) ? [index] : [])) : [];
    return {
      template,
      slugStem: `${template.category.split('-')[0] ?? template.category}-${firstTag}`.toUpperCase(),
      keyword: titleKeyword(template.title.en),
      extraTags: TAGS.filter((tag) => tag.categories[0] === template.category && !template.tags.includes(tag.slug)).map((tag) => tag.slug),
      hintedPlaces: hintedPlaces.length > 0 ? hintedPlaces : null,
      notes: storyNotes(template),
    };
  });
  prepared = { stories, places };
  return prepared;
}

type DatelineDay = { startMs: number; isoDate: string; compactDate: string; spelled: LocalizedText };

/** The 120 dateline days before `latestMs`, newest first, with the date spelled out in every locale. */
function datelineDays(latestMs: number): DatelineDay[] {
  const formats = byLocale(
    (locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  const todayStart = Math.floor(latestMs / DAY_MS) * DAY_MS;
  return Array.from({ length: DATELINE_WINDOW_DAYS }, (_, daysAgo) => {
    const startMs = todayStart - daysAgo * DAY_MS;
    const day = new Date(startMs);
    const isoDate = day.toISOString().slice(0, 10);
    const spelled = byLocale((locale) => formats[locale].format(day));
    return { startMs, isoDate, compactDate: isoDate.slice(2).replaceAll('-', ''), spelled };
  });
}

function pickLanguage(random: Random): Locale {
  let roll = random();
  for (const [locale, share] of LANGUAGE_SHARES) {
    roll -= share;
    if (roll < 0) return locale;
  }
  return 'en';
}

/** One in five stories also goes out in one other language, one in twenty in two or three more. */
function pickLanguages(random: Random, language: Locale): Locale[] {
  const roll = random();
  const extra = roll < 0.05 ? 2 + Math.floor(random() * 2) : roll < 0.25 ? 1 : 0;
  const chosen = new Set(
    pickDistinct(
      random,
      LOCALES.filter((locale) => locale !== language),
      extra,
    ),
  );
  return [language, ...LOCALES.filter((locale) => chosen.has(locale))];
}

/** 45–600 s; most packages run one to four minutes. */
/**
 * Mostly one to two and a half minutes, a few shorter, a few up to the demo's longest file
 * (DEMO_FILE_MAX_SECONDS): a story is listed at the length its download really has.
 */
function pickDuration(random: Random): number {
  const roll = random();
  if (roll < 0.08) return 45 + Math.floor(random() * 15);
  if (roll < 0.88) return 60 + Math.round((random() + random()) * 45);
  return 151 + Math.floor(random() * (DEMO_FILE_MAX_SECONDS - 150));
}

/** Mostly published the same day between 06:00 and 23:00 UTC, sometimes the next morning. */
function pickPublishedMs(random: Random, dayStartMs: number, latestMs: number): number {
  const offset = random() < 0.85 ? 6 * HOUR_MS + random() * 17 * HOUR_MS : DAY_MS + random() * 8 * HOUR_MS;
  const publishedMs = dayStartMs + offset <= latestMs ? dayStartMs + offset : dayStartMs + random() * (latestMs - dayStartMs);
  return Math.floor(publishedMs / 1000) * 1000;
}

function pickRestrictions(random: Random, countryCode: string, publishedMs: number): DemoRestriction[] {
  const roll = random();
  if (roll >= 0.3) return [];
  const restrictions: DemoRestriction[] = [];
  if (roll < 0.02) {
    // Embargoes lift a few hours after the item is filed to clients.
    const until = new Date(publishedMs + (2 + Math.floor(random() * 7)) * HOUR_MS).toISOString();
    restrictions.push({ code: 'embargo', until });
    if (random() < 0.5) restrictions.push({ code: pick(random, ORDINARY_RESTRICTIONS) });
  } else {
    for (const code of pickDistinct(random, ORDINARY_RESTRICTIONS, random() < 0.7 ? 1 : 2)) restrictions.push({ code });
  }
  for (const restriction of restrictions) {
    if (restriction.code !== 'no_access_countries') continue;
    const markets = RESTRICTED_MARKETS.filter((code) => code !== countryCode);
    const count = 1 + Math.floor(random() * 3);
    // A local broadcaster often holds the home-country rights.
    restriction.countries =
      random() < 0.4 ? [countryCode, ...pickDistinct(random, markets, count - 1)] : pickDistinct(random, markets, count);
  }
  return restrictions;
}

function pickRightsType(random: Random, restrictions: readonly DemoRestriction[]): string {
  if (restrictions.some((restriction) => restriction.code === 'no_archive')) return 'no_archive';
  if (restrictions.some((restriction) => restriction.code === 'editorial_use_only')) return 'editorial';
  const roll = random();
  return roll < 0.65 ? 'all_rights' : roll < 0.92 ? 'editorial' : 'no_archive';
}

function pickSource(random: Random, category: string, pool: boolean): string {
  if (pool) return 'Newsreel / pool';
  if (HOSTED_CATEGORIES.has(category) && random() < 0.3) return 'Host broadcaster';
  return random() < 0.08 ? 'Newsreel / partner' : 'Newsreel';
}

/** About a third of stories carry an editor's note; pool and embargo notes take precedence. */
function pickNote(random: Random, notes: readonly LocalizedText[], pool: boolean, embargoed: boolean): LocalizedText | null {
  if (embargoed) return EMBARGO_NOTE;
  if (pool && random() < 0.5) return POOL_NOTE;
  return random() < 0.35 ? pick(random, notes) : null;
}

export function generateDemoCatalogue(options: DemoCatalogueOptions): DemoProject[] {
  const { count, seed, now } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('now must be a valid date');

  const { stories, places } = prepare();
  const random = mulberry32(seed);
  // Published times stay at least a second before `now`.
  const latestMs = nowMs - 1000;
  const days = datelineDays(latestMs);
  const storiesPerDay = new Array<number>(days.length).fill(0);
  // XOR-ed into the inner id so two seeds do not share ids; multiplying by an odd constant keeps ids unique.
  const innerIdMask = Math.floor(random() * 0x1000000);

  const projects: DemoProject[] = [];
  for (let index = 0; index < count; index += 1) {
    const story = pick(random, stories);
    const { template } = story;
    const placeIndex =
      story.hintedPlaces && random() < HINTED_PLACE_SHARE ? pick(random, story.hintedPlaces) : Math.floor(random() * places.length);
    const place = itemAt(places, placeIndex);
    const language = pickLanguage(random);
    const daysAgo = Math.floor(random() * days.length);
    const day = itemAt(days, daysAgo);
    const dayNumber = itemAt(storiesPerDay, daysAgo) + 1;
    storiesPerDay[daysAgo] = dayNumber;

    const values: StoryValues = { city: place.city[language], date: day.spelled[language], language: place.spokenLanguage[language] };
    const tagSlugs = [...template.tags];
    if (story.extraTags.length > 0 && random() < 0.3) tagSlugs.push(pick(random, story.extraTags));

    const roll = random();
    const freeAccess = roll < 0.15;
    const pool = !freeAccess && roll < 0.35;
    const publishedMs = pickPublishedMs(random, day.startMs, latestMs);
    const restrictions = pickRestrictions(random, place.countryCode, publishedMs);
    const embargoed = restrictions.some((restriction) => restriction.code === 'embargo');
    const note = pickNote(random, story.notes, pool, embargoed);

    projects.push({
      projectId: `NR-${day.compactDate}-${String(dayNumber).padStart(4, '0')}`,
      language,
      languages: pickLanguages(random, language),
      title: fillStoryText(template.title[language], values),
      story: fillStoryText(template.story[language], values),
      shotlist: template.shots.map((shot, shotIndex) => ({ number: shotIndex + 1, text: fillStoryText(shot[language], values) })),
      datelinePlace: place.city[language],
      datelineDate: day.isoDate,
      countryCode: place.countryCode,
      categorySlug: template.category,
      tagSlugs,
      source: pickSource(random, template.category, pool),
      restrictions,
      freeAccess,
      pool,
      duration: pickDuration(random),
      publishedAt: new Date(publishedMs).toISOString(),
      limitType: pool ? 'pool' : random() < 0.04 ? 'spherical' : 'standard',
      rightsType: pickRightsType(random, restrictions),
      externalName: `${story.slugStem}-${place.slug}-${story.keyword}`,
      innerId: `IN-${((Math.imul(index + 1, 0x9e3779b1) ^ innerIdMask) & 0xffffff).toString(16).toUpperCase().padStart(6, '0')}`,
      additionalInfo: note ? note[language] : '',
      formats: random() < 0.8 ? [...VIDEO_FORMATS] : ['clean', 'credit'],
    });
  }
  return projects;
}
