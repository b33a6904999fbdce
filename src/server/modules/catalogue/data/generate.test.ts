import { describe, expect, it } from 'vitest';
import { VIDEO_FORMATS } from '../../../../common/catalogue.ts';
import { LOCALES } from '../../../../common/locales.ts';
import { RESTRICTION_CODES } from '../../../../common/restrictions.ts';
import { COUNTRIES_BY_REGION } from '../../reference/data/countries.ts';
import { CATEGORIES, type LocalizedText } from './categories.ts';
import { DEMO_FILE_MAX_SECONDS } from './demo-length.ts';
import { fillStoryText, generateDemoCatalogue, type DemoProject } from './generate.ts';
import { PLACES, SPOKEN_LANGUAGE_BY_COUNTRY } from './places.ts';
import { STORIES, STORY_PLACEHOLDERS } from './stories.ts';
import { TAGS } from './tags.ts';

const NOW = new Date('2026-04-12T10:30:00Z');
const ARABIC_LETTER = /[\u0621-\u064A]/;
const CYRILLIC_LETTER = /[\u0410-\u044F\u0401\u0451]/;
const PLACEHOLDER = /\{[a-z]+\}/;
const PLACEHOLDERS = /\{[a-z]+\}/g;
const REGION_BY_COUNTRY = new Map(
  Object.entries(COUNTRIES_BY_REGION).flatMap(([region, codes]) => codes.map((code) => [code, region] as const)),
);
const CATEGORY_SLUGS = new Set(CATEGORIES.map((category) => category.slug));
const TAG_SLUGS = new Set(TAGS.map((tag) => tag.slug));

function expectFourLanguages(text: LocalizedText, what: string): void {
  for (const locale of LOCALES) expect(text[locale].trim(), `${what} (${locale})`).not.toBe('');
  expect(text.ar, `${what} (ar)`).toMatch(ARABIC_LETTER);
  expect(text.ru, `${what} (ru)`).toMatch(CYRILLIC_LETTER);
}

function share(projects: readonly DemoProject[], test: (project: DemoProject) => boolean): number {
  return projects.filter(test).length / projects.length;
}

const NOW_ISO = NOW.toISOString();
const EARLIEST_DATE = new Date(NOW.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
const LIMIT_TYPES = ['standard', 'pool', 'spherical'];
const RIGHTS_TYPES = ['all_rights', 'editorial', 'no_archive'];

/** Everything wrong with one generated project; collected rather than asserted one by one to keep 2,000 checks fast. */
function projectProblems(project: DemoProject): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  check(LOCALES.includes(project.language), 'unknown language');
  check(project.languages[0] === project.language, 'languages do not start with the main language');
  check(new Set(project.languages).size === project.languages.length, 'repeated language');
  check(
    project.languages.every((locale) => LOCALES.includes(locale)),
    'unknown extra language',
  );
  check(project.shotlist.length >= 5 && project.shotlist.every((shot, index) => shot.number === index + 1), 'shotlist not numbered 1..n');

  check(/^\d{4}-\d{2}-\d{2}$/.test(project.datelineDate) && project.datelineDate > EARLIEST_DATE, 'dateline date out of range');
  check(
    project.publishedAt.slice(0, 10) >= project.datelineDate && project.publishedAt < NOW_ISO,
    'published before dateline or after now',
  );
  check(/^NR-\d{6}-\d{4,}$/.test(project.projectId), 'project id format');
  check(project.projectId.slice(3, 9) === project.datelineDate.slice(2).replaceAll('-', ''), 'project id date');
  check(/^IN-[0-9A-F]{6}$/.test(project.innerId), 'inner id format');
  check(/^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(project.externalName), 'external name format');

  check(REGION_BY_COUNTRY.has(project.countryCode), 'country not in reference list');
  check(
    PLACES.some((place) => place.countryCode === project.countryCode && place.city[project.language] === project.datelinePlace),
    'dateline place not a place in the project language',
  );
  check(CATEGORY_SLUGS.has(project.categorySlug), 'unknown category');
  check(new Set(project.tagSlugs).size === project.tagSlugs.length && project.tagSlugs.every((tag) => TAG_SLUGS.has(tag)), 'tags');
  const texts = [project.title, project.story, project.additionalInfo, ...project.shotlist.map((shot) => shot.text)];
  check(
    texts.every((text) => !PLACEHOLDER.test(text)),
    'placeholder left in text',
  );
  check(project.title.includes(project.datelinePlace), 'title without dateline city');

  check(!(project.freeAccess && project.pool), 'free access and pool together');
  check(Number.isInteger(project.duration) && project.duration >= 45 && project.duration <= DEMO_FILE_MAX_SECONDS, 'duration');
  check(LIMIT_TYPES.includes(project.limitType) && (project.limitType === 'pool') === project.pool, 'limit type');
  check(RIGHTS_TYPES.includes(project.rightsType), 'rights type');
  check(project.source !== '', 'source');
  check(project.formats.includes('clean') && project.formats.every((format) => VIDEO_FORMATS.includes(format)), 'formats');

  check(project.restrictions.length <= 2, 'more than two restrictions');
  for (const restriction of project.restrictions) {
    check(RESTRICTION_CODES.includes(restriction.code), 'unknown restriction');
    const countries = restriction.countries ?? [];
    if (restriction.code === 'no_access_countries') {
      check(
        countries.length >= 1 && countries.length <= 3 && countries.every((code) => REGION_BY_COUNTRY.has(code)),
        'no-access countries',
      );
    } else {
      check(restriction.countries === undefined, 'countries on a restriction other than no_access_countries');
    }
    if (restriction.code === 'embargo') {
      const hoursAfter = (Date.parse(restriction.until ?? '') - Date.parse(project.publishedAt)) / 3_600_000;
      check(hoursAfter > 0 && hoursAfter <= 12, 'embargo not a few hours after publication');
    } else {
      check(restriction.until === undefined, 'until on a restriction other than embargo');
    }
  }
  return problems;
}

