import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';
import { rememberStaffSession, staffSession } from './staff-sessions.ts';

type Mail = { to: string; text: string; created_at: string };

/**
 * An API client signed in as demo staff (sign-in, then the mailed two-factor code): the newsroom
 * (editor and live desk roles) by default, or the sales desk for the business calls. Unsafe calls carry the site's own Origin, as a browser's do. Specs running
 * at the same time may sign the same admin in: each code in the outbox since this sign-in is tried,
 * newest first, until one is this session's (a wrong one costs one of the challenge's guesses).
 */
export async function adminApi(baseURL: string, who: 'newsroom' | 'sales' = 'newsroom'): Promise<APIRequestContext> {
  const email = `${who}@newsreel.example`;
  const probe = await playwrightRequest.newContext({ baseURL });
  const cookies = await staffSession(probe, email);
  await probe.dispose();
  if (cookies)
    return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL }, storageState: { cookies, origins: [] } });
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const started = new Date().toISOString();
  const signIn = await api.post('/users/sign_in.json', { data: { user: { email, password: DEMO_PASSWORD } } });
  expect(signIn.status()).toBe(401); // user_need_2FA: the code is on its way
  const tried = new Set<string>();
  await expect
    .poll(
      async () => {
        const mails = (await (await api.get('/dev/mailbox.json')).json()) as Mail[];
        const codes = mails
          .filter((mail) => mail.to === email && mail.created_at >= started)
          .map((mail) => /\b(\d{4})\b/.exec(mail.text)?.[1] ?? '')
          .filter((code) => code !== '' && !tried.has(code));
        for (const code of codes) {
          tried.add(code);
          if ((await api.post('/api/admin/users/admins/token_verifications', { data: { token: code } })).ok()) return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  rememberStaffSession(email, (await api.storageState()).cookies);
  return api;
}
