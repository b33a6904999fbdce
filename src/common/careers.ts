import { z } from 'zod';
import { LOCALES, type Locale } from './locales.ts';
import { isCalendarDate, zod } from './validators.ts';

/**
 * Careers (spec: content §1 /{locale}/career and /{locale}/career/{id}, §2 "Careers", §5 "Career
 * attachments"): vacancies in the four content languages and the application form. One contract
 * for the routes, the form and the fetch hooks.
 */

/** Spec §5: the only attachments we take, checked by content on the server (careers/attachments.ts). */
export const CAREER_ATTACHMENT_TYPES = ['pdf', 'pptx', 'ppt', 'jpg', 'png', 'gif'] as const;
export type CareerAttachmentType = (typeof CAREER_ATTACHMENT_TYPES)[number];
/** Spec §5, word for word. */
export const CAREER_ATTACHMENT_TYPE_MESSAGE = 'We can only accept pdf, pptx, ppt, jpg, png, gif';

/** Our limits (docs/decisions.md "Careers"): at most 5 files of at most 10 MB each, at least one. */
export const CAREER_ATTACHMENT_LIMITS = { maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 } as const;

export const CAREER_ATTACHMENT_MIME: Record<CareerAttachmentType, string> = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** The file input's `accept`: the six extensions and their types. */
export const CAREER_ATTACHMENT_ACCEPT = [
  ...CAREER_ATTACHMENT_TYPES.map((type) => `.${type}`),
  '.jpeg',
  ...Object.values(CAREER_ATTACHMENT_MIME),
].join(',');

/**
 * The type a file's name claims (`.jpeg` is a jpg), or null: what the browser can check before
 * sending. The server never trusts it and reads the content instead.
 */
export function claimedAttachmentType(name: string): CareerAttachmentType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'jpeg') return 'jpg';
  return (CAREER_ATTACHMENT_TYPES as readonly string[]).includes(extension ?? '') ? (extension as CareerAttachmentType) : null;
}

/** Error codes of the attachments; the form translates them, falling back to the message. */
export const CAREER_ERROR_CODES = {
  attachmentType: 'attachment_type',
  attachmentTooLarge: 'attachment_too_large',
  attachmentsOverLimit: 'attachments_over_limit',
  attachmentsRequired: 'attachments_required',
  careerNotFound: 'career_not_found',
} as const;

/** What the browser checks about the chosen files before sending: one message key per failing rule. */
export function attachmentProblem(files: readonly { name: string; size: number }[]): keyof typeof ATTACHMENT_MESSAGES | null {
  if (files.length === 0) return CAREER_ERROR_CODES.attachmentsRequired;
  if (files.length > CAREER_ATTACHMENT_LIMITS.maxFiles) return CAREER_ERROR_CODES.attachmentsOverLimit;
  if (files.some((file) => claimedAttachmentType(file.name) === null)) return CAREER_ERROR_CODES.attachmentType;
  if (files.some((file) => file.size > CAREER_ATTACHMENT_LIMITS.maxFileBytes)) return CAREER_ERROR_CODES.attachmentTooLarge;
  return null;
}

/** The English messages of the attachment rules (the server's answers say the same). */
export const ATTACHMENT_MESSAGES = {
  [CAREER_ERROR_CODES.attachmentType]: CAREER_ATTACHMENT_TYPE_MESSAGE,
  [CAREER_ERROR_CODES.attachmentTooLarge]: 'Each file may be at most 10 MB',
  [CAREER_ERROR_CODES.attachmentsOverLimit]: 'You can attach at most 5 files',
  [CAREER_ERROR_CODES.attachmentsRequired]: 'Please attach your CV',
} as const;

/** Spec §2 lists gender without its values: a fixed list of our choosing. */
export const GENDERS = ['female', 'male', 'other', 'not_specified'] as const;
export type Gender = (typeof GENDERS)[number];

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** A vacancy as the careers pages show it, in the request's language (English where it has none). */
export const vacancySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  department: z.string(),
  location: z.string(),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  summary: z.string(),
  /** Paragraphs separated by blank lines; lines starting with "- " are list items. */
  description: z.string(),
  published_at: z.string().nullable(),
});
export type Vacancy = z.infer<typeof vacancySchema>;
export const vacanciesResponseSchema = z.object({ vacancies: z.array(vacancySchema) });

/** One language's texts of a vacancy. */
export const vacancyTextsSchema = z
  .object({
    title: zod.requiredText(200),
    department: zod.line(200).default(''),
    location: zod.requiredText(200),
    summary: z.string().trim().max(1000, 'validation.max_length').default(''),
    description: z.string().trim().max(20_000, 'validation.max_length').default(''),
  })
  .strict();
