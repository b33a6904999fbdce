import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount, linkIn, mailTo, uniqueEmail } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { demoStoriesShortestFirst, signInThroughApi } from './support/demo.ts';
import { buyPass } from './support/pass.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The download panel tells the truth before the click (issue 28), in English and Arabic: a member
 * of a team with a pass and a monthly limit of one pool video sees what a download takes (one of
 * the pass's pool videos left, the day's downloads left, the limit used), each file's size
 * and preparing time; downloads one; on the next video every file says the limit is reached, the
 * button is disabled, and the panel says whom to ask (the master, by name and e-mail).
 */
const SHOTS = os.tmpdir();

async function poolVideos(page: Page): Promise<{ id: number; project_slug: string }[]> {
  const list = (await (
    await page.request.get('/api/content/video_projects', { params: { free_access: 'false', per_page: 48 } })
  ).json()) as { videos: { id: number; project_slug: string; free_access: boolean; limit_type: string; duration: number }[] };
  return demoStoriesShortestFirst(list.videos).filter((video) => !video.free_access && video.limit_type === 'pool');
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: a member sees what a download takes, then that the monthly limit is reached and whom to ask, before any click`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL ?? '';
    const headers = { origin };
    const master = await createAccount(request, { locale });
    await signInThroughApi(page, origin, master);
    await buyPass(page, origin);

    // A colleague joins the team from the invitation.
    const email = uniqueEmail('member');
    expect((await page.request.post('/api/current_user/company/members', { data: { email }, headers })).status()).toBe(201);
    const memberContext = await browser.newContext();
    await acceptNecessaryCookies(memberContext, origin);
    const member = await memberContext.newPage();
    const token = new URL(`http://x${linkIn(await mailTo(request, email))}`).searchParams.get('confirmation_token');
    const password = 'Team-2026-news';
    const joined = await member.request.patch(`${origin}/users/confirmation.json`, {
      headers,
      data: {
        user: {
          confirmation_token: token,
          first_name: 'Mona',
          last_name: 'Member',
          phone_number: '+49 30 1234567',
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
    expect(joined.status()).toBe(200);
    await signInThroughApi(member, origin, { email, password });
    // Joining from an invitation asks for the terms at the first page; accepted here.
    expect((await member.request.post(`${origin}/api/current_user/accept_terms_of_service`, { headers })).ok()).toBe(true);

    // The master allows one pool video a month.
    const company = (await (await page.request.get('/api/current_user/company')).json()) as { members: { id: number; email: string }[] };
    const memberId = company.members.find((candidate) => candidate.email === email)?.id;
    const limit = await page.request.post('/api/current_user/user_limits', {
      headers,
      data: { user_limit: { user_id: memberId, kind: 'pool', limit: 1 } },
    });
    expect(limit.status()).toBe(201);

    const [first, second] = await poolVideos(member);
    if (!first || !second) throw new Error('two pool videos are needed');
    const { agreements } = (await (await member.request.get('/api/current_user/agreements')).json()) as {
      agreements: { agreement_type: string; balances: { kind: string; remaining: number | null }[] }[];
    };
    const pool = agreements.find((agreement) => agreement.agreement_type === 'pass')?.balances.find((balance) => balance.kind === 'pool');
    await member.goto(`/${locale}/videos/${first.project_slug}`);
    const panel = member.getByTestId('download-panel');
    const usage = panel.getByTestId('download-usage');
    const number = (value: number) => member.evaluate(([lang, n]) => new Intl.NumberFormat(lang).format(n), [locale, value] as const);
    await expect(usage.getByTestId('usage-charge')).toHaveText(
      text('download.usage.balance', {
        remaining: await number(pool?.remaining ?? 0),
        kind: text('planDetails.kinds.pool'),
        agreement: text('planDetails.types.pass'),
      }),
    );
    const thirty = await number(30);
    await expect(usage.getByTestId('usage-daily')).toHaveText(text('download.usage.daily', { left: thirty, limit: thirty }));
    await expect(usage.getByTestId('usage-member')).toBeVisible();
    // Every offered file says its size; one not made yet says it is prepared first.
    const cell = panel.getByTestId('file-hd-mp4');
    await expect(cell.getByTestId('file-size')).toBeVisible();
    await expect(cell.getByTestId('file-size')).toHaveAttribute('data-estimated', /true|false/);
    await keepScreenshot(member, { path: path.join(SHOTS, `download-panel-usage-${locale}.png`), fullPage: true });

    // The smallest file, prepared first: the progress says the time left until it is ready.
    // Another spec of the run may have made this file already: then it downloads at once, with no progress.
    const made = (await panel.getByTestId('file-sd-mp4').getByTestId('file-size').getAttribute('data-estimated')) === 'false';
    await panel.getByTestId('file-sd-mp4').click();
    await panel.getByTestId('restrictions-agreement').click();
    const called = member.waitForResponse((response) => /\/videos\/download$/.test(new URL(response.url()).pathname));
    await panel.getByTestId('download-button').click();
    expect((await called).ok()).toBe(true);
    if (!made) {
      const progress = panel.getByTestId('download-progress');
      await expect(progress).toBeVisible();
      if ((await progress.getAttribute('data-state')) === 'preparing')
        await expect(progress.getByTestId('download-time-left')).toBeVisible();
      await expect(progress).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
    }

    // The limit is used: the next video's files are blocked before the click, and the panel says whom to ask.
    await member.goto(`/${locale}/videos/${second.project_slug}`);
    await expect(panel.getByTestId('file-hd-mp4-blocked')).toContainText(text('video.reasons.personal_quota'));
    await expect(panel.getByTestId('download-button')).toBeDisabled();
    await expect(panel.getByTestId('download-reason')).toHaveText(text('video.reasons.personal_quota'));
    const ask = panel.getByTestId('remedy-ask-master');
    await expect(ask).toContainText(text('download.remedy.ask_master', { name: 'E2E Tester' }));
    await expect(ask.getByRole('link')).toHaveAttribute('href', `mailto:${master.email}`);
    await keepScreenshot(member, { path: path.join(SHOTS, `download-panel-limit-${locale}.png`), fullPage: true });
    await memberContext.close();
  });
}
