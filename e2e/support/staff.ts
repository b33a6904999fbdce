import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { acceptNecessaryCookies, DEMO_PASSWORD } from './accounts.ts';
import { acceptLaterReleaseNotes } from './demo.ts';
import { rememberStaffSession, staffSession, withStaffLock } from './staff-sessions.ts';

type Mail = { to: string; text: string; created_at: string };

/** The demo's staff: the admin (every desk role), the newsroom (editor and live) and sales (the business desk). */
export type DemoStaff = 'admin' | 'newsroom' | 'sales';

/**
 * Signs the page's context in as demo staff through the API: the password, then the mailed
 * two-factor code (the sign-in popup has its own tests in admin.spec.ts). One sign-in per account
 * at a time across the run's workers, and its session shared (staff-sessions.ts); should another
 * sign-in void this one's challenge meanwhile (admin.spec.ts signs in through the popup), it
 * starts again.
 */
export async function signInAsStaff(page: Page, who: DemoStaff, baseURL: string | undefined): Promise<void> {
  const origin = baseURL ?? '';
  await acceptNecessaryCookies(page.context(), origin);
  await acceptLaterReleaseNotes(page);
  const email = `${who}@newsreel.example`;
  const kept = await staffSession(page.request, origin, email);
  if (kept) return page.context().addCookies(kept);
  await withStaffLock(origin, email, async () => {
    const made = await staffSession(page.request, origin, email);
    if (made) return page.context().addCookies(made);
    await signInStaff(page.request, email, origin);
    const session = (await page.context().storageState()).cookies.filter((cookie) => cookie.name !== 'cookie_consent');
    await rememberStaffSession(origin, email, session);
  });
}

/** The password, then the newest mailed code; a challenge voided by a later one is asked again. */
export async function signInStaff(api: APIRequestContext, email: string, origin: string): Promise<void> {
  const headers = { origin };
  let started = '';
  const challenge = async () => {
    started = new Date(Date.now() - 1000).toISOString();
    const answer = await api.post('/users/sign_in.json', { data: { user: { email, password: DEMO_PASSWORD } }, headers });
    expect(answer.status()).toBe(401); // the code is on its way
  };
  await challenge();
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
          const verified = await api.post('/api/admin/users/admins/token_verifications', { data: { token: code }, headers });
          if (verified.ok()) return true;
          // A later challenge voided this one: ask for a new code.
          if (verified.status() === 401) {
            await challenge();
            return false;
          }
        }
        return false;
      },
      // Twice no code had verified within 15 s on a machine busy with other test suites beside the browsers and ffmpeg.
      { timeout: 30_000 },
    )
    .toBe(true);
  const note = (await (await api.get('/api/system/latest_release_notes')).json()) as { id?: number } | null;
  if (note?.id) await api.post('/api/current_user/accept_release_note', { data: { id: note.id }, headers });
  await api.patch('/api/system/newsletterrs_popup_dates', { headers });
}
