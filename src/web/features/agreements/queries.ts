import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../lib/session.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { agreementsApi } from './api.ts';

/** Query keys of the agreements feature; sign-out forgets all but the site and reference lists. */
export const AGREEMENT_KEYS = {
  plans: ['plans'] as const,
  agreements: ['agreements'] as const,
  planRequests: ['agreement_requests'] as const,
  newPlanRequest: ['agreement_requests', 'new'] as const,
  planningAccess: ['planning_access'] as const,
  planningSection: (id: number, locale: string) => ['planning_section', id, locale] as const,
};

/** The plan catalogue: the same for every page of the variant, so it is kept for the visit. */
export function usePlans() {
  return useQuery({ queryKey: AGREEMENT_KEYS.plans, queryFn: ({ signal }) => agreementsApi.plans(signal), staleTime: LONG_CACHE_MS });
}

export function useAgreements() {
  return useQuery({ queryKey: AGREEMENT_KEYS.agreements, queryFn: ({ signal }) => agreementsApi.agreements(signal) });
}

export function usePlanRequests() {
  return useQuery({ queryKey: AGREEMENT_KEYS.planRequests, queryFn: ({ signal }) => agreementsApi.planRequests(signal) });
}

/**
 * The sections the user may read, or a 403 when none (spec §6: the planning menu item shows only
 * when this check has no error). Asked again for another user (after sign-in or the admin check)
 * and in another language (the titles are the locale's).
 */
export function planningAccessQuery(userId: number | null, locale: string) {
  return {
    queryKey: [...AGREEMENT_KEYS.planningAccess, userId, locale] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => agreementsApi.planningAccess(signal),
    enabled: userId !== null,
  };
}

/** Whether the planning-access check answered without error (the profile menu's planning item). */
export function usePlanningAccess(userId: number | null, locale: string): boolean {
  return useQuery(planningAccessQuery(userId, locale)).isSuccess;
}

/**
 * After an agreement call succeeds: the current user is reloaded (spec §7), and with it the
 * agreements, the requests and the planning access, which an accepted agreement may change.
 */
export async function reloadAfterAgreementChange(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    client.invalidateQueries({ queryKey: AGREEMENT_KEYS.agreements }),
    client.invalidateQueries({ queryKey: AGREEMENT_KEYS.planRequests, exact: true }),
    client.invalidateQueries({ queryKey: AGREEMENT_KEYS.planningAccess }),
  ]);
}
