import { z } from 'zod';
import { MAX_ID, zod } from './validators.ts';

/**
 * Requests for enterprise and regional plans, the demo form (spec: accounts §2 /plans/request-{name},
 * §3 "Enterprise request form", §4 "Plan requests and agreements", §5 "all fields required").
 */
export const PLAN_REQUEST_NAMES = ['enterprise', 'regional'] as const;
export type PlanRequestName = (typeof PLAN_REQUEST_NAMES)[number];

export const PLAN_REQUEST_STATUSES = ['processing', 'approved', 'failed_to_qualify'] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];

/** Number of employees, up to "250 and more" (spec §9). */
export const COMPANY_SIZES = ['1_10', '11_50', '51_249', '250_and_more'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];
export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  '1_10': '1–10',
  '11_50': '11–50',
  '51_249': '51–249',
  '250_and_more': '250+',
};

/** The slug of the company type that asks the user to say which. */
export const OTHER_COMPANY_TYPE = 'other';

/** A choice from a reference list (job title, company type, country): missing is "required". */
const choice = () =>
  z.number({ error: 'validation.required' }).int('validation.number').min(1, 'validation.required').max(MAX_ID, 'validation.number');

export const planRequestFormSchema = z
  .object({
    plan: z.enum(PLAN_REQUEST_NAMES, { error: 'validation.required' }),
    first_name: zod.requiredText(100),
    last_name: zod.requiredText(100),
    phone_number: zod.requiredText(40).refine((value) => /^\+?[\d\s().\-/]+$/.test(value), 'validation.phone'),
    email: zod.email(),
    job_title_id: choice(),
    company_name: zod.requiredText(200),
    company_type_id: choice(),
    /** Required when the company type is "other" (checked against the type on the server). */
    company_type_other: zod.line(200).default(''),
    company_size: z.enum(COMPANY_SIZES, { error: 'validation.required' }),
    country_id: choice(),
    privacy_accepted: z.literal(true, { error: 'validation.privacy_required' }),
    recaptcha_response: z.string().max(4000, 'validation.max_length').optional(),
  })
  .strict();
export type PlanRequestForm = z.infer<typeof planRequestFormSchema>;

/** A company type of "other" must say which (spec §5: every field required). */
export function companyTypeOtherMissing(isOther: boolean, other: string): boolean {
  return isOther && other.trim() === '';
}

/**
 * The form as the browser checks it: the schema, plus the "other" rule for the type id the
 * reference list names "other" (the server checks the same rule against the stored type).
 */
export function planRequestFormSchemaWith(otherCompanyTypeId: number | null) {
  return planRequestFormSchema.superRefine((value, ctx) => {
    if (companyTypeOtherMissing(value.company_type_id === otherCompanyTypeId, value.company_type_other))
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['company_type_other'] });
  });
}
export const planRequestBodySchema = z.object({ agreement_request: planRequestFormSchema });

export const planRequestSchema = z.object({
  id: z.number().int(),
  plan: z.enum(PLAN_REQUEST_NAMES),
  status: z.enum(PLAN_REQUEST_STATUSES),
  company_name: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  agreement_id: z.number().int().nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;
export const planRequestsResponseSchema = z.array(planRequestSchema);

/** GET /api/agreement_requests/new: the form's starting values (from the account when signed in) and its choices. */
export const newPlanRequestSchema = z.object({
  agreement_request: z.object({
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
    email: z.string(),
    company_name: z.string(),
    country_id: z.number().int().nullable(),
  }),
  company_sizes: z.array(z.object({ value: z.enum(COMPANY_SIZES), label: z.string() })),
});

/** The sales desk's queue (issue 29): each request with who asked and for what. */
export const deskPlanRequestSchema = planRequestSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  company_size: z.enum(COMPANY_SIZES),
  country_code: z.string().nullable(),
  locale: z.string(),
  /** The requester's account, when they had one. */
  user_id: z.number().int().nullable(),
});
export type DeskPlanRequest = z.infer<typeof deskPlanRequestSchema>;
export const deskPlanRequestsResponseSchema = z.object({ requests: z.array(deskPlanRequestSchema) });
export type DeskPlanRequestsResponse = z.infer<typeof deskPlanRequestsResponseSchema>;
export const deskPlanRequestsQuerySchema = z.object({ status: z.enum(PLAN_REQUEST_STATUSES).optional() });

/** The first balances of the agreement an approval makes (spec §9: valid for 2 weeks). */
const firstBalance = z.coerce
  .number({ error: 'validation.number' })
  .int('validation.number')
  .min(0, 'validation.range')
  .max(100_000, 'validation.range');
export const planRequestApprovalBodySchema = z.object({
  balances: z.object({ standard: firstBalance, pool: firstBalance, spherical: firstBalance }),
});
export type PlanRequestApprovalBody = z.input<typeof planRequestApprovalBodySchema>;
/** A rejection says why, to the requester and in the audit log. */
export const planRequestRejectionBodySchema = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(1000, 'validation.max_length'),
});
export type PlanRequestRejectionBody = z.infer<typeof planRequestRejectionBodySchema>;
