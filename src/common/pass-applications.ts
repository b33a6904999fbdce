import { z } from 'zod';
import { AGREEMENT_STATUSES, CURRENCIES } from './agreement-values.ts';
import { TRANSACTION_STATUSES } from './payment-values.ts';
import { zod } from './validators.ts';

/**
 * The sales desk's pass applications (docs/decisions.md "Applying for a pass (issue 25)"): an
 * account's first pass is paid, then verified (spec accounts §4 "processing ... approved or failed
 * to qualify"); the desk approves it or declines it with a reason, which refunds the payment.
 */

/** What the reason of a decline may hold: a sentence or two for the desk's record. */
export const DECLINE_REASON_MAX = 500;

export const passApplicationSchema = z.object({
  /** The pass agreement's id. */
  id: z.number().int(),
  status: z.enum(AGREEMENT_STATUSES),
  applied_at: z.string(),
  applicant: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  company_name: z.string().nullable(),
  project_name: z.string().nullable(),
  platform_urls: z.array(z.string()),
  transaction_id: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  /** The payment: succeeded while it stands, refunded once a decline paid it back. */
  payment_status: z.enum(TRANSACTION_STATUSES).nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decline_reason: z.string().nullable(),
});
export type PassApplication = z.infer<typeof passApplicationSchema>;

/** GET /api/desk/pass_applications: waiting ones first (oldest first), then the decided, newest first. */
export const passApplicationsResponseSchema = z.object({ applications: z.array(passApplicationSchema) });
export type PassApplicationsResponse = z.infer<typeof passApplicationsResponseSchema>;

/** POST /api/desk/pass_applications/{id}/declines. */
export const passApplicationDeclineBodySchema = z.object({ reason: zod.requiredText(DECLINE_REASON_MAX) });
export type PassApplicationDeclineBody = z.infer<typeof passApplicationDeclineBodySchema>;