describe('demo catalogue data', () => {
  it('lists politics, society and cultural events first, then the other desks', () => {
    expect(CATEGORIES.slice(0, 3).map((category) => category.slug)).toEqual(['politics', 'society', 'cultural-events-and-celebrations']);
    for (const slug of [
      'economy',
      'world',
      'conflicts',
      'disasters-and-accidents',
      'environment',
      'science-and-technology',
      'health',
      'sport',
      'crime-and-justice',
    ]) {
      expect(CATEGORY_SLUGS).toContain(slug);
    }
    expect(CATEGORY_SLUGS.size).toBe(CATEGORIES.length);
    for (const category of CATEGORIES) expectFourLanguages(category.names, `category ${category.slug}`);
  });

  it('has 40 to 60 unique tags in known categories, with external landings and hot tags', () => {
    expect(TAGS.length).toBeGreaterThanOrEqual(40);
    expect(TAGS.length).toBeLessThanOrEqual(60);
    expect(TAG_SLUGS.size).toBe(TAGS.length);
    for (const tag of TAGS) {
      expect(tag.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(tag.categories.length).toBeGreaterThan(0);
      for (const slug of tag.categories) expect(CATEGORY_SLUGS, `${tag.slug} → ${slug}`).toContain(slug);
      expectFourLanguages(tag.names, `tag ${tag.slug}`);
    }
    expect(TAGS.filter((tag) => tag.viewType === 'landing' && tag.externalLanding).length).toBeGreaterThanOrEqual(4);
    expect(TAGS.filter((tag) => tag.viewType === 'hot').length).toBeGreaterThanOrEqual(2);
    // Every category has at least one tag of its own to draw extra tags from.
    for (const slug of CATEGORY_SLUGS)
      expect(
        TAGS.some((tag) => tag.categories[0] === slug),
        slug,
      ).toBe(true);
  });

  it('has 50 to 70 places in every news region, in reference countries with a known spoken language', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(50);
    expect(PLACES.length).toBeLessThanOrEqual(70);
    const regions = new Set<string>();
    for (const place of PLACES) {
      const region = REGION_BY_COUNTRY.get(place.countryCode);
      expect(region, place.city.en).toBeDefined();
      if (region) regions.add(region);
      expect(SPOKEN_LANGUAGE_BY_COUNTRY[place.countryCode], place.city.en).toBeDefined();
      expectFourLanguages(place.city, `place ${place.city.en}`);
    }
    expect([...regions].sort()).toEqual(Object.keys(COUNTRIES_BY_REGION).sort());
    expect(new Set(PLACES.map((place) => place.city.en)).size).toBe(PLACES.length);
  });

  it('has at least 60 story templates, four or more per category, with known tags and 5 to 9 shots', () => {
    expect(STORIES.length).toBeGreaterThanOrEqual(60);
    for (const slug of CATEGORY_SLUGS) expect(STORIES.filter((story) => story.category === slug).length, slug).toBeGreaterThanOrEqual(4);
    for (const story of STORIES) {
      expect(CATEGORY_SLUGS).toContain(story.category);
      expect(story.tags.length).toBeGreaterThanOrEqual(1);
      expect(story.tags.length).toBeLessThanOrEqual(3);
      for (const tag of story.tags) expect(TAG_SLUGS, `${story.title.en} → ${tag}`).toContain(tag);
      // At least one of its tags belongs to the story's own category.
      expect(
        story.tags.some((slug) => TAGS.find((tag) => tag.slug === slug)?.categories.includes(story.category)),
        story.title.en,
      ).toBe(true);
      expect(story.shots.length).toBeGreaterThanOrEqual(5);
      expect(story.shots.length).toBeLessThanOrEqual(9);
    }
    expect(new Set(STORIES.map((story) => story.title.en)).size).toBe(STORIES.length);
  });

  it('writes every template in four languages, translated rather than copied, with only known placeholders', () => {
    for (const story of STORIES) {
      const texts = [story.title, story.story, ...story.shots];
      for (const text of texts) {
        expectFourLanguages(text, story.title.en);
        expect(text.es, story.title.en).not.toBe(text.en);
        for (const locale of LOCALES) {
          for (const placeholder of text[locale].match(PLACEHOLDERS) ?? []) expect(STORY_PLACEHOLDERS).toContain(placeholder);
        }
      }
      for (const locale of LOCALES) expect(story.title[locale], `${story.title.en} (${locale})`).toContain('{city}');
    }
  });
});

