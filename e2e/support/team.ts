import { expect, type APIRequestContext } from '@playwright/test';
import { linkIn, mailTo, uniqueEmail } from './accounts.ts';

/**
 * A colleague the master invites (master: an API client signed in as the company's master) who
 * joins from the invitation's mailed token through the API (team.spec.ts joins through the page);
 * the answer is the member's address and password, to sign in with.
 */
export async function joinedMember(
  master: APIRequestContext,
  system: APIRequestContext,
  options: { locale: string; firstName?: string },
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('member');
  const invited = await master.post('/api/current_user/company/members', { data: { email } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(`http://x${linkIn(await mailTo(system, email))}`).searchParams.get('confirmation_token');
  const password = 'Team-2026-news';
  const joined = await system.patch('/users/confirmation.json', {
    data: {
      user: {
        confirmation_token: token,
        first_name: options.firstName ?? 'Mona',
        last_name: 'Member',
        phone_number: '+49 30 1234567',
        country_id: 1,
        notification_locale: options.locale,
        company_name: 'E2E Media',
        not_a_company: false,
        promo_code: '',
        password,
        password_confirmation: password,
      },
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  // Joining signed the system client in as the member: it forgets them, as createAccount does.
  await system.delete('/users/sign_out.json');
  return { email, password };
}
