import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CareerAttachmentType, EmploymentType, Gender, VacancyTranslations } from '../../../common/careers.ts';
import type { Locale } from '../../../common/locales.ts';
import type { CareerApplicationState } from '../../../common/desk-inbox.ts';
import { inboxColumns } from '../business/inbox-columns.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A job opening (spec: content §2 "Careers"): its texts per content language (English always,
 * the others where translated), and whether the careers pages list it.
 */
export const vacancies = pgTable(
  'career_vacancies',
  {
    id: serial('id').primaryKey(),
    translations: jsonb('translations').$type<VacancyTranslations>().notNull(),
    employmentType: text('employment_type').$type<EmploymentType>().notNull().default('full_time'),
    published: boolean('published').notNull().default(true),
    /** When it was last published; the list shows the newest first. */
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('career_vacancies_published_idx').on(table.published, table.publishedAt)],
);

/** An application for a vacancy, the form's fields as sent (spec §2 "Careers"). */
export const careerApplications = pgTable(
  'career_applications',
  {
    id: serial('id').primaryKey(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** YYYY-MM-DD. */
    birthday: text('birthday').notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    salaryExpectations: text('salary_expectations').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** The language the applicant used: their confirmation is written in it. */
    locale: text('locale').$type<Locale>().notNull(),
    createdAt: at('created_at').notNull(),
    ...inboxColumns<CareerApplicationState>(),
  },
  (table) => [
    index('career_applications_vacancy_idx').on(table.vacancyId, table.createdAt),
    index('career_applications_state_idx').on(table.state, table.createdAt),
  ],
);

/** A file attached to an application, kept in the file store under careers/. */
export const careerApplicationFiles = pgTable(
  'career_application_files',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => careerApplications.id, { onDelete: 'cascade' }),
    /** The name the applicant's file had, for the recruiter; never used as a path. */
    name: text('name').notNull(),
    /** What the content is (careers/attachments.ts), whatever the name says. */
    type: text('type').$type<CareerAttachmentType>().notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (table) => [index('career_application_files_application_idx').on(table.applicationId)],
);
