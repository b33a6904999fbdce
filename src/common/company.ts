import { z } from 'zod';
import { CONTENT_KINDS } from './agreement-values.ts';
import { zod } from './validators.ts';

/**
 * Company teams (spec: accounts §3 "Company", "Company member", invitation, "User limit"; §4
 * Invitations and Members; §5 member limits; §7 Company). One contract per payload, shared by the
 * routes and the screens.
 */

/** Spec §9: a pass allows 2 member accounts besides its holder. */
export const PASS_MEMBER_LIMIT = 2;

/** A member of the company: name, e-mail, last sign-in, active or deactivated (spec §3). */
export const companyMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: z.enum(['master', 'member']),
  active: z.boolean(),
  last_login: z.string().nullable(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** A pending invitation: the address and when it was (last) sent. */
export const invitationSchema = z.object({ id: z.number().int(), email: z.string(), sent_at: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

/** A member's limit of one content kind (spec §5): `limit` null is no limit; `used` this month. */
export const userLimitSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  limit: z.number().int().nullable(),
  used: z.number().int(),
});
export type UserLimit = z.infer<typeof userLimitSchema>;

/** What the company's agreements in force have left of each kind (null: no limit on it). */
export const availableAmountsSchema = z.partialRecord(z.enum(CONTENT_KINDS), z.number().int().nullable());

/** GET /api/current_user/company: the company with its members, invitations and limits. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_id: z.number().int().nullable(),
  vat_id: z.string().nullable(),
  has_no_vat: z.boolean(),
  /** Active members (the master included), deactivated ones, and invitations not yet taken up. */
  members: z.array(companyMemberSchema),
  deactivated_members: z.array(companyMemberSchema),
  not_confirmed_members: z.array(invitationSchema),
  owners: z.array(companyMemberSchema),
  /** Member accounts the company may have besides its owners (a pass: 2); null: no limit. */
  member_accounts_limit: z.number().int().nullable(),
  user_limits: z.array(userLimitSchema),
  available: availableAmountsSchema,
});
export type Company = z.infer<typeof companySchema>;

/** PUT /api/current_user/company {company}. */
export const companyBodySchema = z.object({
  company: z.object({
    name: zod.requiredText(200),
    country_id: zod.id().nullable().optional(),
  }),
});

/** POST /api/current_user/company/members {email}: an invitation. */
export const inviteBodySchema = z.object({ email: zod.email() });

/**
 * PATCH /api/current_user/company/members/{id} {member}: activate or deactivate, edit the member's
 * details, or (for an invitation) send it again.
 */
export const memberPatchBodySchema = z.object({
  member: z
    .object({
      active: z.boolean().optional(),
      first_name: zod.requiredText(100).optional(),
      last_name: zod.requiredText(100).optional(),
      phone_number: zod.phone().optional(),
      resend_invitation: z.literal(true).optional(),
    })
    .refine((member) => Object.keys(member).length > 0, { message: 'validation.required' }),
});

const limitValue = z
  .number({ error: 'validation.number' })
  .int('validation.number')
  .min(0, 'validation.number')
  .max(1_000_000, 'validation.number')
  .nullable();

/** POST /api/current_user/user_limits {user_limit}: blank (null) means no limit. */
export const userLimitCreateBodySchema = z.object({
  user_limit: z.object({ user_id: zod.id(), kind: z.enum(CONTENT_KINDS), limit: limitValue }),
});
/** PATCH /api/current_user/user_limits/{id} {user_limit}. */
export const userLimitPatchBodySchema = z.object({ user_limit: z.object({ limit: limitValue }) });
