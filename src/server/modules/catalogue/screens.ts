import { eq } from 'drizzle-orm';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { ScreenFinder } from '../../web/page-head.ts';
import { visibleEvent } from '../live/events.ts';
import { projectWhere } from './search.ts';
import { contentPages, tags, videoProjects } from './schema.ts';
import { previewImageUrl } from './views.ts';

/** What the HTML shell needs of the catalogue's screens: whether they exist, and their head. */
export function catalogueScreens(db: Db): ScreenFinder {
  return {
    async video(idOrSlug) {
      if (!idOrSlug) return null;
      const [row] = await db
        .select({ id: videoProjects.id, title: videoProjects.title, story: videoProjects.story, previewImage: videoProjects.previewImage })
        .from(videoProjects)
        .where(projectWhere(idOrSlug))
        .limit(1);
      return row ? { title: row.title, story: row.story, image: previewImageUrl(row) } : null;
    },
    async tag(slug, locale: Locale) {
      const [row] = await db.select({ names: tags.names }).from(tags).where(eq(tags.slug, slug)).limit(1);
      return row ? { name: row.names[locale] || row.names.en } : null;
    },
    async page(slug, locale: Locale) {
      const rows = await db
        .select({ title: contentPages.title, locale: contentPages.locale })
        .from(contentPages)
        .where(eq(contentPages.slug, slug));
      const row = rows.find((candidate) => candidate.locale === locale) ?? rows.find((candidate) => candidate.locale === 'en');
      return row ? { title: row.title } : null;
    },
    async liveEvent(slug) {
      // The same rule as the event call's own (a hidden event is not found), so page and call agree.
      const row = await visibleEvent({ db }, slug).catch((error: unknown) => {
        if (error instanceof NotFound) return null;
        throw error;
      });
      return row ? { title: row.title } : null;
    },
  };
}
