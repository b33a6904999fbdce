import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { CAREER_APPLICATION_TOLD_STATES, type CareerApplicationChange, type DeskCareerApplication } from '../../../common/desk-careers.ts';
import { CAREER_APPLICATION_MOVES, CAREER_APPLICATION_STATES, type CareerApplicationState } from '../../../common/desk-inbox.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { assigneeView, changeItem, inboxFilters, openFirst } from '../business/inbox.ts';
import type { Actor } from '../desk/audit.ts';
import { renderMail } from '../mail/templates.ts';
import { applicationViews } from './applications.ts';
import { careerApplications, vacancies } from './schema.ts';
import { textsIn } from './vacancies.ts';

/**
 * The business desk's careers inbox (issue 29): every vacancy's applications with their state, the
 * staff member who has each and the desk's note. A change is made once under the application's row
 * lock and audited in its transaction; an invitation to an interview and a decline are mailed to the
 * applicant in the language they applied in, with the desk's message.
 */
type DeskContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer'>;
type ApplicationRow = typeof careerApplications.$inferSelect;

/** How many applications the inbox shows at once. */
const SHOWN = 300;
const FINAL_STATES = CAREER_APPLICATION_STATES.filter((state) => CAREER_APPLICATION_MOVES[state].length === 0);
const TOLD: readonly CareerApplicationState[] = CAREER_APPLICATION_TOLD_STATES;
const notFound = () => new NotFound({ code: 'application_not_found', message: 'No such application' });

async function deskViews(ctx: Pick<ServiceContext, 'db'>, where: SQL | undefined, limit: number): Promise<DeskCareerApplication[]> {
  const rows = await ctx.db
    .select({ application: careerApplications, vacancy: vacancies.translations })
    .from(careerApplications)
    .innerJoin(vacancies, eq(vacancies.id, careerApplications.vacancyId))
    .where(where)
    .orderBy(asc(openFirst(careerApplications.state, FINAL_STATES)), desc(careerApplications.createdAt), desc(careerApplications.id))
    .limit(limit);
  const views = await applicationViews(
    ctx,
    rows.map((row) => row.application),
  );
  const assigneeIds = [...new Set(rows.flatMap((row) => (row.application.assigneeId === null ? [] : [row.application.assigneeId])))];
  const assignees = assigneeIds.length === 0 ? [] : await ctx.db.select().from(users).where(inArray(users.id, assigneeIds));
  return rows.map(({ application, vacancy }, index) => {
    const assignee = assignees.find((user) => user.id === application.assigneeId);
    const view = views[index];
    if (!view) throw new Error('an application without its view');
    return {
      ...view,
      vacancy_title: vacancy.en.title,
      state: application.state,
      assignee: assignee ? assigneeView(assignee) : null,
      desk_note: application.deskNote,
      state_changed_at: application.stateChangedAt?.toISOString() ?? null,
    };
  });
}

/** GET /api/desk/career_applications: the open ones first, then the rest, the newest first. */
export function listDeskApplications(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Actor,
  query: { state?: CareerApplicationState; assignee?: 'me' | 'none' | number; vacancy_id?: number },
): Promise<DeskCareerApplication[]> {
  const filters = inboxFilters(careerApplications, query, actor);
  if (query.vacancy_id !== undefined) filters.push(eq(careerApplications.vacancyId, query.vacancy_id));
  return deskViews(ctx, and(...filters), SHOWN);
}

/** The applicant's e-mail about a told move, in the language they applied in. */
async function mailApplicant(ctx: DeskContext, tx: Parameters<DeskContext['mailer']['enqueue']>[0], row: ApplicationRow, message: string) {
  const [vacancy] = await tx.select({ translations: vacancies.translations }).from(vacancies).where(eq(vacancies.id, row.vacancyId));
  if (!vacancy) throw notFound();
  const kind = row.state === 'interview' ? 'career_application_interview' : 'career_application_declined';
  await ctx.mailer.enqueue(
    tx,
    renderMail(kind, row.locale, row.email, {
      item: textsIn(vacancy.translations, row.locale).title,
      name: `${row.firstName} ${row.lastName}`,
      reason: message,
    }),
  );
}

/**
 * PATCH /api/desk/career_applications/{id}: a move along CAREER_APPLICATION_MOVES (refused when
 * someone moved it since the staff member looked), an assignee (sales staff or nobody), the note.
 */
export async function changeApplication(
  ctx: DeskContext,
  actor: Actor,
  id: number,
  change: CareerApplicationChange,
): Promise<DeskCareerApplication> {
  const item = { table: careerApplications, subject: 'career_application' as const, id, moves: CAREER_APPLICATION_MOVES };
  const found = await changeItem(ctx, actor, item, change, async (tx, before: ApplicationRow, next) => {
    if (TOLD.includes(next)) await mailApplicant(ctx, tx, { ...before, state: next }, change.message ?? '');
  });
  if (!found) throw notFound();
  ctx.mailer.kick();
  const [view] = await deskViews(ctx, eq(careerApplications.id, id), 1);
  if (!view) throw notFound();
  return view;
}
