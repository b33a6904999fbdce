import { z } from 'zod';
import { zod } from './validators.ts';

/** POST /api/taxes/validations (spec: accounts §3 "Tax validation", §7 Payments). */
export const taxValidationBodySchema = z.object({
  vat_id: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(20, 'validation.max_length')
    .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
    .refine((value) => /^[A-Z0-9]{2,16}$/.test(value), 'validation.letters_digits'),
  country_code: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.required')
    .transform((value) => value.toUpperCase()),
});
export type TaxValidationBody = z.infer<typeof taxValidationBodySchema>;

export const taxValidationSchema = z.object({
  vat_id: z.string(),
  country_code: z.string(),
  valid: z.boolean(),
  /** The registered name, when the registry gives it. */
  name: z.string().nullable(),
});
export type TaxValidation = z.infer<typeof taxValidationSchema>;

/** GET /api/payments/pass_prices ?plan,country_id,vat_id (spec: accounts §7 Payments). */
export const passPriceQuerySchema = z.object({
  plan: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(60, 'validation.max_length'),
  country_id: z.coerce
    .number({ error: 'validation.number' })
    .int('validation.number')
    .min(1, 'validation.number')
    .max(2_147_483_647, 'validation.number'),
  vat_id: zod.line(20).optional(),
});

/**
 * A price (spec §3 "Price response": price and tax, with the pure price and tax value derived by
 * src/common/price.ts). Amounts are integer cents of `currency`; `tax` is the VAT rate in percent.
 */
export const priceSchema = z.object({
  plan: z.string(),
  currency: z.enum(['EUR', 'RUB']),
  price_cents: z.number().int(),
  tax: z.number(),
  pure_price_cents: z.number().int(),
  tax_value_cents: z.number().int(),
  vat_reason: z.enum(['outside_eu', 'reverse_charge', 'standard_rate']),
});
export type Price = z.infer<typeof priceSchema>;
