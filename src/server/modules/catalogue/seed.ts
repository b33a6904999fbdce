import { count, gte, sql } from 'drizzle-orm';
import { LOCALES } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { TERMS_V1 } from '../accounts/data/terms.ts';
import { saveContentPage } from './content-pages.ts';
import { CATEGORIES } from './data/categories.ts';
import { generateDemoCatalogue } from './data/generate.ts';
import { TAGS } from './data/tags.ts';
import { PAGE_TEXTS } from './page-texts.ts';
import { banners, categories, frontPages, tags, videoDownloads, videoProjects } from './schema.ts';
import { insertProjects } from './writer.ts';

export const DEMO_PROJECT_COUNT = 500;
const DEMO_SEED = 2026;

/** The taxonomy and the static pages every install needs. Idempotent. */
export async function seedCatalogueContent(db: Db, now: Date): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((category, position) => ({ slug: category.slug, names: category.names, position })))
    .onConflictDoUpdate({ target: categories.slug, set: { names: sql`excluded.names`, position: sql`excluded.position` } });
  // Only where a page is missing: once stored, a page is the business desk's to edit (issue 29), and a
  // start must not put the release's text back over what the desk wrote.
  for (const [slug, texts] of Object.entries(PAGE_TEXTS)) {
    for (const locale of LOCALES)
      await saveContentPage(db, { slug: slug as keyof typeof PAGE_TEXTS, locale, ...texts[locale] }, now, { keepStored: true });
  }
  const termsTitles = { en: 'Terms of Service', es: 'Condiciones del servicio', ru: 'Условия использования', ar: 'شروط الخدمة' };
  for (const locale of LOCALES) {
    const page = { slug: 'terms-of-service' as const, locale, title: termsTitles[locale], html: TERMS_V1.content[locale] };
    await saveContentPage(db, page, now, { keepStored: true });
  }
}

/**
 * The demo catalogue: tags, 500 stories in four languages with renditions, banners, the editors'
 * hotbox, and a day's downloads so trending has something to show. Projects are written once;
 * downloads are topped up whenever the last 24 hours have none, so trending stays alive.
 */
export async function seedDemoCatalogue(db: Db, now: Date): Promise<void> {
  await db
    .insert(tags)
    .values(TAGS.map((tag) => ({ slug: tag.slug, names: tag.names, viewType: tag.viewType, externalLanding: tag.externalLanding })))
    .onConflictDoNothing({ target: tags.slug });

  const [existing] = await db.select({ n: count() }).from(videoProjects);
  if (Number(existing?.n ?? 0) === 0) {
    const projects = generateDemoCatalogue({ count: DEMO_PROJECT_COUNT, seed: DEMO_SEED, now });
    for (let start = 0; start < projects.length; start += 100) {
      await insertProjects(
        db,
        projects.slice(start, start + 100).map((project) => ({ ...project, publishedAt: new Date(project.publishedAt) })),
        now,
      );
    }
    const latest = await db
      .select({ id: videoProjects.id, projectId: videoProjects.projectId, title: videoProjects.title, language: videoProjects.language })
      .from(videoProjects)
      .orderBy(sql`${videoProjects.publishedAt} desc`)
      .limit(40);
    const byLanguage = (language: string) => latest.filter((project) => project.language === language);
    const bannerRows = LOCALES.flatMap((locale) =>
      byLanguage(locale)
        .slice(0, 3)
        .map((project, position) => ({
          title: project.title,
          breaking: position === 0 && locale === 'en',
          locale,
          position,
          targetLinkTo: 'video_project' as const,
          videoProjectExtid: project.projectId,
          createdAt: now,
          updatedAt: now,
        })),
    );
    if (bannerRows.length) await db.insert(banners).values(bannerRows);
    await db
      .insert(frontPages)
      .values({
        id: 'main',
        titles: { en: "Editors' picks", es: 'Selección de los editores', ru: 'Выбор редакции', ar: 'اختيارات المحررين' },
        projectIds: latest.slice(3, 7).map((project) => project.id),
      })
      .onConflictDoNothing();
  }

  const [recent] = await db
    .select({ n: count() })
    .from(videoDownloads)
    .where(gte(videoDownloads.createdAt, new Date(now.getTime() - 24 * 3600 * 1000)));
  if (Number(recent?.n ?? 0) === 0) {
    const popular = await db
      .select({ id: videoProjects.id })
      .from(videoProjects)
      .orderBy(sql`${videoProjects.publishedAt} desc`)
      .limit(30);
    // A plausible day: a few stories downloaded often, a long tail downloaded once or twice.
    const rows = popular.flatMap((project, rank) =>
      Array.from({ length: Math.max(1, Math.round(24 / (rank + 1))) }, (_, n) => ({
        projectId: project.id,
        createdAt: new Date(now.getTime() - ((rank * 37 + n * 13) % 1380) * 60_000),
      })),
    );
    if (rows.length) await db.insert(videoDownloads).values(rows);
  }
}
