import { useQuery } from '@tanstack/react-query';
import type { currentUserRolesSchema } from '../../../common/accounts.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';
import { useSignedInUserId } from '../../lib/session.ts';

type CurrentUserRoles = Answer<typeof currentUserRolesSchema>;

/**
 * What the signed-in user may do beyond the spec's current-user fields (GET
 * /api/current_user/roles): staff see the desk in their menu, and the planning check is asked only
 * of a user it will answer. Asked for a signed-in user only, never on a visitor's page.
 */
export function useCurrentUserRoles() {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: ['current_user', 'roles', userId] as const,
    queryFn: ({ signal }) => api.get<CurrentUserRoles>('/api/current_user/roles', { signal }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}
