import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { LINKS } from '../../common/routes.ts';

/** The query the accounts feature keeps loaded for the whole app (spec: accounts §4 "Session"). */
export const CURRENT_USER_KEY = ['current_user'] as const;

/**
 * Whether someone is signed in, for features that must not reach into accounts (STYLE: features do
 * not reach into each other). It only reads the cached user; the accounts feature owns the query
 * that fills it, so there is one query function and one place that decides who is signed in.
 */
export function useSignedIn(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(subscribe, () => Boolean(client.getQueryData(CURRENT_USER_KEY)));
}

/** The signed-in user's id from the same cache (null for a visitor), for queries that belong to one user. */
export function useSignedInUserId(): number | null {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(subscribe, () => client.getQueryData<{ id: number } | null>(CURRENT_USER_KEY)?.id ?? null);
}

/**
 * The sign-in page that comes back to `from` (a path with its locale and query) afterwards; the
 * sign-in page only follows paths on this site.
 */
export function signInHref(locale: string, from: string): string {
  return `/${locale}${LINKS.signin}?redirect=${encodeURIComponent(from)}`;
}
