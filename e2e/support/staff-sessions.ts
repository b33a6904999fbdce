import type { APIRequestContext } from '@playwright/test';

type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];

/**
 * Staff sessions this worker has made, by account: a staff sign-in costs a two-factor challenge,
 * and the server allows ten an hour per admin (src/server/modules/accounts/two-factor.ts), fewer
 * than the specs that need staff. Each worker signs each account in once and hands the session to
 * the specs after, checking first that it still answers (a spec may have signed it out).
 */
const sessions = new Map<string, Cookie[]>();

export const rememberStaffSession = (email: string, cookies: Cookie[]) => sessions.set(email, cookies);

/** The remembered session's cookies when the desk still knows it, else null. */
export async function staffSession(api: APIRequestContext, email: string): Promise<Cookie[] | null> {
  const cookies = sessions.get(email);
  if (!cookies) return null;
  const me = await api.get('/api/desk/me', { headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') } });
  if (me.ok()) return cookies;
  sessions.delete(email);
  return null;
}
