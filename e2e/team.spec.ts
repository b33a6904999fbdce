import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies, createAccount, DEMO_PASSWORD, linkIn, mailTo, signInOnPage, uniqueEmail } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { buyPass } from './support/pass.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Company teams (issue: company teams; spec: accounts §2 Members, member detail, User limits; §4
 * Invitations and Members; §5; §8), in English and Arabic. A new newsroom buys the pass (2 member
 * accounts, 10 pool items a month), invites a colleague who joins through the e-mailed link, is
 * refused a third account, sets a pool limit above what the pass has (refused with the spec's
 * message) then a valid one, and deactivates the member, who can no longer sign in.
 */
const SHOTS = path.join(process.cwd(), 'test-results', 'screens');

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the master invites a colleague who joins from the e-mail, sets a pool limit and deactivates the member`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? '';
    const master = await createAccount(request, { locale });
    await signInThroughApi(page, origin, master);
    await buyPass(page, origin);

    // The profile menu leads to the members page.
    await page.goto(`/${locale}`);
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-members').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/members$`));
    await expect(page.getByRole('heading', { level: 1, name: text('profileMenu.members') })).toBeVisible();
    await expect(page.getByTestId('member-accounts')).toHaveText(
      text(`team.accounts_${new Intl.PluralRules(locale).select(2)}`, { count: 2, used: 0 }),
    );

    // A wrong address is refused on its field; then two invitations go out.
    const invite = async (email: string) => {
      await page.getByTestId('invite-email').fill(email);
      await page.getByTestId('invite-send').click();
    };
    await invite('not-an-address');
    await expect(page.getByTestId('invite-form').locator('.field__error')).toHaveText(text('validation.email'));
    const colleague = uniqueEmail('colleague');
    const second = uniqueEmail('second');
    await invite(colleague);
    await expect(page.getByTestId('notification')).toContainText(text('alert.flash.invitation_send'));
    await expect(page.getByTestId('invitation')).toHaveCount(1);
    await invite(second);
    await expect(page.getByTestId('invitation')).toHaveCount(2);
    await expect(page.getByTestId('invitation').filter({ hasText: colleague })).toBeVisible();

    // A third account is beyond the pass: the limit alert, and nothing sent.
    await invite(uniqueEmail('third'));
    await expect(page.getByTestId('member-limit-alert')).toHaveText(
      text(`team.limitAlert_${new Intl.PluralRules(locale).select(2)}`, { count: 2 }),
    );
    await expect(page.getByTestId('invitation')).toHaveCount(2);
    await keepScreenshot(page, { path: path.join(SHOTS, `team-members-${locale}.png`), fullPage: true });

    // The second invitation is withdrawn.
    await page.getByTestId('invitation').filter({ hasText: second }).getByTestId('invitation-remove').click();
    await expect(page.getByTestId('invitation')).toHaveCount(1);

    // The colleague joins through the e-mailed link, in their own browser.
    const joiner = await browser.newContext();
    await acceptNecessaryCookies(joiner, origin);
    const colleaguePage = await joiner.newPage();
    await colleaguePage.goto(`${origin}${linkIn(await mailTo(request, colleague))}`);
    await expect(colleaguePage).toHaveURL(new RegExp(`/${locale}/join-team\\?confirmation_token=`));
    const form = colleaguePage.getByTestId('final-step-form');
    await expect(colleaguePage.getByTestId('final-step-page')).toContainText(colleague);
    await form.getByLabel(text('accounts.fields.firstName')).fill('Ina');
    await form.getByLabel(text('accounts.fields.lastName')).fill('Invited');
    await form.locator('input[type=tel]').fill('+49 30 1234567');
    await form.locator('select').first().selectOption({ index: 5 });
    await form.getByLabel(text('accounts.fields.company')).fill('E2E Media');
    const passwords = form.locator('input[type=password]');
    await passwords.nth(0).fill('Team-2026-news');
    await passwords.nth(1).fill('Team-2026-news');
    await colleaguePage.getByTestId('final-step-submit').click();
    await expect(colleaguePage).toHaveURL(new RegExp(`/${locale}$`));

    await page.reload();
    const row = page.getByTestId('members').getByTestId('member').filter({ hasText: colleague });
    await expect(row).toContainText('Ina Invited');
    // Joining signed the colleague in: that is their last sign-in.
    await expect(row).not.toContainText(text('team.never'));
    await expect(page.getByTestId('invitation')).toHaveCount(0);

    // User limits, from the menu: above what the pass has is refused with the spec's message; 5 is kept.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-user-limits').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/user-limits$`));
    const pool = page.getByTestId('limits-row').filter({ hasText: 'Ina Invited' }).locator('[data-kind="pool"]');
    await pool.getByTestId('limit-input').fill('11');
    await pool.getByTestId('limit-save').click();
    await expect(pool.getByTestId('limit-error')).toHaveText(text('errors.limit_exceeds_available'));
    await keepScreenshot(page, { path: path.join(SHOTS, `team-limits-${locale}.png`), fullPage: true });
    await pool.getByTestId('limit-input').fill('5');
    await pool.getByTestId('limit-save').click();
    await expect(pool.getByTestId('limit-saved')).toBeVisible();
    await page.reload();
    await expect(
      page.getByTestId('limits-row').filter({ hasText: 'Ina Invited' }).locator('[data-kind="pool"]').getByTestId('limit-input'),
    ).toHaveValue('5');

    // The member's page: deactivation signs the colleague out at once, and sign-in is refused.
    await page.getByRole('link', { name: 'Ina Invited' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ina Invited' })).toBeVisible();
    await expect(page.getByTestId('member-limits').locator('[data-kind="pool"]').getByTestId('limit-input')).toHaveValue('5');
    await keepScreenshot(page, { path: path.join(SHOTS, `team-member-${locale}.png`), fullPage: true });
    await page.getByTestId('member-deactivate').click();
    await page.getByTestId('member-confirm-ok').click();
    await expect(page.getByTestId('member-status')).toHaveText(text('team.deactivatedBadge'));

    expect((await colleaguePage.request.get('/api/current_user')).status()).toBe(401);
    await colleaguePage.goto(`/${locale}/signin`);
    await signInOnPage(colleaguePage, colleague, 'Team-2026-news');
    await expect(colleaguePage).toHaveURL(new RegExp(`/${locale}/signin-deactivated`));
    await joiner.close();

    await page.getByTestId('member-activate').click();
    await expect(page.getByTestId('member-status')).toHaveText(text('team.active'));
    await page.goto(`/${locale}/user/members`);
    await expect(page.getByTestId('members').getByTestId('member').filter({ hasText: colleague })).toBeVisible();
  });
}

test('a member who is not the master is told only the master runs the team', async ({ page, baseURL }) => {
  await signInThroughApi(page, baseURL, { email: 'member@newsreel.example', password: DEMO_PASSWORD });
  await page.goto('/en/user/members');
  await expect(page.getByTestId('team-not-master')).toContainText(catalogueText('en', 'team.notMaster'));
  await page.goto('/en/user/members/999999');
  await expect(page.getByTestId('team-not-master')).toBeVisible();
});
