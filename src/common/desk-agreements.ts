import { z } from 'zod';
import { AGREEMENT_ACCESS, AGREEMENT_TYPES, BILLING_PERIODS, CONTENT_KINDS, CURRENCIES, DURATION_UNITS } from './agreement-values.ts';
import { url, zod } from './validators.ts';

/**
 * Agreements made and changed at the business desk (issue 29): for a company or a person, every
 * type of the spec but the one-off licence (bought for one video or event), with its access,
 * balances, term, archival rights, renewal, price and licensed platforms. A new or changed agreement
 * waits for the customer's master to accept it.
 */

const amount = z.coerce
  .number({ error: 'validation.number' })
  .int('validation.number')
  .min(0, 'validation.range')
  .max(1_000_000, 'validation.range');
const cents = z.coerce
  .number({ error: 'validation.number' })
  .int('validation.number')
  .min(0, 'validation.range')
  .max(100_000_000, 'validation.range');
const day = zod.calendarDate();
const platformUrl = z
  .string()
  .trim()
  .max(500, 'validation.max_length')
  .refine((value) => url(value) === null, 'validation.url');

/** Every type but the one-off licence, which is bought for one video or live event. */
const deskAgreementType = z.enum(AGREEMENT_TYPES, { error: 'validation.required' }).exclude(['one_off'], { error: 'validation.required' });
export const DESK_AGREEMENT_TYPES = deskAgreementType.options;

export const deskAgreementTermsSchema = z
  .object({
    agreement_type: deskAgreementType,
    live_access: z.boolean(),
    vod_access: z.boolean(),
    access: z.enum(AGREEMENT_ACCESS),
    /** Per kind: a balance (with its monthly refill, or none); a kind left out has no limit, as a pass's standard material. */
    balances: z
      .array(z.object({ kind: z.enum(CONTENT_KINDS), amount, refill: amount.nullable() }))
      .max(CONTENT_KINDS.length)
      .refine((rows) => new Set(rows.map((row) => row.kind)).size === rows.length, 'validation.invalid'),
    start_date: day,
    /** The last day it serves; none: until deactivated. */
    valid_till: day.nullable(),
    billing_period: z.enum(BILLING_PERIODS).nullable(),
    duration: z
      .object({ value: z.coerce.number().int().min(1, 'validation.range').max(120, 'validation.range'), unit: z.enum(DURATION_UNITS) })
      .nullable(),
    archival_days: z.coerce.number().int().min(1, 'validation.range').max(36_500, 'validation.range').nullable(),
    auto_renewal: z.boolean(),
    /** Delivery rules may license files under it unattended (issue 30). */
    unattended_delivery: z.boolean().default(false),
    renewal_months: z.coerce.number().int().min(1, 'validation.range').max(60, 'validation.range').nullable(),
    currency: z.enum(CURRENCIES),
    next_invoice_date: day.nullable(),
    next_invoice_cents: cents.nullable(),
    top_up_price_cents: cents.nullable(),
    platform_urls: z.array(platformUrl).max(10, 'validation.max_length'),
  })
  .refine((terms) => terms.valid_till === null || terms.valid_till >= terms.start_date, {
    message: 'validation.date_past',
    path: ['valid_till'],
  })
  .refine((terms) => !terms.auto_renewal || terms.renewal_months !== null, { message: 'validation.required', path: ['renewal_months'] })
  .refine((terms) => terms.agreement_type !== 'pass' || terms.platform_urls.length <= 2, {
    message: 'validation.max_length',
    path: ['platform_urls'],
  });
export type DeskAgreementTerms = z.infer<typeof deskAgreementTermsSchema>;
export type DeskAgreementTermsInput = z.input<typeof deskAgreementTermsSchema>;

/** POST /api/desk/agreements: the terms and whose it is (a company, or a person without one). */
export const deskAgreementCreateSchema = z.object({
  owner: z.union([z.object({ company_id: zod.id() }).strict(), z.object({ user_id: zod.id() }).strict()]),
  terms: deskAgreementTermsSchema,
});
export type DeskAgreementCreate = z.input<typeof deskAgreementCreateSchema>;

/** PATCH /api/desk/agreements/{id}: new terms; the agreement waits for acceptance again. */
export const deskAgreementChangeSchema = z.object({ terms: deskAgreementTermsSchema });
export type DeskAgreementChange = z.input<typeof deskAgreementChangeSchema>;

/** POST /api/desk/agreements/{id}/top_ups: items added to a balance now. */
export const deskTopUpSchema = z.object({ kind: z.enum(CONTENT_KINDS), amount: amount.refine((value) => value > 0, 'validation.range') });
export type DeskTopUp = z.input<typeof deskTopUpSchema>;

export const deskAgreementParamsSchema = z.object({ id: zod.idParam() });
