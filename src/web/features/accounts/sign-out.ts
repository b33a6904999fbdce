import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../lib/session.ts';
import { accountsApi } from './api.ts';

/** After sign-out: forget what belonged to the user, keep the site and reference data, reload the user. */
async function forgetUser(client: QueryClient) {
  client.setQueryData(CURRENT_USER_KEY, null);
  const keep = new Set(['site', 'reference', CURRENT_USER_KEY[0]]);
  client.removeQueries({ predicate: (query) => !keep.has(String(query.queryKey[0])) });
  await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/** Sign-out clears the session, forgets what belonged to the user, then reloads the user. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => accountsApi.signOut(), onSettled: () => forgetUser(client) });
}

/** The same from the header's profile menu, which needs no pending state. */
export async function signOut(client: QueryClient): Promise<void> {
  try {
    await accountsApi.signOut();
  } finally {
    await forgetUser(client);
  }
}
