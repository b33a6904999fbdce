/** Every Drizzle table, domain by domain; drizzle-kit reads this file to generate migrations. */
export * from '../modules/reference/schema.ts';
