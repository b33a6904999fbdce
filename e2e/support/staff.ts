import { expect, type Page } from '@playwright/test';
import { acceptNecessaryCookies, DEMO_PASSWORD } from './accounts.ts';
import { rememberStaffSession, staffSession } from './staff-sessions.ts';

type Mail = { to: string; text: string; created_at: string };

/** The demo's staff: the admin (every desk role), the newsroom (editor and live) and sales (the business desk). */
export type DemoStaff = 'admin' | 'newsroom' | 'sales';

/**
 * Signs the page's context in as demo staff through the API: the password, then the mailed
 * two-factor code (the sign-in popup has its own tests in admin.spec.ts). Specs running at the same
 * time may sign the same admin in: each code in the outbox since this sign-in is tried, newest
 * first, until one is this session's.
 */
export async function signInAsStaff(page: Page, who: DemoStaff, baseURL: string | undefined): Promise<void> {
  const origin = baseURL ?? '';
  await acceptNecessaryCookies(page.context(), origin);
  const email = `${who}@newsreel.example`;
  const headers = { origin };
  const cookies = await staffSession(page.request, email);
  if (cookies) {
    await page.context().addCookies(cookies);
    return;
  }
  const started = new Date(Date.now() - 1000).toISOString();
  const signIn = await page.request.post('/users/sign_in.json', { data: { user: { email, password: DEMO_PASSWORD } }, headers });
  expect(signIn.status()).toBe(401); // the code is on its way
  const tried = new Set<string>();
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as Mail[];
        const codes = mails
          .filter((mail) => mail.to === email && mail.created_at >= started)
          .map((mail) => /\b(\d{4})\b/.exec(mail.text)?.[1] ?? '')
          .filter((code) => code !== '' && !tried.has(code));
        for (const code of codes) {
          tried.add(code);
          const verified = await page.request.post('/api/admin/users/admins/token_verifications', { data: { token: code }, headers });
          if (verified.ok()) return true;
        }
        return false;
      },
      // Twice no code had verified within 15 s on a machine busy with other test suites beside the browsers and ffmpeg.
      { timeout: 30_000 },
    )
    .toBe(true);
  const note = (await (await page.request.get('/api/system/latest_release_notes')).json()) as { id?: number } | null;
  if (note?.id) await page.request.post('/api/current_user/accept_release_note', { data: { id: note.id }, headers });
  await page.request.patch('/api/system/newsletterrs_popup_dates', { headers });
  const session = (await page.context().storageState()).cookies.filter((cookie) => cookie.name !== 'cookie_consent');
  rememberStaffSession(email, session);
}
