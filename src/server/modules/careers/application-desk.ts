import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { CAREER_APPLICATION_TOLD_STATES, type CareerApplicationChange, type DeskCareerApplication } from '../../../common/desk-careers.ts';
import { CAREER_APPLICATION_MOVES, CAREER_APPLICATION_STATES, type CareerApplicationState } from '../../../common/desk-inbox.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { assigneeView, checkAssignee, checkMove, inboxFilters, openFirst } from '../business/inbox.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
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
  const now = ctx.clock.now();
  let mailed = false;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(careerApplications).where(eq(careerApplications.id, id)).for('update');
    if (!current) throw notFound();
    checkMove(CAREER_APPLICATION_MOVES, current.state, change.state ?? current.state, change.from);
    await checkAssignee(tx, change.assignee_id);

    const moved = change.state !== undefined && change.state !== current.state;
    const assigned = change.assignee_id !== undefined && change.assignee_id !== current.assigneeId;
    const noted = change.desk_note !== undefined && change.desk_note !== current.deskNote;
    if (!moved && !assigned && !noted) return;
    const changes: Partial<ApplicationRow> = {
      ...(moved ? { state: change.state, stateChangedAt: now } : {}),
      ...(assigned ? { assigneeId: change.assignee_id } : {}),
      ...(noted ? { deskNote: change.desk_note } : {}),
    };
    const [after] = await tx.update(careerApplications).set(changes).where(eq(careerApplications.id, id)).returning();
    if (!after) throw notFound();
    const audited = [
      ...(moved
        ? [{ action: 'move', before: { state: current.state }, after: { state: after.state, message: change.message ?? '' } }]
        : []),
      ...(assigned ? [{ action: 'assign', before: { assignee_id: current.assigneeId }, after: { assignee_id: after.assigneeId } }] : []),
      ...(noted ? [{ action: 'note', before: { desk_note: current.deskNote }, after: { desk_note: after.deskNote } }] : []),
    ];
    for (const entry of audited)
      await recordAudit(
        tx,
        actor,
        {
          action: `career_application.${entry.action}`,
          subject: 'career_application',
          subjectId: id,
          before: entry.before,
          after: entry.after,
        },
        now,
      );
    if (moved && TOLD.includes(after.state)) {
      await mailApplicant(ctx, tx, after, change.message ?? '');
      mailed = true;
    }
  });
  if (mailed) ctx.mailer.kick();
  const [view] = await deskViews(ctx, eq(careerApplications.id, id), 1);
  if (!view) throw notFound();
  return view;
}
