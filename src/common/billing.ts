import { z } from 'zod';
import { BILLING_KINDS } from './billing-values.ts';
import { taxValidationBodySchema } from './taxes.ts';
import { zod } from './validators.ts';

/**
 * Billing settings (spec: accounts §3 "Billing", §5): who is invoiced. One schema per payload: the
 * route parses with it, the billing form validates with it, the fetch hook types its answer with it.
 */

/** GET /api/current_user/billing_settings: what is stored, or what the profile suggests. */
export const billingSettingsSchema = z.object({
  kind: z.enum(BILLING_KINDS),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  vat_id: z.string().nullable(),
  has_no_vat: z.boolean(),
  address_1: z.string(),
  address_2: z.string(),
  zip: z.string(),
  city: z.string(),
  country_id: z.number().int().nullable(),
  region: z.string(),
  /** The country is filled: a purchase needs it (spec §8 "billing country missing"). */
  complete: z.boolean(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** The same rule as POST /api/taxes/validations: letters and digits, 2 to 16 once spaces, dots and hyphens go. */
const vatIdRule = taxValidationBodySchema.shape.vat_id;
const optionalText = (max: number) => zod.line(max).default('');

/**
 * What the billing form sends. First and last name, e-mail, address 1, zip, city and country are
 * required; a company also needs its name and either a VAT id or "No VAT ID" (which clears the id).
 * An individual's company fields are dropped.
 */
export const billingSettingsUpdateSchema = z
  .object({
    kind: z.enum(BILLING_KINDS, { error: 'validation.required' }),
    first_name: zod.requiredText(100),
    last_name: zod.requiredText(100),
    email: zod.email(),
    company_name: optionalText(200),
    // Checked below, by the VAT id rule, only when it is needed: an individual's or a "No VAT ID" company's is dropped.
    vat_id: z.string().nullish(),
    has_no_vat: z.boolean().default(false),
    address_1: zod.requiredText(200),
    address_2: optionalText(200),
    zip: zod.requiredText(20),
    city: zod.requiredText(100),
    country_id: z.number({ error: 'validation.required' }).pipe(zod.id()),
    region: optionalText(100),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'company') return;
    if (value.company_name === '') ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['company_name'] });
    if (value.has_no_vat) return;
    const vatId = vatIdRule.safeParse(value.vat_id ?? '');
    if (!vatId.success)
      ctx.addIssue({ code: 'custom', message: vatId.error.issues[0]?.message ?? 'validation.required', path: ['vat_id'] });
  })
  .transform(({ vat_id: vatId, ...value }) => {
    if (value.kind === 'individual') return { ...value, company_name: '', vat_id: null, has_no_vat: false };
    return { ...value, vat_id: value.has_no_vat ? null : vatIdRule.parse(vatId ?? '') };
  });
export type BillingSettingsInput = z.input<typeof billingSettingsUpdateSchema>;
export type BillingSettingsUpdate = z.output<typeof billingSettingsUpdateSchema>;

/** PUT /api/current_user/billing_settings {billing_settings}. */
export const billingSettingsBodySchema = z.object({ billing_settings: billingSettingsUpdateSchema });
