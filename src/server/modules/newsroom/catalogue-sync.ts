import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { CONTAINERS, QUALITIES } from '../../../common/catalogue.ts';
import { LOCALES } from '../../../common/locales.ts';
import { formatsAllowedBy } from '../../../common/restrictions.ts';
import type { ContentFields } from '../../../common/newsroom.ts';
import type { Db } from '../../db/client.ts';
import { videoProjects, videoProjectTags, videos, type EditorialState } from '../catalogue/schema.ts';
import { keywords, lookups, projectSlug, type NewProject } from '../catalogue/writer.ts';
import { returnCharges } from '../downloads/quotas.ts';
import { renditions, videoMasters, videoRequests } from '../downloads/schema.ts';
import { contentItemMedia, type ContentItemMediaRow } from './ingest/schema.ts';
import { countries } from '../reference/schema.ts';
import type { ContentItemRow } from './schema.ts';

/** The agency project id of a story that came from the newsroom: stable, whatever its title. */
export const newsroomProjectId = (itemId: number) => `NR-DESK-${String(itemId).padStart(6, '0')}`;

/** The seconds of the story's master (the catalogue's duration), at least one. */
const durationOf = (item: ContentItemRow) => Math.max(1, Math.round(item.probe?.duration_seconds ?? 0));

/**
 * The catalogue's project as the describe form says it (spec: content §3 video project): the
 * story's own language gives title, story and shotlist; credit is the external name and the free
 * text of the restrictions goes to the additional information the video page shows.
 */
async function projectOf(db: Db, item: ContentItemRow, fields: ContentFields, projectId: string): Promise<NewProject> {
  const text = fields.texts[fields.language];
  const [country] =
    fields.country_id === null ? [] : await db.select({ code: countries.code }).from(countries).where(eq(countries.id, fields.country_id));
  return {
    projectId,
    language: fields.language,
    languages: LOCALES.filter((locale) => (fields.texts[locale]?.headline.trim() ?? '') !== ''),
    title: text?.headline.trim() ?? '',
    story: text?.script ?? '',
    shotlist: (text?.shotlist ?? []).map((line, index) => ({ number: index + 1, text: `${line.timecode} ${line.text}` })),
    datelinePlace: fields.dateline_place,
    datelineDate: fields.dateline_date ?? new Date().toISOString().slice(0, 10),
    countryCode: country?.code,
    categorySlug: fields.category_slug ?? undefined,
    tagSlugs: fields.tag_slugs,
    source: fields.source || 'Newsreel',
    restrictions: fields.restrictions,
    freeAccess: fields.access === 'free',
    pool: fields.access === 'pool',
    duration: durationOf(item),
    publishedAt: item.firstPublishedAt ?? new Date(),
    limitType: fields.access === 'pool' ? 'pool' : fields.limit_type || 'standard',
    rightsType: fields.rights_type || 'all_rights',
    externalName: fields.credit,
    additionalInfo: fields.restrictions_text,
    formats: formatsAllowedBy(fields.formats, fields.restrictions),
  };
}

/** An ingested master's files as the catalogue shows them: clips and pictures under /media/clips/. */
function catalogueMedia(media: ContentItemMediaRow) {
  const clip = (key: string | null) => (key?.startsWith('previews/') ? key.slice('previews/'.length) : null);
  const url = (key: string | null) => {
    const name = clip(key);
    return name ? `/media/clips/${name}` : null;
  };
  return {
    previewVideo: clip(media.previewKey),
    previewImage: url(media.posterKey),
    animatedThumbnails: media.animatedKeys.map(url).filter((link): link is string => link !== null),
  };
}

/**
 * Makes or updates the catalogue's video project of a story being published or corrected, in the
 * caller's transaction: its columns, tags, renditions (every quality of every offered format) and
 * master. The slug stays what it was first, so links already shared keep working. Answers the id.
 */