describe('generateDemoCatalogue', () => {
  const projects = generateDemoCatalogue({ count: 2000, seed: 20260412, now: NOW });

  it('gives the same catalogue for the same inputs, another for another seed, and grows by appending', () => {
    expect(generateDemoCatalogue({ count: 2000, seed: 20260412, now: NOW })).toEqual(projects);
    const otherSeed = generateDemoCatalogue({ count: 50, seed: 7, now: NOW });
    expect(otherSeed).not.toEqual(projects.slice(0, 50));
    expect(generateDemoCatalogue({ count: 300, seed: 20260412, now: NOW })).toEqual(projects.slice(0, 300));
    expect(generateDemoCatalogue({ count: 0, seed: 1, now: NOW })).toEqual([]);
  });

  it('produces valid projects', () => {
    const problems = projects.flatMap((project) => projectProblems(project).map((problem) => `${project.projectId}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('gives every project a unique project id and inner id', () => {
    expect(new Set(projects.map((project) => project.projectId)).size).toBe(projects.length);
    expect(new Set(projects.map((project) => project.innerId)).size).toBe(projects.length);
  });

  it('covers every category and at least 30 tags in 500 projects', () => {
    const first500 = projects.slice(0, 500);
    expect(new Set(first500.map((project) => project.categorySlug))).toEqual(CATEGORY_SLUGS);
    expect(new Set(first500.flatMap((project) => project.tagSlugs)).size).toBeGreaterThanOrEqual(30);
  });

  it('spreads languages: mostly English, each other language between 8 and 25 %', () => {
    expect(share(projects, (project) => project.language === 'en')).toBeGreaterThan(0.45);
    for (const locale of ['es', 'ru', 'ar'] as const) {
      const localeShare = share(projects, (project) => project.language === locale);
      expect(localeShare, locale).toBeGreaterThanOrEqual(0.08);
      expect(localeShare, locale).toBeLessThanOrEqual(0.25);
    }
    expect(share(projects, (project) => project.languages.length > 1)).toBeGreaterThan(0.1);
  });

  it('keeps access flags, restrictions and durations near their target shares', () => {
    expect(share(projects, (project) => project.freeAccess)).toBeGreaterThan(0.1);
    expect(share(projects, (project) => project.freeAccess)).toBeLessThan(0.2);
    expect(share(projects, (project) => project.pool)).toBeGreaterThan(0.14);
    expect(share(projects, (project) => project.pool)).toBeLessThan(0.26);
    expect(share(projects, (project) => project.restrictions.length > 0)).toBeGreaterThan(0.24);
    expect(share(projects, (project) => project.restrictions.length > 0)).toBeLessThan(0.36);
    const embargoed = share(projects, (project) => project.restrictions.some((restriction) => restriction.code === 'embargo'));
    expect(embargoed).toBeGreaterThan(0.005);
    expect(embargoed).toBeLessThan(0.04);
    expect(share(projects, (project) => project.duration >= 60 && project.duration <= 150)).toBeGreaterThan(0.7);
    // None longer than its download (issue 28); a few at two and a half to three minutes.
    expect(Math.max(...projects.map((project) => project.duration))).toBe(DEMO_FILE_MAX_SECONDS);
    expect(share(projects, (project) => project.duration > 150)).toBeGreaterThan(0.08);
    expect(share(projects, (project) => project.additionalInfo === '')).toBeGreaterThan(0.3);
  });

  it('rarely repeats a title on the same day', () => {
    const keys = new Set(projects.map((project) => `${project.title}|${project.datelineDate}`));
    expect(projects.length - keys.size).toBeLessThan(projects.length * 0.01);
  });

  it('fills placeholders and rejects an invalid count or date', () => {
    expect(fillStoryText('Rally in {city} on {date} ({language})', { city: 'Lima', date: 'April 12, 2026', language: 'Spanish' })).toBe(
      'Rally in Lima on April 12, 2026 (Spanish)',
    );
    expect(() => generateDemoCatalogue({ count: -1, seed: 1, now: NOW })).toThrow(RangeError);
    expect(() => generateDemoCatalogue({ count: 1.5, seed: 1, now: NOW })).toThrow(RangeError);
    expect(() => generateDemoCatalogue({ count: 1, seed: 1, now: new Date(Number.NaN) })).toThrow(RangeError);
  });
});
