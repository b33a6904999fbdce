import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInAsDemo } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Plan details, planning and agreement actions for each demo account (issue: "Screens", "Tests":
 * each demo account's plan-details page; the master accepts the pending agreement; the subscriber
 * sees pool videos as downloadable), in English and Arabic.
 */
// The journeys change the demo accounts' agreements (renewal, acceptance): one after another.
test.describe.configure({ mode: 'serial' });

type Choice = { id: number; slug: string };
type PlanRequest = { id: number; status: string; agreement_id: number | null };
const SPEC_MESSAGE = 'You company has unaccepted agreement. Please, contact your Master account to approve it.';

let admin: APIRequestContext | undefined;
test.afterAll(async () => {
  await admin?.dispose();
});
// Plan requests are the sales desk's.
const asAdmin = async (baseURL: string | undefined) => (admin ??= await adminApi(baseURL ?? '', 'sales'));

/** A request made through the API by whoever the page is signed in as (its own tests drive the form). */
async function requestPlan(
  page: Page,
  baseURL: string | undefined,
  plan: 'enterprise' | 'regional',
  company: string,
): Promise<PlanRequest> {
  const first = async (path: string) => ((await (await page.request.get(path)).json()) as Choice[]).find((c) => c.slug !== 'other');
  const [title, type, country] = [await first('/api/job_titles'), await first('/api/company_types'), await first('/api/countries.json')];
  const response = await page.request.post('/api/current_user/agreement_requests', {
    headers: { origin: baseURL ?? '' },
    data: {
      agreement_request: {
        plan,
        first_name: 'Test',
        last_name: 'Requester',
        phone_number: '+49 221 555 0100',
        email: `${company.toLowerCase().replace(/\W+/g, '-')}@e2e.example`,
        job_title_id: title?.id,
        company_name: company,
        company_type_id: type?.id,
        company_size: '51_249',
        country_id: country?.id,
        privacy_accepted: true,
      },
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as PlanRequest;
}

const currentUserReload = (page: Page) =>
  page.waitForResponse((response) => /\/api\/current_user\?/.test(response.url()) && response.request().method() === 'GET');

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test.describe(`plan details (${locale})`, () => {
    test('the subscriber: an active pass, pool 7 of 10 left, no limit on standard videos; auto-renewal off and on again', async ({
      page,
      baseURL,
    }) => {
      await signInAsDemo(page, 'subscriber', baseURL);
      await page.goto(`/${locale}/user/plan-details`);
      await expect(page).toHaveTitle(`${text('titles.userPlanDetails')} · Newsreel`);
      const pass = page.locator('[data-testid^="agreement-"][data-type="pass"]');
      await expect(pass).toHaveCount(1);
      await expect(pass).toHaveAttribute('data-status', 'active');
      await expect(pass.getByTestId('agreement-status')).toHaveText(text('planDetails.statuses.active'));
      await expect(pass.getByTestId('right-branded')).toContainText(text('planDetails.included'));
      await expect(pass.getByTestId('right-live')).toContainText(text('planDetails.notIncluded'));
      await expect(pass.getByTestId('balance-standard')).toContainText(text('planDetails.balance.noLimit'));
      const pool = pass.getByTestId('balance-pool');
      await expect(pool.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '7');
      await expect(pool.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '10');
      await expect(pool.getByTestId('balance-amount')).toHaveText(text('planDetails.balance.left', { remaining: 7, total: 10 }));
      await expect(pass.getByTestId('next-invoice')).toContainText('96');
      await expect(pass.getByTestId('top-up-offer')).toHaveCount(0);

      // Opting out asks first, and says the pass stays valid until the renewal date.
      const renewal = pass.getByTestId('auto-renewal');
      await expect(renewal).toHaveAttribute('data-on', 'true');
      await renewal.getByTestId('opt-out').click();
      const dialog = page.getByTestId('opt-out-dialog');
      await expect(dialog).toBeVisible();
      const validTill = (await pass.getByTestId('valid-till').locator('dd').innerText()).trim();
      await expect(dialog).toContainText(validTill);
      if (locale === 'en') await expect(dialog).toContainText('stays valid until the renewal date');
      let reloaded = currentUserReload(page);
      await dialog.getByTestId('confirm-renewal').click();
      await reloaded;
      await expect(dialog).toBeHidden();
      await expect(renewal).toHaveAttribute('data-on', 'false');
      await expect(renewal).toContainText(text('planDetails.renewal.offText', { name: text('planDetails.types.pass'), date: validTill }));
      await expect(pass.getByTestId('next-invoice')).toContainText(text('planDetails.none'));
      await expect(pass).toHaveAttribute('data-status', 'active');

      await renewal.getByTestId('opt-in').click();
      await expect(page.getByTestId('opt-in-dialog')).toBeVisible();
      reloaded = currentUserReload(page);
      await page.getByTestId('opt-in-dialog').getByTestId('confirm-renewal').click();
      await reloaded;
      await expect(renewal).toHaveAttribute('data-on', 'true');
      await expect(pass.getByTestId('next-invoice')).toContainText('96');

      // No planning under a pass: the profile menu has plan details, not planning.
      await page.getByTestId('profile-menu').click();
      await expect(page.getByTestId('profile-plan-details')).toBeVisible();
      await expect(page.getByTestId('profile-planning')).toHaveCount(0);
    });

    test('the master: the branded enterprise agreement with three balances, and the regional one to accept', async ({ page, baseURL }) => {
      await signInAsDemo(page, 'master', baseURL);
      await page.goto(`/${locale}/user/plan-details`);
      const enterprise = page.locator('[data-testid^="agreement-"][data-type="enterprise_branded"]');
      await expect(enterprise).toHaveAttribute('data-status', 'active');
      await expect(enterprise.getByRole('progressbar')).toHaveCount(3);
      await expect(enterprise.getByTestId('auto-renewal')).toHaveCount(0);
      await expect(enterprise.getByTestId('right-branded')).toContainText(text('planDetails.included'));
      const regional = page.locator('[data-testid^="agreement-"][data-type="regional"][data-status="user_accepting"]').first();
      await expect(regional.getByTestId('agreement-status')).toHaveText(text('planDetails.statuses.user_accepting'));
      await expect(regional.getByTestId('accept-agreement')).toBeVisible();
      await expect(regional.getByTestId('ask-master')).toHaveCount(0);

      // The company's agreements include planning: the menu item is there and leads to the sections.
      await page.getByTestId('profile-menu').click();
      await page.getByTestId('profile-planning').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/user/planning$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('planning.title'));
      await expect(page.getByTestId('planning-section-week-ahead')).toContainText(locale === 'en' ? 'EU finance ministers' : 'وزراء مالية');
      await expect(page.getByTestId('planning-section-elections')).toBeVisible();
    });

    test('a member: the company’s agreements; the one awaiting acceptance says to contact the master, word for word', async ({
      page,
      baseURL,
    }) => {
      await signInAsDemo(page, 'member', baseURL);
      await page.goto(`/${locale}/user/plan-details`);
      await expect(page.locator('[data-testid^="agreement-"][data-type="enterprise_branded"]')).toHaveAttribute('data-status', 'active');
      const regional = page.locator('[data-testid^="agreement-"][data-type="regional"][data-status="user_accepting"]').first();
      await expect(regional.getByTestId('accept-agreement')).toHaveCount(0);
      await expect(regional.getByTestId('ask-master')).toHaveText(
        locale === 'en' ? SPEC_MESSAGE : text('planDetails.acceptance.askMaster'),
      );
    });

    test('a registered user without a plan: the empty state leads to the plans; no planning', async ({ page, baseURL }) => {
      await signInAsDemo(page, 'user', baseURL);
      await page.goto(`/${locale}/user/plan-details`);
      const empty = page.getByTestId('plan-details-empty');
      await expect(empty).toContainText(text('planDetails.empty.text'));
      await expect(page.locator('[data-testid^="agreement-"]')).toHaveCount(0);
      await empty.getByRole('link', { name: text('planDetails.empty.action') }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/plans$`));
      await page.getByTestId('profile-menu').click();
      await expect(page.getByTestId('profile-plan-details')).toBeVisible();
      await expect(page.getByTestId('profile-planning')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.goto(`/${locale}/user/planning`);
      await expect(page.getByTestId('planning-denied')).toContainText(text('errors.planning_access_denied'));
    });

    test('the master accepts a pending agreement: it becomes active, and the user and agreements are reloaded', async ({
      page,
      baseURL,
    }) => {
      await signInAsDemo(page, 'master', baseURL);
      const request = await requestPlan(page, baseURL, 'regional', `Rheinland TV ${locale}`);
      await page.goto(`/${locale}/user/plan-details`);
      const processing = page.getByTestId('plan-request-processing');
      await expect(processing).toBeVisible();
      await expect(processing).toContainText(text('planDetails.requests.text.processing'));

      const approval = await (await asAdmin(baseURL)).post(`/api/admin/agreement_requests/${request.id}/approvals`, { data: {} });
      expect(approval.status()).toBe(200);
      const { agreement_id: agreementId } = (await approval.json()) as PlanRequest;
      await page.reload();
      const agreement = page.getByTestId(`agreement-${agreementId}`);
      await expect(agreement).toHaveAttribute('data-status', 'user_accepting');
      await expect(page.getByTestId('plan-request-processing')).toHaveCount(0);

      const accepted = page.waitForResponse((response) => response.url().includes(`/agreements/${agreementId}/accepts`));
      const reloaded = currentUserReload(page);
      await agreement.getByTestId('accept-agreement').click();
      expect((await accepted).status()).toBe(200);
      await reloaded;
      await expect(agreement).toHaveAttribute('data-status', 'active');
      await expect(agreement.getByTestId('agreement-status')).toHaveText(text('planDetails.statuses.active'));
      await expect(agreement.getByTestId('agreement-acceptance')).toHaveCount(0);
      await expect(page.getByText(text('planDetails.acceptance.accepted'))).toBeVisible();
    });

    test('requests being verified and requests that failed to qualify, with the spec’s texts', async ({ page, baseURL, request }) => {
      const { email, password } = await createAccount(request, { locale });
      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      expect(
        (await page.request.post('/users/sign_in.json', { data: { user: { email, password } }, headers: { origin: baseURL ?? '' } })).ok(),
      ).toBe(true);
      await requestPlan(page, baseURL, 'enterprise', `Waiting Media ${locale}`);
      const declined = await requestPlan(page, baseURL, 'regional', `Declined Media ${locale}`);
      expect((await (await asAdmin(baseURL)).post(`/api/admin/agreement_requests/${declined.id}/rejections`)).status()).toBe(200);

      await page.goto(`/${locale}/user/plan-details`);
      const processing = page.getByTestId('plan-request-processing');
      await expect(processing).toContainText(`Waiting Media ${locale}`);
      await expect(processing).toContainText(text('planDetails.requests.status.processing'));
      const failed = page.getByTestId('plan-request-failed_to_qualify');
      await expect(failed).toContainText(`Declined Media ${locale}`);
      await expect(failed).toContainText(text('planDetails.requests.text.failed_to_qualify'));
      if (locale === 'en') {
        await expect(processing).toContainText('2–4 hours, up to one working day');
        await expect(failed).toContainText('cancelled');
        await expect(failed).toContainText('5–15 business days');
      }
      await expect(page.getByTestId('plan-details-empty')).toHaveCount(0);
    });

    test('the subscriber sees a pool video as downloadable; a registered user reads "subscribers only"', async ({
      page,
      baseURL,
      browser,
    }) => {
      type Listing = { videos: { id: number; pool: boolean; project_slug: string; title: string }[] };
      const listing = (await (await page.request.get('/api/content/video_projects?per_page=48&sort=oldest')).json()) as Listing;
      const pool = listing.videos.find((video) => video.pool);
      if (!pool) throw new Error('no pool video in the first 48');
      const detail = (await (await page.request.get(`/api/content/video_projects/${pool.id}`)).json()) as { limit_type: string };
      expect(detail.limit_type).toBe('pool');

      await signInAsDemo(page, 'subscriber', baseURL);
      await page.goto(`/${locale}/videos/${pool.project_slug}`);
      const panel = page.getByTestId('download-panel');
      await expect(panel.getByTestId('quality-table')).toBeVisible();
      // Each available file says so, with its size beside it (issue 28).
      await expect(panel.locator('.quality-table__available').first()).toContainText(text('video.quality.available'));
      await expect(panel.locator('.quality-table__blocked')).toHaveCount(0);
      await expect(panel.getByTestId('download-button')).toBeEnabled();
      await expect(panel.getByText(text('video.reasons.subscribers_only'))).toHaveCount(0);
      // A subscriber is not offered the pass again (spec: content §2 "a premium-plan promo box").
      await expect(page.getByTestId('video-text')).toBeVisible();
      await expect(page.getByTestId('premium-promo')).toHaveCount(0);
      // Its card says it is included in the pass, by the same rules.
      const found = `/${locale}/search?search=${encodeURIComponent(pool.title)}`;
      const cardOf = (on: typeof page) => on.getByTestId('video-card').filter({ has: on.locator(`a[href*="${pool.project_slug}"]`) });
      await page.goto(found);
      await expect(cardOf(page).getByTestId('badge-included')).toHaveText(text('catalogue.badges.included'));

      const other = await browser.newContext({ baseURL });
      const userPage = await other.newPage();
      await signInAsDemo(userPage, 'user', baseURL);
      await userPage.goto(`/${locale}/videos/${pool.project_slug}`);
      await expect(userPage.getByTestId('download-reason')).toHaveText(text('video.reasons.subscribers_only'));
      // A user with no plan is: the promo box leads to the plans.
      const promo = userPage.getByTestId('premium-promo');
      await expect(promo.getByRole('heading')).toHaveText(text('video.promo.title'));
      await expect(promo.getByTestId('premium-promo-plans')).toHaveAttribute('href', `/${locale}/plans`);
      if (locale === 'ar') await keepScreenshot(userPage, { path: 'test-results/screens/video-premium-promo-ar.png', fullPage: true });
      await userPage.goto(found);
      await expect(cardOf(userPage)).toBeVisible();
      await expect(cardOf(userPage).getByTestId('badge-included')).toHaveCount(0);
      await other.close();
    });
  });
}
