import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminVacancySchema, applicationResponseSchema } from '../../../common/careers.ts';
import { deskCareerApplicationSchema, deskCareerApplicationsSchema } from '../../../common/desk-careers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, mailbox } from '../../test/http.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { applicantFields, multipart, SAMPLES, vacancyTexts } from './test-support.ts';

/**
 * The business desk's careers inbox (issue 29): who may call it, the moves and the applicant's
 * e-mails in their language, two staff moving one application at once, who may be assigned, the
 * list's filters.
 */
let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(async () => t.close());

const BASE = '/api/desk/career_applications';
let nextIp = 1;
const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function createVacancy(title = `Producer ${Math.random().toString(36).slice(2, 7)}`) {
  const answer = await callers.sales.post('/api/admin/careers', {
    vacancy: { translations: { en: vacancyTexts(title), es: vacancyTexts(`${title} (es)`), ru: vacancyTexts(`${title} (ru)`) } },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return adminVacancySchema.parse(answer.json());
}

/** A visitor applies in `locale` with one PDF; the application's id and e-mail. */
async function apply(vacancyId: number, locale = 'en') {
  const fields = applicantFields();
  const body = await multipart(fields, [{ name: 'cv.pdf', bytes: SAMPLES.pdf, type: 'application/pdf' }]);
  const answer = await new Browser(t.app).post(`/api/careers/${vacancyId}/applications?locale=${locale}`, body.payload, {
    headers: body.headers,
    ip: freshIp(),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { id: applicationResponseSchema.parse(answer.json()).application.id, email: fields.email ?? '' };
}

const change = (who: Browser, id: number, body: Record<string, unknown>) => who.patch(`${BASE}/${id}`, body);
const list = async (query = '') => deskCareerApplicationsSchema.parse((await callers.sales.get(`${BASE}${query}`)).json()).applications;
const audit = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'career_application'), eq(auditLog.subjectId, String(id))))
    .orderBy(asc(auditLog.id));
const mailsTo = async (email: string) => (await mailbox(t.app)).filter((mail) => mail.to === email);

describe('the careers inbox at the business desk', () => {
  it('each caller gets exactly their rights: the sales role and admins; staff without it 403; everyone else finds no desk', async () => {
    const vacancy = await createVacancy();
    const application = await apply(vacancy.id);
    const calls: Record<string, StatusCall> = {
      'GET the applications': { call: async (who) => (await who.get(BASE)).statusCode, expected: deskExpectation('sales', 200) },
      'PATCH a note': {
        call: async (who) => (await change(who, application.id, { desk_note: 'Strong portfolio' })).statusCode,
        expected: deskExpectation('sales', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('lists every vacancy’s applications with the vacancy’s English title, the files and the inbox’s parts', async () => {
    const vacancy = await createVacancy('Night Editor');
    const application = await apply(vacancy.id, 'es');
    const [found] = (await list(`?vacancy_id=${vacancy.id}`)).filter((row) => row.id === application.id);
    expect(found).toMatchObject({ vacancy_title: 'Night Editor', state: 'new', assignee: null, desk_note: '', locale: 'es' });
    expect(found?.files).toEqual([
      expect.objectContaining({
        name: 'cv.pdf',
        type: 'pdf',
        url: `/api/admin/careers/applications/${application.id}/files/${found?.files[0]?.id}`,
      }),
    ]);
    expect((await callers.sales.get(found?.files[0]?.url ?? '')).statusCode).toBe(200);
  });

  it('moves along the inbox: an interview is mailed in the applicant’s language with the message; hired is final; a stale `from` is 409', async () => {
    const vacancy = await createVacancy('Video Journalist');
    const application = await apply(vacancy.id, 'es');
    const reviewing = await change(callers.sales, application.id, { state: 'reviewing', from: 'new' });
    expect(deskCareerApplicationSchema.parse(reviewing.json()).state).toBe('reviewing');
    expect((await mailsTo(application.email)).map((mail) => mail.subject)).toEqual([
      `Hemos recibido tu candidatura: Video Journalist (es)`,
    ]);

    const message = 'Le esperamos el martes a las 10:00 en nuestra redacción de Londres.';
    const interview = await change(callers.sales, application.id, { state: 'interview', from: 'reviewing', message });
    expect(interview.statusCode, interview.body).toBe(200);
    const [invitation] = await mailsTo(application.email);
    expect(invitation?.subject).toBe('Tu candidatura para Video Journalist (es): una entrevista');
    expect(invitation?.text).toContain(message);

    expect(codes(await change(callers.sales, application.id, { state: 'reviewing', from: 'reviewing' }))).toEqual(['state_changed']);
    expect((await change(callers.admin, application.id, { state: 'hired', from: 'interview' })).statusCode).toBe(200);
    const further = await change(callers.sales, application.id, { state: 'declined', from: 'hired' });
    expect(further.statusCode).toBe(409);
    expect(codes(further)).toEqual(['move_not_allowed']);
    // The audit keeps the row after each move, and the message the applicant was sent with it.
    expect(
      (await audit(application.id)).map((entry) => {
        const after = entry.after as { state: string; message?: string };
        return [entry.action, after.state, after.message];
      }),
    ).toEqual([
      ['career_application.move', 'reviewing', undefined],
      ['career_application.move', 'interview', message],
      ['career_application.move', 'hired', undefined],
    ]);
    expect(await mailsTo(application.email)).toHaveLength(2);
  });

  it('two staff moving one application at once: one wins, the other is 409; one audit entry, one e-mail', async () => {
    const vacancy = await createVacancy();
    const application = await apply(vacancy.id, 'ru');
    const answers = await Promise.all([
      change(callers.sales, application.id, { state: 'declined', from: 'new', message: 'Спасибо за интерес.' }),
      change(callers.admin, application.id, { state: 'declined', from: 'new', message: 'Спасибо за интерес.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await audit(application.id)).toHaveLength(1);
    const mails = await mailsTo(application.email);
    expect(mails.filter((mail) => mail.subject.startsWith('Ваш отклик'))).toHaveLength(1);
  });

  it('assigns only to sales staff (or admins), or to nobody; audits each', async () => {
    const vacancy = await createVacancy();
    const application = await apply(vacancy.id);
    for (const other of [callers.ids.editor, callers.ids.user, 999_999]) {
      const refused = await change(callers.sales, application.id, { assignee_id: other });
      expect(refused.statusCode).toBe(422);
      expect(codes(refused)).toEqual(['assignee_not_staff']);
    }
    const assigned = deskCareerApplicationSchema.parse(
      (await change(callers.sales, application.id, { assignee_id: callers.ids.sales })).json(),
    );
    expect(assigned.assignee?.id).toBe(callers.ids.sales);
    expect((await change(callers.sales, application.id, { assignee_id: callers.ids.admin })).statusCode).toBe(200);
    expect((await change(callers.sales, application.id, { assignee_id: null })).statusCode).toBe(200);
    expect((await audit(application.id)).map((entry) => entry.action)).toEqual([
      'career_application.assign',
      'career_application.assign',
      'career_application.assign',
    ]);
    expect((await change(callers.sales, application.id, {})).statusCode).toBe(422);
  });

  it('filters by state, by assignee (me, none, a staff id) and by vacancy; the open ones come first', async () => {
    const vacancy = await createVacancy();
    const mine = await apply(vacancy.id);
    const nobodys = await apply(vacancy.id);
    const declined = await apply(vacancy.id);
    await change(callers.sales, mine.id, { assignee_id: callers.ids.sales, state: 'reviewing' });
    await change(callers.sales, declined.id, { state: 'declined' });
    const ids = async (query: string) => (await list(`?vacancy_id=${vacancy.id}&${query}`)).map((row) => row.id);
    expect(await ids('')).toEqual([nobodys.id, mine.id, declined.id]);
    expect(await ids('state=reviewing')).toEqual([mine.id]);
    expect(await ids('assignee=me')).toEqual([mine.id]);
    expect(await ids(`assignee=${callers.ids.sales}`)).toEqual([mine.id]);
    expect(await ids('assignee=none')).toEqual([nobodys.id, declined.id]);
    expect(await ids('state=new&assignee=none')).toEqual([nobodys.id]);
    expect((await callers.sales.get(`${BASE}?state=lost`)).statusCode).toBe(422);
  });
});
