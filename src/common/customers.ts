import { z } from 'zod';
import { agreementSchema, agreementsResponseSchema } from './agreements.ts';
import { planRequestsResponseSchema } from './plan-requests.ts';
import { zod } from './validators.ts';

/**
 * The business desk's customers (issue 29): the sales role finds people and companies and reads a
 * customer's account; one contract per payload, shared by the desk's routes and its screens.
 */

export const CUSTOMERS_PAGE_SIZE = 25;

/** GET /api/desk/customers?q&page: name, e-mail, company, VAT id or country code; empty: the newest. */
export const customersQuerySchema = z.object({
  q: z.string().trim().max(200, 'validation.max_length').default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CustomersQuery = z.input<typeof customersQuerySchema>;

/** Where an account stands: usable, not confirmed yet, locked after failed sign-ins, or deactivated. */
export const CUSTOMER_STATES = ['active', 'unconfirmed', 'locked', 'deactivated'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

export const customerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z
    .object({ id: z.number().int(), name: z.string(), vat_id: z.string().nullable(), role: z.enum(['master', 'member']) })
    .nullable(),
  country_code: z.string().nullable(),
  user_group: z.enum(['client', 'customer', 'other']),
  state: z.enum(CUSTOMER_STATES),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customersPageSchema = z.object({
  customers: z.array(customerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

/** GET /api/desk/customers/{id}: the account as the desk reads it. */
export const customerDetailSchema = customerSummarySchema.extend({
  phone_number: z.string(),
  company_name: z.string(),
  locked_until: z.string().nullable(),
  members: z.array(
    customerSummarySchema.pick({ id: true, name: true, email: true, state: true }).extend({ role: z.enum(['master', 'member']) }),
  ),
  agreements: z.array(agreementSchema),
  downloads: z.object({
    total: z.number().int(),
    recent: z.array(
      z.object({
        id: z.number().int(),
        video_project_id: z.number().int(),
        title: z.string(),
        quality: z.string(),
        format: z.string(),
        state: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      status: z.string(),
      provider: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  lists_count: z.number().int(),
  sign_ins: z.array(z.object({ at: z.string(), last_seen_at: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable() })),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** What the desk may do to an account; each is written to the audit log. */
export const CUSTOMER_ACTIONS = ['deactivate', 'activate', 'unlock', 'resend_confirmation'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];
export const customerActionParamsSchema = z.object({ id: zod.idParam(), action: z.enum(CUSTOMER_ACTIONS) });

/** GET /api/desk/customers/{id}/plan_details: what the customer's own plan details page shows them. */
export const customerPlanDetailsSchema = z.object({ agreements: agreementsResponseSchema, plan_requests: planRequestsResponseSchema });
export type CustomerPlanDetails = z.infer<typeof customerPlanDetailsSchema>;
