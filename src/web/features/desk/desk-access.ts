import { DESK_ROUTES, type DeskRouteName } from '../../../common/desk-routes.ts';
import { hasDeskRole, type DeskRole } from '../../../common/desk-roles.ts';

/** Whether staff holding `roles` may open a desk screen: the rule the server's 404 and 403 follow. */
export function opens(roles: readonly DeskRole[], name: DeskRouteName): boolean {
  const role: DeskRole | null = DESK_ROUTES[name].role;
  return role === null || hasDeskRole(roles, role);
}
