import { z } from 'zod';
import { AGREEMENT_TYPES } from './agreements.ts';
import { LOCALES } from './locales.ts';
import { DESK_ROLES } from './desk-roles.ts';
import { MAX_ID, PASSWORD_MAX_LENGTH, zod } from './validators.ts';

/**
 * Account contracts (spec: accounts-plans-payments §3, §5, §7). One schema per payload: the route
 * parses with it, the form validates with it, the fetch hook types its answer with it.
 */

export const USER_GROUPS = ['client', 'customer', 'other'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];
export const ADMIN_GROUPS = ['client_supervisor'] as const;

/** Spec §3 "Current user": exactly these fields. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  country_id: z.number().int().nullable(),
  company: z.object({ country_id: z.number().int().nullable(), vat_id: z.string().nullable(), has_no_vat: z.boolean() }).nullable(),
  time_zone: z.string().nullable(),
  user_group: z.enum(USER_GROUPS),
  admin_group: z.enum(ADMIN_GROUPS).nullable(),
  members_count: z.number().int(),
  only_one_off: z.boolean(),
  terms_accepted: z.boolean(),
  /** Accepted release notes: note id → when it was accepted. */
  accepted_release_notes: z.record(z.string(), z.string()),
  agreement_types: z.array(z.enum(AGREEMENT_TYPES)),
  /** A company agreement in force has a limited balance, so member limits can be set (spec §6 menus). */
  has_limit_agreements: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * GET /api/current_user/roles: what the current user's page behaviour depends on beyond the spec's
 * current-user fields (which are exactly those above): an admin copies text without the copy notice,
 * staff (admins with desk roles, src/common/desk.ts) have the desk in their menu, and `planning`
 * says whether the planning-access check would answer without error, so a user without planning is
 * not made to ask it for the 403 that hides the menu item (spec §6; issue 28).
 */
export const currentUserRolesSchema = z.object({
  admin: z.boolean(),
  desk_roles: z.array(z.enum(DESK_ROLES)),
  planning: z.boolean(),
  /** Runs the company's integration (API keys, webhooks): its master, or a user without a company (issue 30). */
  integrations: z.boolean(),
});

const password = zod.password;
const loginPassword = () => z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024, 'validation.max_length');
const token = () => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200, 'validation.max_length');

type PasswordPair = { password: string; password_confirmation: string };
const passwordFields = () => ({ password: password(), password_confirmation: z.string({ error: 'validation.required' }) });

/** The confirmation must be given and equal the password (spec §5). */
function checkPasswordConfirmation(value: PasswordPair, ctx: z.RefinementCtx) {
  if (value.password_confirmation === '') ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['password_confirmation'] });
  else if (value.password !== value.password_confirmation)
    ctx.addIssue({ code: 'custom', message: 'validation.confirm', path: ['password_confirmation'] });
}

/** A company name unless the user said they are not a company. */
function checkCompanyName(value: { company_name: string; not_a_company: boolean }, ctx: z.RefinementCtx) {
  if (!value.not_a_company && value.company_name === '')
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['company_name'] });
}

export const signInSchema = z.object({ email: zod.email(), password: loginPassword() });
export const signInBodySchema = z.object({ user: signInSchema });

export const twoFactorSchema = z.object({
  token: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(4, 'validation.max_length'),
});
export const TWO_FACTOR_TOKEN_LENGTH = 4;

/** Sign-up (spec §3 "Sign-up payload"): the terms box is required. */
export const signUpSchema = z.object({
  email: zod.email(),
  newsletter_notify: z.boolean().default(true),
  is_landing_user: z.boolean().default(false),
  external_landing_id: zod.line(100).nullish(),
  profile_locale: z.enum(LOCALES).optional(),
  agreeTerms: z.literal(true, { error: 'validation.terms_required' }),
});
export const signUpBodySchema = z.object({ user: signUpSchema });
export const signUpResponseSchema = z.object({ id: z.number().int(), email: z.string() });

