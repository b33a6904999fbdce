/** Every Drizzle table, domain by domain; drizzle-kit reads this file to generate migrations. */
export * from '../modules/reference/schema.ts';
export * from '../modules/accounts/schema.ts';
export * from '../modules/mail/schema.ts';
export * from '../modules/security/schema.ts';
export * from '../modules/catalogue/schema.ts';
export * from '../modules/alerts/schema.ts';
export * from '../modules/agreements/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/company/schema.ts';
export * from '../modules/downloads/schema.ts';
export * from '../modules/live/schema.ts';
export * from '../modules/push/schema.ts';
export * from '../modules/lists/schema.ts';
export * from '../modules/careers/schema.ts';
export * from '../modules/broadcast/schema.ts';
export * from '../modules/media/schema.ts';
export * from '../modules/desk/schema.ts';
