import { parseId } from '../../../common/validators.ts';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { VideoSearchQuery } from '../../../common/catalogue.ts';
import { countries, regions } from '../reference/schema.ts';
import { categories, tags, videoProjects, videoProjectTags } from './schema.ts';

export type CatalogueFilter = VideoSearchQuery;

/** Stories the catalogue shows: a withheld or killed one is out of every list, search and page (issue 24). */
export const listedProject = sql`${videoProjects.editorialState} in ('published', 'corrected')`;

/** The WHERE clause of the list and search calls; every filter combines with the others. */
export function filterClause(filter: CatalogueFilter): SQL | undefined {
  return and(...filterClauses(filter));
}

/** The conditions of the filters given: the first, that a story is listed, is always there. */
export function filterClauses(filter: CatalogueFilter): SQL[] {
  const clauses: SQL[] = [listedProject];
  const p = videoProjects;
  if (filter.tags && filter.tags.length > 0) {
    clauses.push(
      sql`exists (select 1 from ${videoProjectTags} join ${tags} on ${tags.id} = ${videoProjectTags.tagId}
        where ${videoProjectTags.projectId} = ${p.id} and ${inArray(tags.slug, filter.tags)})`,
    );
  }
  if (filter.category)
    clauses.push(eq(p.categoryId, sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${filter.category})`));
  if (filter.country) {
    const country = filter.country;
    clauses.push(
      parseId(country) !== null
        ? eq(p.countryId, Number(country))
        : eq(p.countryId, sql`(select ${countries.id} from ${countries} where ${countries.code} = ${country.toUpperCase()})`),
    );
  }
  if (filter.region) clauses.push(eq(p.regionId, sql`(select ${regions.id} from ${regions} where ${regions.slug} = ${filter.region})`));
  if (filter.language) clauses.push(eq(p.language, filter.language));
  // The mixed-content panel: English only, or English plus other languages (no restriction).
  if (filter.with_international_mix === false) clauses.push(eq(p.language, 'en'));
  if (filter.free_access) clauses.push(eq(p.freeAccess, true));
  if (filter.pool) clauses.push(eq(p.pool, true));
  if (filter.min_duration !== undefined) clauses.push(gte(p.duration, filter.min_duration));
  if (filter.max_duration !== undefined) clauses.push(lte(p.duration, filter.max_duration));
  if (filter.date_from) clauses.push(gte(p.publishedAt, new Date(`${filter.date_from}T00:00:00Z`)));
  if (filter.date_to) clauses.push(lte(p.publishedAt, new Date(`${filter.date_to}T23:59:59.999Z`)));
  return clauses;
}

/** The text of a search, or null when there is none: a single space is ignored (spec: content §2). */
export function searchText(search: string | undefined): string | null {
  const text = (search ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 0 ? text : null;
}

/**
 * Words of 4 or more letters as prefixes ("احتجاج" finds "احتجاجات", "earthqu" finds
 * "earthquake"): Arabic has no stemmer in PostgreSQL, and a reader often types part of a word.
 */
export function prefixQuery(text: string): string | null {
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => [...word].length >= 4)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The query matching every language's configuration: the document uses its own language's. */
export function tsQuery(text: string): SQL {
  const prefixes = prefixQuery(text);
  return sql`(websearch_to_tsquery('pg_catalog.english', ${text}) || websearch_to_tsquery('pg_catalog.russian', ${text}) || websearch_to_tsquery('pg_catalog.spanish', ${text}) || websearch_to_tsquery('pg_catalog.simple', ${text})${
    prefixes ? sql` || to_tsquery('pg_catalog.simple', ${prefixes})` : sql``
  })`;
}
