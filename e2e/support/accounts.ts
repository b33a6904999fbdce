import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Newsreel2026';
type Mail = { to: string; subject: string; text: string; html: string; created_at: string };

/** The newest e-mail to an address in the embedded outbox, waiting for it to arrive. */
export async function mailTo(request: APIRequestContext, email: string, after?: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        found = mails.find((mail) => mail.to === email && (!after || mail.created_at > after));
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${email}`);
  return found;
}

export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return new URL(link).pathname + new URL(link).search;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@e2e.example`;
}

/**
 * A client address of its own for each account made: the browser tests make more accounts than
 * one address may sign up in an hour (20), and the e2e server trusts X-Forwarded-For
 * (playwright.config.ts), as behind a proxy each newsroom has its own address.
 */
const clientAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** A confirmed account made through the API (sign-up, then the final step with the mailed token). */
export async function createAccount(
  request: APIRequestContext,
  options: { locale?: string; password?: string; newsletter?: boolean } = {},
) {
  const email = uniqueEmail('user');
  const password = options.password ?? 'E2e-pass-2026';
  const locale = options.locale ?? 'en';
  expect(
    (
      await request.post(`/users?locale=${locale}`, {
        data: { user: { email, agreeTerms: true, newsletter_notify: options.newsletter ?? true } },
        headers: { 'x-forwarded-for': clientAddress() },
      })
    ).status(),
  ).toBe(201);
  const token = new URL(`http://x${linkIn(await mailTo(request, email))}`).searchParams.get('confirmation_token');
  const confirmed = await request.patch('/users/confirmation.json', {
    data: {
      user: {
        confirmation_token: token,
        first_name: 'E2E',
        last_name: 'Tester',
        phone_number: '+44 20 7946 0000',
        country_id: 1,
        notification_locale: locale,
        company_name: 'E2E Media',
        not_a_company: false,
        promo_code: '',
        password,
        password_confirmation: password,
      },
    },
  });
  expect(confirmed.status()).toBe(200);
  // The API context is now signed in; forget it so the browser signs in by itself.
  await request.delete('/users/sign_out.json');
  return { email, password };
}

/** Stores a cookie choice so the banner does not cover what the test clicks. */
export async function acceptNecessaryCookies(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary:1,performance:0,functional:0,marketing:0', url: baseURL }]);
}

export async function signInOnPage(page: Page, email: string, password: string) {
  const form = page.getByTestId('sign-in-form');
  await form.locator('input[type=email]').fill(email);
  await form.locator('input[type=password]').fill(password);
  await page.getByTestId('sign-in-submit').click();
}

/** New accounts see the latest release note first; accept it when a journey is about something else. */
export async function acceptReleaseNoteIfShown(page: Page) {
  const dialog = page.getByTestId('release-notes-dialog');
  const accept = page.getByTestId('release-notes-accept');
  // It appears once the user and the latest note have loaded: give it a moment rather than a glance.
  await dialog.waitFor({ state: 'visible', timeout: 5000 }).catch(() => undefined);
  // On a busy machine it can open later than that: whenever it is up, it is accepted, until it is gone.
  await expect(async () => {
    if (await dialog.isVisible()) await accept.click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // A prompt can also open once the page is idle (visit-prompt.ts): from now on any that covers the
  // page is answered before the test's next step.
  await page.addLocatorHandler(dialog, () => accept.click());
  await page.addLocatorHandler(page.getByTestId('newsletter-popup'), () => page.keyboard.press('Escape'));
}
