import { z } from 'zod';

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
