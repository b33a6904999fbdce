import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApplicationsResponseSchema,
  adminVacanciesResponseSchema,
  adminVacancySchema,
  applicationResponseSchema,
  CAREER_ATTACHMENT_LIMITS,
  CAREER_ATTACHMENT_TYPE_MESSAGE,
  vacanciesResponseSchema,
  vacancySchema,
} from '../../../common/careers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors, mailbox } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { attachmentType } from './attachments.ts';
import { careerApplicationFiles } from './schema.ts';
import { applicantFields, multipart, ole2With, SAMPLES, vacancyTexts, zipOf, type FormFile } from './test-support.ts';

const RECRUITING = 'jobs@recruiting.example';
let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp({ env: { RECRUITING_EMAIL: RECRUITING } });
  a = agreementFixtures(t);
  admin = (await a.signedIn({ isAdmin: true })).browser;
});
afterAll(async () => t.close());

const ADMIN = '/api/admin/careers';
let nextIp = 1;
/** Each test applies from an address of its own, so the hourly limit is only met where a test means it. */
const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function createVacancy(title = `Editor ${Math.random().toString(36).slice(2, 7)}`, extra: Record<string, unknown> = {}) {
  const answer = await admin.post(ADMIN, {
    vacancy: { translations: { en: vacancyTexts(title), ar: vacancyTexts(`${title} (ar)`) }, ...extra },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return adminVacancySchema.parse(answer.json());
}

async function apply(vacancyId: number, fields: Record<string, string>, files: FormFile[], options: { ip?: string; locale?: string } = {}) {
  const body = await multipart(fields, files);
  return new Browser(t.app).post(
    `/api/careers/${vacancyId}/applications${options.locale ? `?locale=${options.locale}` : ''}`,
    body.payload,
    {
      headers: body.headers,
      ip: options.ip ?? freshIp(),
    },
  );
}
const pdf = (name = 'cv.pdf'): FormFile => ({ name, bytes: SAMPLES.pdf, type: 'application/pdf' });

describe('the attachment content check (spec §5 "Career attachments")', () => {
  it('knows each of the six types by its bytes, and nothing else', () => {
    for (const [type, bytes] of Object.entries(SAMPLES)) expect(attachmentType(bytes)).toBe(type);
    expect(attachmentType(Buffer.from('MZ\x90\x00 This program cannot be run in DOS mode', 'latin1'))).toBeNull();
    expect(attachmentType(Buffer.from('Just some text, not a PDF'))).toBeNull();
    expect(attachmentType(zipOf({ 'word/document.xml': '<w:document/>' }))).toBeNull();
    expect(attachmentType(ole2With('WordDocument'))).toBeNull();
    expect(attachmentType(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBeNull();
    expect(attachmentType(Buffer.alloc(0))).toBeNull();
  });
});

describe('the vacancies (public calls)', () => {
  it('lists the published ones, newest first, in the caller’s language (English where a language has none); one by id', async () => {
    const older = await createVacancy('Camera Operator');
    t.services.clock.advance(60_000);
    const newer = await createVacancy('Sound Engineer');
    const hidden = await createVacancy('Secret Role', { published: false });

    const english = vacanciesResponseSchema.parse((await new Browser(t.app).get('/api/careers')).json());
    const ids = english.vacancies.map((vacancy) => vacancy.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(hidden.id);

    const arabic = vacanciesResponseSchema.parse((await new Browser(t.app).get('/api/careers?locale=ar')).json());
    expect(arabic.vacancies.find((vacancy) => vacancy.id === newer.id)?.title).toBe('Sound Engineer (ar)');
    const spanish = vacanciesResponseSchema.parse((await new Browser(t.app).get('/api/careers?locale=es')).json());
    expect(spanish.vacancies.find((vacancy) => vacancy.id === newer.id)?.title).toBe('Sound Engineer');

    const one = vacancySchema.parse((await new Browser(t.app).get(`/api/careers/${older.id}?locale=ar`)).json());
    expect(one).toMatchObject({ id: older.id, title: 'Camera Operator (ar)', location: 'London', employment_type: 'full_time' });
    const gone = await new Browser(t.app).get(`/api/careers/${hidden.id}`);
    expect([gone.statusCode, codes(gone)]).toEqual([404, ['career_not_found']]);
    expect(codes(await new Browser(t.app).get('/api/careers/99999999'))).toEqual(['career_not_found']);
    expect((await new Browser(t.app).get('/api/careers/abc')).statusCode).toBe(422);
  });
});

describe('applying (POST /api/careers/{id}/applications)', () => {
  it('takes each of the six types by content, stores the files under careers/, mails the applicant and the recruiters', async () => {
    const vacancy = await createVacancy('Field Producer');
    const files: FormFile[] = [
      pdf(),
      { name: 'showreel.pptx', bytes: SAMPLES.pptx },
      { name: 'old-deck.ppt', bytes: SAMPLES.ppt },
      { name: 'photo.jpeg', bytes: SAMPLES.jpg },
      { name: 'badge.png', bytes: SAMPLES.png },
    ];
    const fields = applicantFields();
    const answer = await apply(vacancy.id, fields, files, { locale: 'ar' });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application } = applicationResponseSchema.parse(answer.json());
    expect(application.vacancy_id).toBe(vacancy.id);
    // The sixth type, alone.
    expect((await apply(vacancy.id, applicantFields(), [{ name: 'portrait.gif', bytes: SAMPLES.gif }])).statusCode).toBe(201);

    const list = adminApplicationsResponseSchema.parse((await admin.get(`${ADMIN}/${vacancy.id}/applications`)).json());
    const stored = list.applications.find((item) => item.id === application.id);
    expect(stored).toMatchObject({
      first_name: 'Layla',
      email: fields.email,
      birthday: '1994-03-14',
      gender: 'female',
      locale: 'ar',
      salary_expectations: '6000 EUR a month',
    });
    expect(stored?.files.map((file) => [file.name, file.type])).toEqual([
      ['cv.pdf', 'pdf'],
      ['showreel.pptx', 'pptx'],
      ['old-deck.ppt', 'ppt'],
      ['photo.jpg', 'jpg'],
      ['badge.png', 'png'],
    ]);
    const first = stored?.files[0];
    const download = await admin.get(first?.url ?? '');
    expect([download.statusCode, download.headers['content-type'], download.rawPayload.equals(SAMPLES.pdf)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const keys = await t.database.db.select().from(careerApplicationFiles).where(eq(careerApplicationFiles.applicationId, application.id));
    for (const row of keys) {
      expect(row.storageKey).toMatch(/^careers\//);
      expect(await t.services.files.store.size(row.storageKey)).toBe(row.size);
    }

    const mails = await mailbox(t.app);
    const confirmation = mails.find((mail) => mail.to === fields.email);
    expect(confirmation?.subject).toBe('تلقّينا طلبك: Field Producer (ar)');
    expect(confirmation?.html).toContain('dir="rtl"');
    const notice = mails.find((mail) => mail.to === RECRUITING && mail.text.includes(fields.email ?? ''));
    expect(notice?.subject).toBe(`New application: Field Producer (#${vacancy.id})`);
    expect(notice?.text).toContain('Layla Haddad');
  });

  it('refuses a file whose content is not its claimed type, with the spec’s message; nothing is stored or mailed', async () => {
    const vacancy = await createVacancy();
    const before = (await mailbox(t.app)).length;
    const fakes: FormFile[] = [
      { name: 'cv.pdf', bytes: Buffer.from('MZ\x90\x00\x03 This program cannot be run in DOS mode', 'latin1'), type: 'application/pdf' },
      { name: 'cv.pdf', bytes: Buffer.from('Plain text pretending to be a PDF'), type: 'application/pdf' },
      { name: 'deck.pptx', bytes: zipOf({ 'word/document.xml': '<w:document/>' }) },
      { name: 'deck.ppt', bytes: ole2With('WordDocument') },
      { name: 'notes.txt', bytes: Buffer.from('%PDF'), type: 'text/plain' },
    ];
    for (const fake of fakes) {
      const answer = await apply(vacancy.id, applicantFields(), [fake]);
      expect(answer.statusCode, fake.name).toBe(422);
      expect(errors(answer)).toEqual([
        { code: 'attachment_type', message: `${CAREER_ATTACHMENT_TYPE_MESSAGE} (${fake.name})`, field: 'files' },
      ]);
    }
    // One bad file among good ones refuses the whole application.
    expect(codes(await apply(vacancy.id, applicantFields(), [pdf(), fakes[0] as FormFile]))).toEqual(['attachment_type']);
    expect((await admin.get(`${ADMIN}/${vacancy.id}/applications`)).json()).toEqual({ applications: [] });
    expect((await mailbox(t.app)).length).toBe(before);
  });

  it('refuses a file over 10 MB (413), more than 5 files, and no file at all', async () => {
    const vacancy = await createVacancy();
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(CAREER_ATTACHMENT_LIMITS.maxFileBytes)]);
    const tooBig = await apply(vacancy.id, applicantFields(), [{ name: 'huge.pdf', bytes: big }]);
    expect([tooBig.statusCode, errors(tooBig)]).toEqual([
      413,
      [{ code: 'attachment_too_large', message: 'Each file may be at most 10 MB (huge.pdf)', field: 'files' }],
    ]);
    const six = Array.from({ length: 6 }, (_, index) => pdf(`cv-${index}.pdf`));
    const tooMany = await apply(vacancy.id, applicantFields(), six);
    expect([tooMany.statusCode, codes(tooMany)]).toEqual([422, ['attachments_over_limit']]);
    const many = Array.from({ length: 25 }, (_, index) => pdf(`cv-${index}.pdf`));
    expect(codes(await apply(vacancy.id, applicantFields(), many))).toEqual(['attachments_over_limit']);
    const none = await apply(vacancy.id, applicantFields(), []);
    expect([none.statusCode, codes(none)]).toEqual([422, ['attachments_required']]);
    // Exactly five files of exactly 10 MB is within the limits.
    const atLimit = Buffer.concat([SAMPLES.pdf, Buffer.alloc(CAREER_ATTACHMENT_LIMITS.maxFileBytes - SAMPLES.pdf.length)]);
    expect((await apply(vacancy.id, applicantFields(), [{ name: 'max.pdf', bytes: atLimit }, pdf(), pdf(), pdf(), pdf()])).statusCode).toBe(
      201,
    );
  });

  it('names each field at fault: required ones, e-mail, phone, a real birthday not in the future, gender from the list', async () => {
    const vacancy = await createVacancy();
    const cases: [Record<string, string>, string, string][] = [
      [{ first_name: '' }, 'first_name', 'required'],
      [{ last_name: '   ' }, 'last_name', 'required'],
      [{ email: 'not-an-address' }, 'email', 'email'],
      [{ phone: 'call me maybe' }, 'phone', 'phone'],
      [{ phone: '12' }, 'phone', 'phone'],
      [{ location: '' }, 'location', 'required'],
      [{ gender: 'robot' }, 'gender', 'required'],
      [{ birthday_day: '31', birthday_month: '2' }, 'birthday', 'date'],
      [{ birthday_month: '13' }, 'birthday_month', 'date'],
      [{ birthday_year: '1850' }, 'birthday_year', 'date'],
      [{ birthday_day: 'x' }, 'birthday_day', 'number'],
      // The test clock says 22 November 2026: the next day is in the future.
      [{ birthday_day: '23', birthday_month: '11', birthday_year: '2026' }, 'birthday', 'date'],
      [{ comment: 'x'.repeat(5001) }, 'comment', 'max_length'],
    ];
    for (const [overrides, field, code] of cases) {
      const answer = await apply(vacancy.id, applicantFields(overrides), [pdf()]);
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(errors(answer).map((error) => [error.field, error.code])).toEqual([[field, code]]);
    }
    const { email: _email, gender: _gender, ...rest } = applicantFields();
    const missing = await apply(vacancy.id, rest, [{ name: 'x.exe', bytes: Buffer.from('MZ') }]);
    expect(errors(missing).map((error) => error.field)).toEqual(['email', 'gender', 'files']);
    expect(codes(await apply(vacancy.id, applicantFields({ nickname: 'Lay' }), [pdf()]))).toEqual(['invalid']);
    // Salary and comment may stay empty; a birthday today is fine.
    const minimal = applicantFields({
      salary_expectations: '',
      comment: '',
      birthday_day: '22',
      birthday_month: '11',
      birthday_year: '2026',
    });
    expect((await apply(vacancy.id, minimal, [pdf()])).statusCode).toBe(201);
  });

  it('refuses JSON, an unknown or unpublished vacancy; limits an address to 10 applications an hour', async () => {
    const vacancy = await createVacancy();
    const json = await new Browser(t.app).post(`/api/careers/${vacancy.id}/applications`, applicantFields());
    expect([json.statusCode, codes(json)]).toEqual([415, ['unsupported_media_type']]);
    expect(codes(await apply(99999999, applicantFields(), [pdf()]))).toEqual(['career_not_found']);
    const hidden = await createVacancy('Closed', { published: false });
    expect(codes(await apply(hidden.id, applicantFields(), [pdf()]))).toEqual(['career_not_found']);

    const ip = freshIp();
    // Mistakes do not count towards the limit.
    expect((await apply(vacancy.id, applicantFields({ email: 'bad' }), [pdf()], { ip })).statusCode).toBe(422);
    for (let i = 0; i < 10; i += 1) expect((await apply(vacancy.id, applicantFields(), [pdf()], { ip })).statusCode).toBe(201);
    const limited = await apply(vacancy.id, applicantFields(), [pdf()], { ip });
    expect([limited.statusCode, codes(limited)]).toEqual([429, ['too_many_requests']]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await apply(vacancy.id, applicantFields(), [pdf()])).statusCode).toBe(201);
  });
});

describe('managing vacancies (admin calls)', () => {
  it('creates, updates a language, unpublishes and publishes again; refuses a vacancy without English texts', async () => {
    const made = await createVacancy('Archivist');
    expect(made).toMatchObject({ published: true, applications_count: 0, employment_type: 'full_time' });
    const changed = await admin.patch(`${ADMIN}/${made.id}`, {
      vacancy: { translations: { ru: vacancyTexts('Архивист') }, employment_type: 'internship' },
    });
    expect(adminVacancySchema.parse(changed.json()).translations).toMatchObject({ en: { title: 'Archivist' }, ru: { title: 'Архивист' } });
    expect(vacancySchema.parse((await new Browser(t.app).get(`/api/careers/${made.id}?locale=ru`)).json()).title).toBe('Архивист');

    const withdrawn = adminVacancySchema.parse((await admin.delete(`${ADMIN}/${made.id}`)).json());
    expect(withdrawn.published).toBe(false);
    expect((await new Browser(t.app).get(`/api/careers/${made.id}`)).statusCode).toBe(404);
    const all = adminVacanciesResponseSchema.parse((await admin.get(ADMIN)).json());
    expect(all.vacancies.find((vacancy) => vacancy.id === made.id)?.published).toBe(false);
    await admin.patch(`${ADMIN}/${made.id}`, { vacancy: { published: true } });
    expect((await new Browser(t.app).get(`/api/careers/${made.id}`)).statusCode).toBe(200);

    const noEnglish = await admin.post(ADMIN, { vacancy: { translations: { ar: vacancyTexts('x') } } });
    expect(noEnglish.statusCode).toBe(422);
    const blankTitle = await admin.post(ADMIN, { vacancy: { translations: { en: vacancyTexts('') } } });
    expect(errors(blankTitle).map((error) => [error.field, error.code])).toEqual([['vacancy.translations.en.title', 'required']]);
    expect(codes(await admin.patch(`${ADMIN}/99999999`, { vacancy: { published: false } }))).toEqual(['career_not_found']);
    expect(codes(await admin.get(`${ADMIN}/applications/99999999/files/1`))).toEqual(['application_file_not_found']);
  });

  it('only admins: guest, user, member, master and another company’s master are refused every admin call', async () => {
    const vacancy = await createVacancy();
    expect((await apply(vacancy.id, applicantFields(), [pdf()])).statusCode).toBe(201);
    const [application] = adminApplicationsResponseSchema.parse(
      (await admin.get(`${ADMIN}/${vacancy.id}/applications`)).json(),
    ).applications;
    const fileUrl = application?.files[0]?.url ?? '';
    const team = await a.team();
    const callers: [string, Browser, number][] = [
      ['guest', new Browser(t.app), 401],
      ['user', (await a.signedIn()).browser, 403],
      ['member', team.member.browser, 403],
      ['master', team.master.browser, 403],
      ['other company’s master', team.otherMaster.browser, 403],
    ];
    const calls: [string, (browser: Browser) => ReturnType<Browser['get']>, number][] = [
      ['list vacancies', (b) => b.get(ADMIN), 200],
      ['create', (b) => b.post(ADMIN, { vacancy: { translations: { en: vacancyTexts('Made by a caller') } } }), 201],
      ['update', (b) => b.patch(`${ADMIN}/${vacancy.id}`, { vacancy: { employment_type: 'contract' } }), 200],
      ['unpublish', (b) => b.delete(`${ADMIN}/${vacancy.id}`), 200],
      ['list applications', (b) => b.get(`${ADMIN}/${vacancy.id}/applications`), 200],
      ['download a file', (b) => b.get(fileUrl), 200],
    ];
    for (const [call, send, allowed] of calls) {
      for (const [who, browser, status] of callers) expect((await send(browser)).statusCode, `${who}: ${call}`).toBe(status);
      expect((await send(admin)).statusCode, `admin: ${call}`).toBe(allowed);
    }
  });
});
