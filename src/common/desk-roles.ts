/**
 * Desk roles (ARCHITECTURE "Staff side"): staff are admins (a second factor at sign-in) with desk
 * roles. Editor runs content, live runs live events and alert bars, sales the business desk; admin
 * may do everything and manages the others' roles. Kept apart from the desk's contracts (desk.ts) so
 * that what every page may need (the current user's roles) carries no schema with it.
 */
export const DESK_ROLES = ['editor', 'live', 'sales', 'admin'] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

/** Whether roles held allow what `role` allows: admin allows everything. */
export function hasDeskRole(held: readonly string[], role: DeskRole): boolean {
  return held.includes('admin') || held.includes(role);
}

/** Whether someone is staff at all: an admin holding at least one desk role. */
export function isStaff(user: { admin: boolean; desk_roles: readonly string[] }): boolean {
  return user.admin && user.desk_roles.length > 0;
}
