import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../../common/locales.ts';
import { parseId } from '../../../common/validators.ts';
import type { Db } from '../../db/client.ts';
import { vacancies } from './schema.ts';

/**
 * The shell's view of /{locale}/career/{id}: a published vacancy's title in the page's language
 * (English when it has none), else nothing, so an unknown or withdrawn vacancy answers 404 like an
 * unknown path, as its call does.
 */
export function vacancyTitle(db: Db) {
  return async (id: string, locale: Locale): Promise<{ title: string } | null> => {
    const vacancyId = parseId(id);
    if (vacancyId === null) return null;
    const [row] = await db
      .select({ translations: vacancies.translations })
      .from(vacancies)
      .where(and(eq(vacancies.id, vacancyId), eq(vacancies.published, true)));
    if (!row) return null;
    return { title: (row.translations[locale] ?? row.translations.en).title };
  };
}