/** Confirmation profile (spec §3), set on the join-team / final-step page. */
const confirmationProfileShape = {
  first_name: zod.requiredText(100),
  last_name: zod.requiredText(100),
  phone_number: zod.requiredText(40).refine((v) => zod.phone().safeParse(v).success, 'validation.phone'),
  country_id: z.number({ error: 'validation.required' }).int().positive('validation.required').max(MAX_ID, 'validation.number'),
  notification_locale: z.enum(LOCALES, { error: 'validation.required' }),
  company_name: zod.line(200).default(''),
  not_a_company: z.boolean().default(false),
  promo_code: zod.line(50).default(''),
};
export const confirmationProfileSchema = z
  .object({ ...confirmationProfileShape, ...passwordFields() })
  .superRefine(checkPasswordConfirmation)
  .superRefine(checkCompanyName);
export const confirmationBodySchema = z.object({
  user: z
    .object({ ...confirmationProfileShape, ...passwordFields(), confirmation_token: token() })
    .superRefine(checkPasswordConfirmation)
    .superRefine(checkCompanyName),
});

export const confirmationTokenQuerySchema = z.object({ confirmation_token: token() });
export const confirmationTokenStatusSchema = z.object({ email: z.string(), confirmed: z.boolean() });
export const unconfirmedQuerySchema = z.object({ token: token() });
export const unconfirmedUserSchema = z.object({ id: z.number().int(), email: z.string() });

export const emailBodySchema = z.object({ email: zod.email() });
export const checkEmailQuerySchema = z.object({ email: zod.email() });
export const checkEmailResponseSchema = z.object({ email: z.string(), available: z.boolean() });

/** A new password and its confirmation, as the new-password form asks for them. */
export const passwordPairSchema = z.object(passwordFields()).superRefine(checkPasswordConfirmation);
export const newPasswordSchema = z.object({ reset_password_token: token(), ...passwordFields() }).superRefine(checkPasswordConfirmation);
export const newPasswordBodySchema = z.object({ user: newPasswordSchema });
export const unlockBodySchema = z.object({ unlock_token: token() });

/**
 * The account-transfer code (spec accounts §5, §9 "Email code length 6"): six symbols of an
 * alphabet without the look-alikes 0/O and 1/I. Typed in any case and with spaces, it is read
 * upper-case without them, in the form and on the server alike.
 */
export const ACCOUNT_TRANSFER_CODE_LENGTH = 6;
export const ACCOUNT_TRANSFER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function normalizeTransferCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}
const TRANSFER_CODE = new RegExp(`^[A-Z0-9]{${ACCOUNT_TRANSFER_CODE_LENGTH}}$`);
const transferCode = () =>
  z
    .string({ error: 'validation.required' })
    .superRefine((value, ctx) => {
      const code = normalizeTransferCode(value);
      if (code === '') ctx.addIssue({ code: 'custom', message: 'validation.required' });
      else if (!TRANSFER_CODE.test(code)) ctx.addIssue({ code: 'custom', message: 'validation.code_symbols' });
    })
    .transform(normalizeTransferCode);

/** POST /api/users/account_transfers: mails a code to an account moved over without its password. */
export const accountTransferRequestSchema = z.object({ email: zod.email() });
/** PATCH /api/users/account_transfers: the mailed code and the account's first password on this platform. */
export const accountTransferSchema = z
  .object({ email: zod.email(), code: transferCode(), ...passwordFields() })
  .superRefine(checkPasswordConfirmation);
export type AccountTransferInput = z.input<typeof accountTransferSchema>;

