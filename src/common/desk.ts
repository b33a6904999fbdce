import { z } from 'zod';
import { DESK_ROLES } from './desk-roles.ts';
import { MAX_ID, zod } from './validators.ts';

/** The desk's contracts (ARCHITECTURE "Staff side"); the roles themselves are in desk-roles.ts. */

export const deskRolesSchema = z.array(z.enum(DESK_ROLES, { error: 'validation.required' })).max(DESK_ROLES.length);

/** GET /api/desk/staff: every admin with their desk roles. */
export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  desk_roles: z.array(z.enum(DESK_ROLES)),
  last_sign_in_at: z.string().nullable(),
  deactivated: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffResponseSchema = z.object({ staff: z.array(staffMemberSchema) });

/** PUT /api/desk/staff/{id}: the roles a staff member holds from now on (an empty list ends their desk). */
export const staffRolesBodySchema = z.object({ desk_roles: deskRolesSchema.transform((roles) => [...new Set(roles)]) });

/** GET /api/desk/me: who is at the desk, and what they may open. */
export const deskMeSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  desk_roles: z.array(z.enum(DESK_ROLES)),
});
export type DeskMe = z.infer<typeof deskMeSchema>;

/** What an audit entry is about: a table's row, named by its domain's word. */
export const AUDIT_SUBJECTS = [
  'staff',
  'alert',
  'live_event',
  'plan_request',
  'transaction',
  'vacancy',
  'content_item',
  'banner',
  'support_conversation',
  'agreement',
  'customer',
  'world_exclusive_request',
  'studio_booking',
  'live_booking',
  'career_application',
  'release_note',
  'terms',
  'content_page',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  subject_type: z.enum(AUDIT_SUBJECTS),
  subject_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/desk/audit: filtered, newest first, paged by the last id seen. */
export const auditQuerySchema = z.object({
  actor_id: zod.idParam().optional(),
  action: zod.line(100).optional(),
  subject_type: z.enum(AUDIT_SUBJECTS).optional(),
  subject_id: zod.line(100).optional(),
  from: zod.calendarDate().optional(),
  to: zod.calendarDate().optional(),
  before_id: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next_before_id: z.number().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
