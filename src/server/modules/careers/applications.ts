import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  applicationFieldsSchema,
  ATTACHMENT_MESSAGES,
  birthdayProblem,
  CAREER_ATTACHMENT_LIMITS,
  CAREER_ERROR_CODES,
  type AdminApplication,
  type CareerAttachmentType,
} from '../../../common/careers.ts';
import type { ApiErrorItem } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { AppError, fieldError, Invalid, NotFound } from '../../http/errors.ts';
import type { FileStore } from '../downloads/storage.ts';
import { renderMail } from '../mail/templates.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { attachmentType } from './attachments.ts';
import { careerApplicationFiles, careerApplications } from './schema.ts';
import { publishedVacancy, textsIn } from './vacancies.ts';

/** What the careers calls need beyond the usual: the file store, a scratch folder, the recruiting address. */
export type CareersContext = ServiceContext & { store: FileStore; workDir: string; recruitingEmail: string };

/** At most 10 applications an hour from one client address (docs/decisions.md "Careers"). */
export const APPLICATIONS_PER_ADDRESS: RateLimit = { name: 'career_applications', limit: 10, windowSeconds: 3600 };

/** A file as the form sent it: its name, its bytes (cut at the limit), and whether it was longer. */
export type SentFile = { name: string; bytes: Buffer; truncated: boolean };
/** The form as read from the multipart body: text fields, files, and more files than we read. */
export type SentForm = { fields: Record<string, string>; files: SentFile[]; tooManyFiles: boolean };

const FILES_FIELD = 'files';
const attachmentError = (code: keyof typeof ATTACHMENT_MESSAGES, name?: string): ApiErrorItem => ({
  code,
  message: name ? `${ATTACHMENT_MESSAGES[code]} (${name})` : ATTACHMENT_MESSAGES[code],
  field: FILES_FIELD,
});

/** The kept file name: the sent one without folders or odd characters, ending as its content is. */
function keptName(sent: string, type: CareerAttachmentType): string {
  const base = (path.basename(sent.replace(/\\/g, '/')) || 'file').replace(/\.[^.]*$/, '');
  const clean = base.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 100) || 'file';
  return `${clean}.${type}`;
}

