import { boolean, char, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LocalizedNames } from './data/regions.ts';

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  position: integer('position').notNull().default(0),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: char('code', { length: 2 }).notNull().unique(),
  eu: boolean('eu').notNull().default(false),
  regionId: integer('region_id').references(() => regions.id),
});

export const companyTypes = pgTable('company_types', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  position: integer('position').notNull().default(0),
});

export const jobTitles = pgTable('job_titles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  position: integer('position').notNull().default(0),
});
