import { asc, eq } from 'drizzle-orm';
import type { DeskRole } from '../../../common/desk-roles.ts';
import type { StaffMember } from '../../../common/desk.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { recordAudit, type Actor } from './audit.ts';

type StaffContext = Pick<ServiceContext, 'db' | 'clock'>;
type UserRow = typeof users.$inferSelect;

const staffView = (user: UserRow): StaffMember => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  desk_roles: user.deskRoles,
  last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
  deactivated: user.deactivatedAt !== null,
});

/** Every admin, staff or not yet: the ones whose desk roles an admin may set. */
export async function listStaff(ctx: StaffContext): Promise<StaffMember[]> {
  const rows = await ctx.db.select().from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.lastName), asc(users.id));
  return rows.map(staffView);
}

/**
 * Sets an admin's desk roles (admins only, spec-silent: docs/decisions.md). Only admins can be
 * staff, since only they sign in with a second factor; nobody takes the admin role from
 * themselves, so the desk always keeps someone who can give it back.
 */
export async function setStaffRoles(ctx: StaffContext, actor: Actor, userId: number, roles: DeskRole[]): Promise<StaffMember> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before?.isAdmin) throw new NotFound({ code: 'staff_not_found', message: 'No staff member with this id' });
    if (userId === actor.userId && before.deskRoles.includes('admin') && !roles.includes('admin'))
      throw new Invalid({ code: 'own_admin_role', field: 'desk_roles', message: 'You cannot take the admin role from yourself' });
    const [after] = await tx.update(users).set({ deskRoles: roles, updatedAt: ctx.clock.now() }).where(eq(users.id, userId)).returning();
    if (!after) throw new Error('the staff member vanished');
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.roles',
        subject: 'staff',
        subjectId: userId,
        before: { desk_roles: before.deskRoles },
        after: { desk_roles: roles },
      },
      ctx.clock.now(),
    );
    return staffView(after);
  });
}