/** An acknowledgement with a human-readable note, for calls that answer the same whatever happened. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** Profile (spec §3 "Profile"): what the profile page shows and edits. */
export const profileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  country_id: z.number().int().nullable(),
  company_name: z.string(),
  tvu_email: z.string(),
  notification_locale: z.enum(LOCALES),
  time_zone: z.string().nullable(),
  live_event_notifications: z.boolean(),
  video_branding_notifications: z.boolean(),
  newsletter: z.boolean(),
  newsletter_popup_shown_at: z.string().nullable(),
  ftp: z.object({ server: z.string(), username: z.string(), password_set: z.boolean() }),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'validation.max_length')
  .refine((v) => v === '' || zod.email().safeParse(v).success, 'validation.email')
  .transform((v) => v.toLowerCase());

/** PATCH /api/current_user {user}: every field optional; company VAT through company_attributes. */
export const profileUpdateSchema = z.object({
  first_name: zod.requiredText(100).optional(),
  last_name: zod.requiredText(100).optional(),
  phone_number: z
    .string()
    .trim()
    .max(40, 'validation.max_length')
    .refine((v) => v === '' || zod.phone().safeParse(v).success, 'validation.phone')
    .optional(),
  country_id: zod.id().nullable().optional(),
  company_name: zod.line(200).optional(),
  tvu_email: optionalEmail.optional(),
  notification_locale: z.enum(LOCALES).optional(),
  time_zone: z.string().max(64).nullable().optional(),
  live_event_notifications: z.boolean().optional(),
  video_branding_notifications: z.boolean().optional(),
  newsletter: z.boolean().optional(),
  ftp_server: zod.line(255).optional(),
  ftp_username: zod.line(255).optional(),
  ftp_password: z.string().max(255, 'validation.max_length').optional(),
  company_attributes: z
    .object({
      vat_id: zod.line(32).nullable().optional(),
      has_no_vat: z.boolean().optional(),
    })
    .optional(),
});
export const profileUpdateBodySchema = z.object({ user: profileUpdateSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Changing the password from the profile needs the current one (spec §8 "current password invalid"). */
export const passwordChangeSchema = z
  .object({ current_password: loginPassword(), ...passwordFields() })
  .superRefine(checkPasswordConfirmation);
export const passwordChangeBodySchema = z.object({ user: passwordChangeSchema });

export const acceptReleaseNoteBodySchema = z.object({ id: zod.id() });

/** Spec §3 "Release note": id, published, title_{locale}, text_{locale}. */
export const releaseNoteSchema = z.object({
  id: z.number().int(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  title_en: z.string(),
  title_es: z.string(),
  title_ru: z.string(),
  title_ar: z.string(),
  text_en: z.string(),
  text_es: z.string(),
  text_ru: z.string(),
  text_ar: z.string(),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;
export const latestReleaseNoteResponseSchema = releaseNoteSchema.nullable();

/** Spec §3 "ToS info": popup_content, content (HTML, sanitised on the server). */
export const termsOfServiceSchema = z.object({ version: z.number().int(), popup_content: z.string(), content: z.string() });
export const termsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

export const newsletterPopupResponseSchema = z.object({ newsletter_popup_shown_at: z.string() });
export const recaptchaBodySchema = z.object({ recaptcha_response: z.string().min(1, 'validation.required').max(4000) });
export const recaptchaResponseSchema = z.object({ success: z.boolean(), skipped: z.boolean() });

/** Limits from the spec and our security choices (issue #3). */
export const ACCOUNT_LIMITS = {
  passwordMaxLength: PASSWORD_MAX_LENGTH,
  failedSignInsBeforeLock: 10,
  lockMinutes: 60,
  failedSignInsPerAddressPerHour: 100,
  resetTokenMinutes: 60,
  confirmationTokenDays: 3,
  twoFactorMinutes: 10,
  twoFactorAttempts: 5,
  transferCodeMinutes: 15,
  transferCodeAttempts: 5,
  sessionIdleDays: 14,
  sessionMaxDays: 30,
} as const;

/** Spec §5: sign-up server errors are listed as field name (capitalised, underscores as spaces) then message. */
export function fieldErrorText(field: string | undefined, message: string): string {
  if (!field) return message;
  const name = field.split('.').pop() ?? field;
  const words = name.replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${message}`;
}
