import { and, count, desc, eq } from 'drizzle-orm';
import {
  CAREER_ERROR_CODES,
  type AdminVacancy,
  type Vacancy,
  type VacancyInput,
  type VacancyTexts,
  type VacancyTranslations,
  vacancyInputSchema,
} from '../../../common/careers.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { careerApplications, vacancies } from './schema.ts';

type VacancyRow = typeof vacancies.$inferSelect;
type VacanciesContext = Pick<ServiceContext, 'db' | 'clock'>;

export const vacancyNotFound = () => new NotFound({ code: CAREER_ERROR_CODES.careerNotFound, message: 'No such vacancy' });

/** The texts in the language asked for, English where that one has none. */
export const textsIn = (translations: VacancyTranslations, locale: Locale): VacancyTexts => translations[locale] ?? translations.en;

function publicView(row: VacancyRow, locale: Locale): Vacancy {
  const texts = textsIn(row.translations, locale);
  return {
    id: row.id,
    title: texts.title,
    department: texts.department,
    location: texts.location,
    employment_type: row.employmentType,
    summary: texts.summary,
    description: texts.description,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

function adminView(row: VacancyRow, applications: number): AdminVacancy {
  return {
    id: row.id,
    translations: row.translations,
    employment_type: row.employmentType,
    published: row.published,
    published_at: row.publishedAt?.toISOString() ?? null,
    applications_count: applications,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /api/careers: the published vacancies, the newest first, in the caller's language. */
export async function listVacancies(ctx: VacanciesContext, locale: Locale): Promise<Vacancy[]> {
  const rows = await ctx.db
    .select()
    .from(vacancies)
    .where(eq(vacancies.published, true))
    .orderBy(desc(vacancies.publishedAt), desc(vacancies.id));
  return rows.map((row) => publicView(row, locale));
}

/** A published vacancy, or career_not_found (an unpublished one is gone for visitors). */
export async function publishedVacancy(ctx: VacanciesContext, id: number): Promise<VacancyRow> {
  const [row] = await ctx.db
    .select()
    .from(vacancies)
    .where(and(eq(vacancies.id, id), eq(vacancies.published, true)));
  if (!row) throw vacancyNotFound();
  return row;
}

/** GET /api/careers/{id}. */
export async function getVacancy(ctx: VacanciesContext, id: number, locale: Locale): Promise<Vacancy> {
  return publicView(await publishedVacancy(ctx, id), locale);
}

async function applicationsOf(ctx: VacanciesContext, id: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(careerApplications).where(eq(careerApplications.vacancyId, id));
  return row?.n ?? 0;
}

/** GET /api/admin/careers: every vacancy, published or not, with its applications' count. */
export async function listAdminVacancies(ctx: VacanciesContext): Promise<AdminVacancy[]> {
  const rows = await ctx.db
    .select({ vacancy: vacancies, applications: count(careerApplications.id) })
    .from(vacancies)
    .leftJoin(careerApplications, eq(careerApplications.vacancyId, vacancies.id))
    .groupBy(vacancies.id)
    .orderBy(desc(vacancies.id));
  return rows.map((row) => adminView(row.vacancy, row.applications));
}

/** POST /api/admin/careers (and the demo seed). */
export async function createVacancy(ctx: VacanciesContext, input: VacancyInput): Promise<AdminVacancy> {
  const vacancy = vacancyInputSchema.parse(input);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(vacancies)
    .values({
      translations: vacancy.translations,
      employmentType: vacancy.employment_type,
      published: vacancy.published,
      publishedAt: vacancy.published ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('inserting a vacancy returned no row');
  return adminView(row, 0);
}

export type VacancyChanges = {
  translations?: Partial<Record<Locale, VacancyTexts | undefined>> | undefined;
  employment_type?: VacancyInput['employment_type'] | undefined;
  published?: boolean | undefined;
};

/** PATCH /api/admin/careers/{id}: the languages given replace theirs; publishing again dates it now. */
export async function updateVacancy(ctx: VacanciesContext, id: number, changes: VacancyChanges): Promise<AdminVacancy> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(vacancies).where(eq(vacancies.id, id)).for('update');
    if (!current) throw vacancyNotFound();
    const now = ctx.clock.now();
    const given = Object.fromEntries(Object.entries(changes.translations ?? {}).filter(([, texts]) => texts !== undefined));
    const republished = changes.published === true && !current.published;
    const [row] = await tx
      .update(vacancies)
      .set({
        translations: { ...current.translations, ...given },
        ...(changes.employment_type ? { employmentType: changes.employment_type } : {}),
        ...(changes.published !== undefined ? { published: changes.published } : {}),
        ...(republished ? { publishedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(vacancies.id, id))
      .returning();
    if (!row) throw vacancyNotFound();
    return adminView(row, await applicationsOf({ ...ctx, db: tx }, id));
  });
}

/** DELETE /api/admin/careers/{id}: the vacancy leaves the careers pages; its applications stay. */
export async function unpublishVacancy(ctx: VacanciesContext, id: number): Promise<AdminVacancy> {
  return updateVacancy(ctx, id, { published: false });
}
