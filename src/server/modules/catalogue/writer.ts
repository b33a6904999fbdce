import { eq, inArray } from 'drizzle-orm';
import { CONTAINERS, QUALITIES, type VideoFormat } from '../../../common/catalogue.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import { formatsAllowedBy } from '../../../common/restrictions.ts';
import { slugify } from '../../../common/slug.ts';
import type { Db } from '../../db/client.ts';
import { countries } from '../reference/schema.ts';
import { countryName } from '../reference/service.ts';
import { categories, tags, videoProjects, videoProjectTags, videos, type StoredRestriction } from './schema.ts';

/** What an editor (or the demo seed) gives to publish a project. */
export type NewProject = {
  projectId: string;
  language: Locale;
  languages?: Locale[];
  title: string;
  story?: string;
  shotlist?: { number: number; text: string }[];
  datelinePlace?: string;
  datelineDate: string;
  countryCode?: string;
  categorySlug?: string;
  tagSlugs?: string[];
  source?: string;
  restrictions?: StoredRestriction[];
  freeAccess?: boolean;
  pool?: boolean;
  duration: number;
  publishedAt: Date;
  limitType?: string;
  rightsType?: string;
  externalName?: string;
  innerId?: string;
  additionalInfo?: string;
  formats?: VideoFormat[];
  previewVideo?: string | null;
};

/** The formats a new project is offered in: all three unless the editor chose, and only the credit file when its restrictions require one. */
const formatsOf = (project: NewProject): VideoFormat[] =>
  formatsAllowedBy(project.formats ?? ['clean', 'branded', 'credit'], project.restrictions ?? []);

/** The slug of a project: its title's slug, kept unique by the project id. */
export function projectSlug(title: string, projectId: string): string {
  return `${slugify(title).slice(0, 80).replace(/-$/, '')}-${slugify(projectId)}`;
}

export type Lookups = {
  tagIds: Map<string, { id: number; names: Record<Locale, string> }>;
  categoryIds: Map<string, number>;
  countries: Map<string, { id: number; regionId: number | null }>;
};

/** Ids of everything the projects reference, in three queries for a whole batch. */
export async function lookups(db: Db, projects: NewProject[]): Promise<Lookups> {
  const tagSlugs = [...new Set(projects.flatMap((project) => project.tagSlugs ?? []))];
  const categorySlugs = [...new Set(projects.flatMap((project) => (project.categorySlug ? [project.categorySlug] : [])))];
  const countryCodes = [...new Set(projects.flatMap((project) => (project.countryCode ? [project.countryCode] : [])))];
  const [tagRows, categoryRows, countryRows] = await Promise.all([
    tagSlugs.length ? db.select().from(tags).where(inArray(tags.slug, tagSlugs)) : [],
    categorySlugs.length ? db.select().from(categories).where(inArray(categories.slug, categorySlugs)) : [],
    countryCodes.length ? db.select().from(countries).where(inArray(countries.code, countryCodes)) : [],
  ]);
  return {
    tagIds: new Map(tagRows.map((row) => [row.slug, { id: row.id, names: row.names }])),
    categoryIds: new Map(categoryRows.map((row) => [row.slug, row.id])),
    countries: new Map(countryRows.map((row) => [row.code, { id: row.id, regionId: row.regionId }])),
  };
}

/**
 * The words a search should find besides title and story: tag names in every language, the
 * shotlist, the dateline and the country's name in every language.
 */
export function keywords(project: NewProject, found: Lookups): string {
  const tagNames = (project.tagSlugs ?? []).flatMap((slug) => Object.values(found.tagIds.get(slug)?.names ?? {}));
  const country = project.countryCode ? LOCALES.map((locale) => countryName(project.countryCode ?? '', locale)) : [];
  return [...new Set([...tagNames, ...(project.shotlist ?? []).map((shot) => shot.text), project.datelinePlace ?? '', ...country])].join(
    ' \n ',
  );
}

/** Publishes projects with their tags and renditions (every quality of every format, MP4 and MXF). */
export async function insertProjects(db: Db, projects: NewProject[], now: Date): Promise<number[]> {
  if (projects.length === 0) return [];
  const found = await lookups(db, projects);
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(videoProjects)
      .values(
        projects.map((project) => {
          const country = project.countryCode ? found.countries.get(project.countryCode) : undefined;
          const embargo = project.restrictions?.find((restriction) => restriction.code === 'embargo')?.until;
          return {
            projectId: project.projectId,
            title: project.title,
            projectSlug: projectSlug(project.title, project.projectId),
            language: project.language,
            languages: project.languages ?? [project.language],
            story: project.story ?? '',
            shotlist: project.shotlist ?? [],
            datelinePlace: project.datelinePlace ?? '',
            datelineDate: project.datelineDate,
            countryId: country?.id ?? null,
            regionId: country?.regionId ?? null,
            categoryId: project.categorySlug ? (found.categoryIds.get(project.categorySlug) ?? null) : null,
            source: project.source ?? 'Newsreel',
            restrictions: project.restrictions ?? [],
            embargoUntil: embargo ? new Date(embargo) : null,
            formats: formatsOf(project),
            freeAccess: project.freeAccess ?? false,
            pool: project.pool ?? false,
            duration: project.duration,
            limitType: project.limitType ?? (project.pool ? 'pool' : 'standard'),
            rightsType: project.rightsType ?? 'all_rights',
            externalName: project.externalName ?? '',
            innerId: project.innerId ?? '',
            additionalInfo: project.additionalInfo ?? '',
            previewVideo: project.previewVideo ?? null,
            keywords: keywords(project, found),
            publishedAt: project.publishedAt,
            lastChangedAt: now,
          };
        }),
      )
      .returning({ id: videoProjects.id });
    const links = rows.flatMap((row, index) =>
      (projects[index]?.tagSlugs ?? []).flatMap((slug) => {
        const tag = found.tagIds.get(slug);
        return tag ? [{ projectId: row.id, tagId: tag.id }] : [];
      }),
    );
    if (links.length) await tx.insert(videoProjectTags).values(links).onConflictDoNothing();
    const renditions = rows.flatMap((row, index) =>
      (projects[index] ? formatsOf(projects[index]) : []).flatMap((format) =>
        QUALITIES.flatMap((quality) => CONTAINERS.map((container) => ({ projectId: row.id, quality, format, container }))),
      ),
    );
    if (renditions.length) await tx.insert(videos).values(renditions);
    return rows.map((row) => row.id);
  });
}

export async function setPreviewVideo(db: Db, id: number, file: string | null) {
  await db.update(videoProjects).set({ previewVideo: file }).where(eq(videoProjects.id, id));
}