export async function listInCatalogue(
  tx: Db,
  item: ContentItemRow,
  state: Extract<EditorialState, 'published' | 'corrected'>,
  now: Date,
): Promise<number> {
  const [existing] = item.videoProjectId ? await tx.select().from(videoProjects).where(eq(videoProjects.id, item.videoProjectId)) : [];
  const project = await projectOf(tx, item, item.fields, existing?.projectId ?? newsroomProjectId(item.id));
  const found = await lookups(tx, [project]);
  const country = project.countryCode ? found.countries.get(project.countryCode) : undefined;
  const embargo = project.restrictions?.find((restriction) => restriction.code === 'embargo')?.until;
  const [media] = await tx.select().from(contentItemMedia).where(eq(contentItemMedia.itemId, item.id));
  const columns = {
    // What ingest made of the master (newsroom/ingest): the preview clip, the poster, the animated preview.
    ...(media ? catalogueMedia(media) : {}),
    title: project.title,
    language: project.language,
    languages: project.languages?.length ? project.languages : [project.language],
    story: project.story ?? '',
    shotlist: project.shotlist ?? [],
    datelinePlace: project.datelinePlace ?? '',
    datelineDate: project.datelineDate,
    countryId: country?.id ?? null,
    regionId: item.fields.region_id ?? country?.regionId ?? null,
    categoryId: project.categorySlug ? (found.categoryIds.get(project.categorySlug) ?? null) : null,
    source: project.source ?? 'Newsreel',
    restrictions: project.restrictions ?? [],
    embargoUntil: embargo ? new Date(embargo) : null,
    formats: project.formats ?? [],
    freeAccess: project.freeAccess ?? false,
    pool: project.pool ?? false,
    duration: project.duration,
    limitType: project.limitType ?? 'standard',
    rightsType: project.rightsType ?? 'all_rights',
    externalName: project.externalName ?? '',
    additionalInfo: project.additionalInfo ?? '',
    keywords: keywords(project, found),
    lastChangedAt: now,
    editorialState: state,
  };
  let id: number;
  if (existing) {
    await tx.update(videoProjects).set(columns).where(eq(videoProjects.id, existing.id));
    id = existing.id;
  } else {
    const [row] = await tx
      .insert(videoProjects)
      .values({
        ...columns,
        projectId: project.projectId,
        projectSlug: projectSlug(project.title, project.projectId),
        publishedAt: now,
      })
      .returning({ id: videoProjects.id });
    if (!row) throw new Error('the video project was not written');
    id = row.id;
  }

  const tagIds = [...found.tagIds.values()].map((tag) => tag.id);
  await tx
    .delete(videoProjectTags)
    .where(and(eq(videoProjectTags.projectId, id), tagIds.length ? notInArray(videoProjectTags.tagId, tagIds) : undefined));
  if (tagIds.length)
    await tx
      .insert(videoProjectTags)
      .values(tagIds.map((tagId) => ({ projectId: id, tagId })))
      .onConflictDoNothing();

  const formats = project.formats ?? [];
  await tx.delete(videos).where(and(eq(videos.projectId, id), formats.length ? notInArray(videos.format, formats) : undefined));
  if (formats.length)
    await tx
      .insert(videos)
      .values(
        formats.flatMap((format) =>
          QUALITIES.flatMap((quality) => CONTAINERS.map((container) => ({ projectId: id, quality, format, container }))),
        ),
      )
      .onConflictDoNothing();

  if (item.masterKey)
    await tx
      .insert(videoMasters)
      .values({ projectId: id, storageKey: item.masterKey, durationSeconds: project.duration })
      .onConflictDoUpdate({ target: videoMasters.projectId, set: { storageKey: item.masterKey, durationSeconds: project.duration } });
  return id;
}

/**
 * Takes a story out of the catalogue (withheld, killed): out of lists, search and pages at once,
 * its files answer 410, and the downloads still waiting for a render are cancelled with their
 * charges given back, so no render of it is made for anyone.
 */
export async function withdrawFromCatalogue(
  tx: Db,
  projectId: number,
  state: Extract<EditorialState, 'withheld' | 'killed'>,
  now: Date,
): Promise<number> {
  await tx.update(videoProjects).set({ editorialState: state, lastChangedAt: now }).where(eq(videoProjects.id, projectId));
  const cancelled = await tx
    .update(videoRequests)
    .set({ state: 'cancelled', error: 'content_withdrawn', updatedAt: now })
    .where(and(eq(videoRequests.projectId, projectId), inArray(videoRequests.state, ['transcoding'])))
    .returning();
  await returnCharges(tx, cancelled, now);
  return cancelled.length;
}

/**
 * Whether a stored file belongs to a withheld or killed story: a requested file (by its request)
 * or one of its renditions (by the rendition key its name carries). Its signed links then answer
 * 410 (issue 24). Two primary-key look-ups at most: players ask for a file many times in ranges.
 */
export async function isWithdrawnFile(db: Db, key: string, requestId: number | undefined): Promise<boolean> {
  const withdrawn = inArray(videoProjects.editorialState, ['withheld', 'killed']);
  if (requestId !== undefined) {
    const [byRequest] = await db
      .select({ id: videoProjects.id })
      .from(videoRequests)
      .innerJoin(videoProjects, eq(videoProjects.id, videoRequests.projectId))
      .where(and(eq(videoRequests.id, requestId), withdrawn));
    if (byRequest) return true;
  }
  const rendition = /^renditions\/[^/]+\/([^/.]+)\.[a-z0-9]+$/.exec(key)?.[1];
  if (!rendition) return false;
  const [byFile] = await db
    .select({ id: videoProjects.id })
    .from(renditions)
    .innerJoin(videoProjects, eq(videoProjects.id, renditions.projectId))
    .where(and(eq(renditions.renditionKey, rendition), withdrawn));
  return byFile !== undefined;
}
