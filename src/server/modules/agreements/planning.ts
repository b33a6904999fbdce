import { asc, eq } from 'drizzle-orm';
import type { AgreementType } from '../../../common/agreements.ts';
import type { Locale } from '../../../common/locales.ts';
import type { PlanningSection, PlanningSectionSummary } from '../../../common/planning.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { agreementSummary, type AgreementsContext } from './service.ts';
import { planningSections } from './schema.ts';

type SectionRow = typeof planningSections.$inferSelect;

export const noPlanningAccess = () =>
  new Forbidden({ code: 'planning_access_denied', message: 'Planning is part of enterprise, regional, bundle and connect agreements' });

/** The sections the user may read: those of the types of their agreements in force; admins read all. */
async function readableSections(ctx: AgreementsContext, user: UserRow): Promise<SectionRow[]> {
  const rows = await ctx.db.select().from(planningSections).orderBy(asc(planningSections.position), asc(planningSections.id));
  if (user.isAdmin) return rows;
  const { agreement_types } = await agreementSummary(ctx, user);
  const types = new Set<AgreementType>(agreement_types);
  return rows.filter((row) => row.agreementTypes.some((type) => types.has(type)));
}

const summary = (row: SectionRow, locale: Locale): PlanningSectionSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.titles[locale] ?? row.titles.en,
});

/**
 * GET /api/system/user_access_to_planning_sections: the sections the user may read; 403 when none
 * (the planning menu item shows only when this call has no error, spec §6).
 */
export async function planningAccess(
  ctx: AgreementsContext,
  user: UserRow,
  locale: Locale,
): Promise<{ sections: PlanningSectionSummary[] }> {
  const rows = await readableSections(ctx, user);
  if (rows.length === 0) throw noPlanningAccess();
  return { sections: rows.map((row) => summary(row, locale)) };
}

/** Whether planningAccess would answer without error (GET /api/current_user/roles says so). */
export async function hasPlanningAccess(ctx: AgreementsContext, user: UserRow): Promise<boolean> {
  return (await readableSections(ctx, user)).length > 0;
}

/** GET /api/system/planning_sections/{id}: 403 for a section of another kind of agreement, 404 for none. */
export async function planningSection(ctx: AgreementsContext, user: UserRow, id: number, locale: Locale): Promise<PlanningSection> {
  const [row] = (await readableSections(ctx, user)).filter((section) => section.id === id);
  if (!row) {
    const [exists] = await ctx.db.select({ id: planningSections.id }).from(planningSections).where(eq(planningSections.id, id));
    throw exists ? noPlanningAccess() : new NotFound({ code: 'planning_section_not_found', message: 'Planning section not found' });
  }
  return { ...summary(row, locale), body: row.bodies[locale] ?? row.bodies.en };
}