export type VacancyTexts = z.infer<typeof vacancyTextsSchema>;

/** English is required; a language without texts shows the English ones. */
const translationsSchema = z
  .object({
    en: vacancyTextsSchema,
    ar: vacancyTextsSchema.optional(),
    es: vacancyTextsSchema.optional(),
    ru: vacancyTextsSchema.optional(),
  })
  .strict();
export type VacancyTranslations = Partial<Record<Locale, VacancyTexts>> & { en: VacancyTexts };

export const vacancyInputSchema = z
  .object({
    translations: translationsSchema,
    employment_type: z.enum(EMPLOYMENT_TYPES).default('full_time'),
    published: z.boolean().default(true),
  })
  .strict();
export const vacancyBodySchema = z.object({ vacancy: vacancyInputSchema }).strict();
export type VacancyInput = z.input<typeof vacancyInputSchema>;

/** A change: the languages given replace theirs, the rest stay. */
export const vacancyChangesBodySchema = z
  .object({
    vacancy: z
      .object({
        translations: z
          .object(
            Object.fromEntries(LOCALES.map((locale) => [locale, vacancyTextsSchema.optional()])) as Record<
              Locale,
              z.ZodOptional<typeof vacancyTextsSchema>
            >,
          )
          .strict()
          .optional(),
        employment_type: z.enum(EMPLOYMENT_TYPES).optional(),
        published: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();

/** A vacancy as the admin calls show it: every language, published or not, with its applications' count. */
export const adminVacancySchema = z.object({
  id: z.number().int(),
  translations: translationsSchema,
  employment_type: z.enum(EMPLOYMENT_TYPES),
  published: z.boolean(),
  published_at: z.string().nullable(),
  applications_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminVacancy = z.infer<typeof adminVacancySchema>;
export const adminVacanciesResponseSchema = z.object({ vacancies: z.array(adminVacancySchema) });

const dayPart = (max: number, min = 1) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d{1,4}$/, 'validation.number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, 'validation.date');

const optionalText = (max: number) => z.string().trim().max(max, 'validation.max_length').default('');

/** The earliest birthday year the form takes. */
export const BIRTH_YEAR_MIN = 1900;

/**
 * The application form's fields as sent (multipart text parts; spec §2 "Careers"). Salary and
 * comment are optional; the rest is required. The birthday must be a real day, not in the future:
 * `birthdayProblem` checks that against today's date.
 */
export const applicationFieldsSchema = z
  .object({
    first_name: zod.requiredText(100),
    last_name: zod.requiredText(100),
    email: zod.email(),
    birthday_day: dayPart(31),
    birthday_month: dayPart(12),
    birthday_year: dayPart(9999, BIRTH_YEAR_MIN),
    gender: z.enum(GENDERS, { error: 'validation.required' }),
    phone: zod
      .requiredText(40)
      .refine((value) => /^\+?[\d\s().\-/]+$/.test(value) && value.replace(/\D/g, '').length >= 5, 'validation.phone'),
    location: zod.requiredText(200),
    salary_expectations: zod.line(200).default(''),
    comment: optionalText(5000),
  })
  .strict();
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;
export type ApplicationFieldsInput = z.input<typeof applicationFieldsSchema>;

/** `YYYY-MM-DD` of the birthday, or the message key of why it is not one: a day that exists, not after today. */
export function birthdayProblem(
  parts: { day: number; month: number; year: number },
  today: string,
): { date: string; problem: null } | { date: null; problem: 'validation.date' } {
  const date = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  if (!isCalendarDate(date) || date > today) return { date: null, problem: 'validation.date' };
  return { date, problem: null };
}

export const applicationSchema = z.object({
  id: z.number().int(),
  vacancy_id: z.number().int(),
  created_at: z.string(),
});
export const applicationResponseSchema = z.object({ application: applicationSchema });

/** An application as the admin sees it, with links to its files. */
export const adminApplicationSchema = z.object({
  id: z.number().int(),
  vacancy_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  birthday: z.string(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  location: z.string(),
  salary_expectations: z.string(),
  comment: z.string(),
  locale: z.enum(LOCALES),
  created_at: z.string(),
  files: z.array(
    z.object({ id: z.number().int(), name: z.string(), type: z.enum(CAREER_ATTACHMENT_TYPES), size: z.number().int(), url: z.string() }),
  ),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationsResponseSchema = z.object({ applications: z.array(adminApplicationSchema) });
