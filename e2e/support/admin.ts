import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { signInStaff } from './staff.ts';
import { rememberStaffSession, staffSession, withStaffLock } from './staff-sessions.ts';

/**
 * An API client signed in as demo staff (sign-in, then the mailed two-factor code): the newsroom
 * (editor and live desk roles) by default, or the sales desk for the business calls. Unsafe calls
 * carry the site's own Origin, as a browser's do. The session is the run's shared one
 * (staff-sessions.ts) when it still answers.
 */
export async function adminApi(baseURL: string, who: 'newsroom' | 'sales' = 'newsroom'): Promise<APIRequestContext> {
  const email = `${who}@newsreel.example`;
  const signedIn = (cookies: Awaited<ReturnType<typeof staffSession>> & object) =>
    playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL }, storageState: { cookies, origins: [] } });
  const probe = await playwrightRequest.newContext({ baseURL });
  try {
    const kept = await staffSession(probe, baseURL, email);
    if (kept) return await signedIn(kept);
    return await withStaffLock(baseURL, email, async () => {
      const made = await staffSession(probe, baseURL, email);
      if (made) return signedIn(made);
      const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
      await signInStaff(api, email, baseURL);
      await rememberStaffSession(baseURL, email, (await api.storageState()).cookies);
      return api;
    });
  } finally {
    await probe.dispose();
  }
}