/** Every rule of the form at once, so the applicant sees all that is wrong; the checked values when none is. */
function checkForm(form: SentForm, today: string) {
  const problems: ApiErrorItem[] = [];
  const parsed = applicationFieldsSchema.safeParse(form.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems.push(fieldError(issue.message, issue.path.join('.') || 'application'));
  let birthday: string | null = null;
  if (parsed.success) {
    const { birthday_day: day, birthday_month: month, birthday_year: year } = parsed.data;
    const checked = birthdayProblem({ day, month, year }, today);
    if (checked.problem)
      problems.push({ ...fieldError(checked.problem, 'birthday'), message: 'The birthday is not a real date in the past' });
    birthday = checked.date;
  }

  const files: { name: string; type: CareerAttachmentType; bytes: Buffer }[] = [];
  if (form.tooManyFiles || form.files.length > CAREER_ATTACHMENT_LIMITS.maxFiles)
    problems.push(attachmentError(CAREER_ERROR_CODES.attachmentsOverLimit));
  else if (form.files.length === 0) problems.push(attachmentError(CAREER_ERROR_CODES.attachmentsRequired));
  for (const file of form.files) {
    if (file.truncated || file.bytes.length > CAREER_ATTACHMENT_LIMITS.maxFileBytes) {
      problems.push(attachmentError(CAREER_ERROR_CODES.attachmentTooLarge, file.name));
      continue;
    }
    const type = attachmentType(file.bytes);
    if (!type) problems.push(attachmentError(CAREER_ERROR_CODES.attachmentType, file.name));
    else files.push({ name: keptName(file.name, type), type, bytes: file.bytes });
  }
  // A failed parse or birthday always left a problem above.
  if (problems.length > 0 || !parsed.success || !birthday) throw new Invalid(problems);
  return { fields: parsed.data, birthday, files };
}

/** A too-big attachment answers 413, like any too-big body; every other problem is the form's 422. */
function refusal(error: Invalid): AppError {
  const tooBig = error.items.some((item) => item.code === CAREER_ERROR_CODES.attachmentTooLarge);
  return tooBig ? new AppError(413, error.items) : error;
}

/**
 * POST /api/careers/{id}/applications (spec §2 "Careers"): the form's rules, then the files into
 * the store under careers/, the application with its files, the applicant's confirmation in their
 * language and the recruiters' notice, in one transaction. A client address may apply ten times an hour.
 */
export async function submitApplication(
  ctx: CareersContext,
  input: { vacancyId: number; form: SentForm; locale: Locale; ip: string },
): Promise<{ id: number; vacancy_id: number; created_at: string }> {
  const vacancy = await publishedVacancy(ctx, input.vacancyId);
  const now = ctx.clock.now();
  let checked: ReturnType<typeof checkForm>;
  try {
    checked = checkForm(input.form, now.toISOString().slice(0, 10));
  } catch (error) {
    throw error instanceof Invalid ? refusal(error) : error;
  }
  // Counted once the form is right: a mistyped field costs the applicant nothing.
  await consume(ctx.db, APPLICATIONS_PER_ADDRESS, input.ip, now);

  const batch = randomUUID();
  const stored: { name: string; type: CareerAttachmentType; size: number; key: string }[] = [];
  await mkdir(ctx.workDir, { recursive: true });
  try {
    for (const [index, file] of checked.files.entries()) {
      const key = `careers/${now.toISOString().slice(0, 7)}/${batch}-${index + 1}.${file.type}`;
      const scratch = path.join(ctx.workDir, `career-${batch}-${index + 1}`);
      try {
        await writeFile(scratch, file.bytes);
        await ctx.store.put(key, scratch);
      } finally {
        await rm(scratch, { force: true });
      }
      stored.push({ name: file.name, type: file.type, size: file.bytes.length, key });
    }
    const { fields } = checked;
    const title = textsIn(vacancy.translations, input.locale).title;
    const row = await ctx.db.transaction(async (tx) => {
      const [application] = await tx
        .insert(careerApplications)
        .values({
          vacancyId: vacancy.id,
          firstName: fields.first_name,
          lastName: fields.last_name,
          email: fields.email,
          birthday: checked.birthday,
          gender: fields.gender,
          phone: fields.phone,
          location: fields.location,
          salaryExpectations: fields.salary_expectations,
          comment: fields.comment,
          locale: input.locale,
          createdAt: now,
        })
        .returning();
      if (!application) throw new Error('inserting an application returned no row');
      await tx.insert(careerApplicationFiles).values(
        stored.map((file) => ({
          applicationId: application.id,
          name: file.name,
          type: file.type,
          size: file.size,
          storageKey: file.key,
        })),
      );
      const name = `${fields.first_name} ${fields.last_name}`;
      await ctx.mailer.enqueue(tx, renderMail('career_application_received', input.locale, fields.email, { item: title, name }));
      await ctx.mailer.enqueue(
        tx,
        renderMail('career_application_notice', 'en', ctx.recruitingEmail, {
          item: `${textsIn(vacancy.translations, 'en').title} (#${vacancy.id})`,
          name: `${name} <${fields.email}>`,
        }),
      );
      return application;
    });
    ctx.mailer.kick();
    return { id: row.id, vacancy_id: row.vacancyId, created_at: row.createdAt.toISOString() };
  } catch (error) {
    // The application did not happen: its files go too.
    await Promise.all(stored.map((file) => ctx.store.remove(file.key)));
    throw error;
  }
}

const fileUrl = (applicationId: number, fileId: number) => `/api/admin/careers/applications/${applicationId}/files/${fileId}`;

/** GET /api/admin/careers/{id}/applications: a vacancy's applications, the newest first, with their files. */
export async function listApplications(ctx: Pick<ServiceContext, 'db'>, vacancyId: number): Promise<AdminApplication[]> {
  const rows = await ctx.db
    .select()
    .from(careerApplications)
    .where(eq(careerApplications.vacancyId, vacancyId))
    .orderBy(desc(careerApplications.id));
  return applicationViews(ctx, rows);
}

/** Applications as the admin calls (and the desk's inbox) show them, in the given order, with links to their files. */
export async function applicationViews(
  ctx: Pick<ServiceContext, 'db'>,
  rows: (typeof careerApplications.$inferSelect)[],
): Promise<AdminApplication[]> {
  const files =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(careerApplicationFiles)
          .where(
            inArray(
              careerApplicationFiles.applicationId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(careerApplicationFiles.id));
  return rows.map((row) => ({
    id: row.id,
    vacancy_id: row.vacancyId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    birthday: row.birthday,
    gender: row.gender,
    phone: row.phone,
    location: row.location,
    salary_expectations: row.salaryExpectations,
    comment: row.comment,
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
    files: files
      .filter((file) => file.applicationId === row.id)
      .map((file) => ({ id: file.id, name: file.name, type: file.type, size: file.size, url: fileUrl(row.id, file.id) })),
  }));
}

/** One attached file of an application (admin only), or not found. */
export async function applicationFile(ctx: Pick<ServiceContext, 'db'>, applicationId: number, fileId: number) {
  const [file] = await ctx.db
    .select()
    .from(careerApplicationFiles)
    .where(and(eq(careerApplicationFiles.id, fileId), eq(careerApplicationFiles.applicationId, applicationId)));
  if (!file) throw new NotFound({ code: 'application_file_not_found', message: 'No such file' });
  return file;
}
