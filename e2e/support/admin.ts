import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, mailTo } from './accounts.ts';

/**
 * An API client signed in as the demo newsroom admin (sign-in, then the mailed two-factor code), as the
 * newsroom console will be. Unsafe calls carry the site's own Origin, as a browser's do.
 */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const started = new Date().toISOString();
  const signIn = await api.post('/users/sign_in.json', { data: { user: { email: 'newsroom@newsreel.example', password: DEMO_PASSWORD } } });
  expect(signIn.status()).toBe(401); // user_need_2FA: the code is on its way
  const code = /\b(\d{4})\b/.exec((await mailTo(api, 'newsroom@newsreel.example', started)).text)?.[1] ?? '';
  const verified = await api.post('/api/admin/users/admins/token_verifications', { data: { token: code } });
  expect(verified.ok()).toBe(true);
  return api;
}
