import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptNecessaryCookies, uniqueEmail } from './support/accounts.ts';
import { catalogueText, pluralText } from './support/catalogues.ts';
import { signInAsDemo } from './support/demo.ts';

/**
 * The choose-plan page and the demo request form (spec: accounts §2, §3 "Enterprise request form",
 * §5, §9; issue: "Screens", "Plan requests"), as a visitor, in English and Arabic.
 */
type Choice = { id: number; slug: string; name: string };
const choices = async (request: APIRequestContext, path: string) => (await (await request.get(path)).json()) as Choice[];
/** What a bidirectional text reads, without its direction marks. */
const plain = (text: string) =>
  text
    .replace(/[\u200e\u200f\u061c\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test.describe(`choose a plan (${locale})`, () => {
    test('the top menu leads to the plans: Pass, Region and Enterprise with what each includes and the pass price in euros', async ({
      page,
    }) => {
      await page.goto(`/${locale}`);
      await page.getByTestId('menu-plans').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/plans$`));
      await expect(page).toHaveTitle(`${text('titles.plans')} · Newsreel`);
      const cards = page.getByTestId('plan-card');
      await expect(cards).toHaveCount(3);
      expect(await cards.evaluateAll((list) => list.map((card) => card.getAttribute('data-plan')))).toEqual([
        'pass',
        'regional',
        'enterprise',
      ]);

      const pass = page.locator('[data-testid="plan-card"][data-plan="pass"]');
      await expect(pass.getByRole('heading', { level: 2 })).toHaveText(text('plans.names.pass'));
      const price = plain(await pass.getByTestId('plan-price').innerText());
      expect(price).toMatch(/(€ ?8|8 ?€)/);
      expect(price).toMatch(/(€ ?96|96 ?€)/);
      const features = [
        pluralText(locale, 'plans.features.minimumTermYears', 1),
        pluralText(locale, 'plans.features.poolItems', 10),
        pluralText(locale, 'plans.features.memberAccounts', 2),
        pluralText(locale, 'plans.price.monthsFree', 2),
        text('plans.features.archivingForLife'),
      ];
      for (const feature of features) await expect(pass).toContainText(feature);
      // The spec's words (accounts §9).
      if (locale === 'en')
        for (const words of ['1-year minimum term', '10 pool items a month', '2 member accounts', '2 months free', 'life of the agreement'])
          await expect(pass).toContainText(words);
      await expect(pass).toContainText('150,000');
      await expect(pass).toContainText('90,000');
      for (const kind of ['regional', 'enterprise'])
        await expect(page.locator(`[data-testid="plan-card"][data-plan="${kind}"]`)).toContainText(text('plans.price.onRequest'));

      // A first pass is applied for on its payment page (the monthly id is the annual one;
      // docs/decisions.md "Applying for a pass (issue 25)").
      await expect(page.getByTestId('pass-soon')).toHaveCount(0);
      await expect(page.getByTestId('apply-for-pass')).toHaveText(text('plans.actions.apply'));
      await expect(page.getByTestId('apply-for-pass')).toHaveAttribute('href', `/${locale}/payment/apply-for-pass?plan=pass-annually-eur`);
    });

    test('an account that has held a pass buys the next one on the pass page', async ({ page, baseURL }) => {
      await signInAsDemo(page, 'subscriber', baseURL);
      await page.goto(`/${locale}/plans`);
      await expect(page.getByTestId('buy-pass')).toHaveText(text('plans.actions.buy'));
      await expect(page.getByTestId('buy-pass')).toHaveAttribute('href', `/${locale}/payment/subscription?plan=pass-annually-eur`);
      await expect(page.getByTestId('apply-for-pass')).toHaveCount(0);
    });

    test('six logo positions, corners of the picture: never mirrored, in Arabic too', async ({ page }) => {
      await page.goto(`/${locale}/plans`);
      const examples = page.getByTestId('plans-logo-positions');
      await expect(examples.locator('li')).toHaveCount(6);
      const x = async (position: string) => (await examples.getByTestId(`logo-example-${position}`).boundingBox())?.x ?? Number.NaN;
      expect(await x('top_left')).toBeLessThan(await x('top_center'));
      expect(await x('top_center')).toBeLessThan(await x('top_right'));
      expect(await x('bottom_left')).toBeLessThan(await x('bottom_right'));
      const mark = (position: string) => examples.getByTestId(`logo-example-${position}`).locator('.logo-example__mark');
      const frame = (position: string) => examples.getByTestId(`logo-example-${position}`).locator('.logo-example');
      const left = async (position: string) =>
        ((await mark(position).boundingBox())?.x ?? 0) - ((await frame(position).boundingBox())?.x ?? 0);
      expect(await left('top_left')).toBeLessThan(await left('top_right'));
      await expect(examples.getByTestId('logo-example-top_left')).toContainText(text('video.logo.top_left'));
    });

    test('a monthly pass id is rewritten to the annual one, and that card is marked; "continue without plan" goes on', async ({ page }) => {
      await page.goto(`/${locale}/plans?plan=pass-monthly-eur`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/plans\\?plan=pass-annually-eur$`));
      await expect(page.locator('[data-testid="plan-card"][data-plan="pass"]')).toHaveClass(/plan-card--chosen/);
      await expect(page.locator('.plan-card--chosen')).toHaveCount(1);
      await page.getByTestId('continue-without-plan').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    });

    test('only the enterprise and regional plans have a request form: any other name is not found (HTTP 404)', async ({ page }) => {
      for (const name of ['enterprise', 'regional'])
        expect((await page.goto(`/${locale}/plans/request-${name}`))?.status(), name).toBe(200);
      await expect(page.getByTestId('plan-request-form')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('planRequest.titles.regional'));
      for (const name of ['pass', 'bundle', 'enterprise-extra']) {
        expect((await page.goto(`/${locale}/plans/request-${name}`))?.status(), name).toBe(404);
        await expect(page.getByTestId('not-found')).toBeVisible();
      }
    });
  });

  test(`a visitor requests the enterprise plan: every field required and marked, "other" says which, then the success screen (${locale})`, async ({
    page,
    request,
  }) => {
    await page.goto(`/${locale}/plans`);
    await page.getByTestId('request-enterprise').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/plans/request-enterprise$`));
    const form = page.getByTestId('plan-request-form');
    await expect(form).toBeVisible();
    await expect(form.getByText(text('accounts.fields.requiredNote'))).toBeVisible();
    // Nine fields, each marked required.
    await expect(form.locator('[aria-required="true"]')).toHaveCount(9);
    await expect(form.locator('.field__required')).toHaveCount(9);

    await page.getByTestId('plan-request-submit').click();
    await expect(form.locator('.field__error')).toHaveCount(10);
    await expect(form.locator('[name="first_name"]')).toBeFocused();
    await expect(form.locator('.field__error').first()).toHaveText(text('validation.required'));
    await expect(form.getByText(text('validation.privacy_required'))).toBeVisible();

    const email = uniqueEmail('plan-request');
    const jobTitles = await choices(request, `/api/job_titles?locale=${locale}`);
    const companyTypes = await choices(request, `/api/company_types?locale=${locale}`);
    const other = companyTypes.find((type) => type.slug === 'other');
    if (!other) throw new Error('no "other" company type');
    await form.locator('[name="first_name"]').fill('Leila');
    await form.locator('[name="last_name"]').fill('Haddad');
    await form.locator('[name="phone_number"]').fill('+971 4 555 0142');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="job_title_id"]').selectOption(String(jobTitles[1]?.id));
    await form.locator('[name="company_name"]').fill('Gulf Evening News');
    await form.locator('[name="company_type_id"]').selectOption(String(other.id));
    await form.locator('[name="company_size"]').selectOption('51_249');
    await form.locator('[name="country_id"]').selectOption({ index: 5 });
    await page.getByTestId('plan-request-privacy').click();

    // "Other" asks which, and is required too.
    const otherField = form.locator('[name="company_type_other"]');
    await expect(otherField).toHaveAttribute('aria-required', 'true');
    await page.getByTestId('plan-request-submit').click();
    await expect(otherField).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('.field__error')).toHaveCount(1);
    await otherField.fill('Satellite news channel');

    const sent = page.waitForResponse(
      (response) => response.url().includes('/api/agreement_requests?') && response.request().method() === 'POST',
    );
    await page.getByTestId('plan-request-submit').click();
    expect((await sent).status()).toBe(201);
    const success = page.getByTestId('plan-request-sent-unregistered');
    await expect(success).toBeVisible();
    await expect(success.getByRole('heading', { level: 1 })).toHaveText(text('planRequest.sent.title'));
    await expect(success).toContainText(text('planRequest.sent.lead.enterprise'));
    await expect(success).toContainText(text('planRequest.sent.verification'));
    await expect(success).toContainText(text('planRequest.sent.unregistered', { email }));
    if (locale === 'en') await expect(success).toContainText('2–4 hours, up to one working day');
    await expect(success.getByRole('link', { name: text('planRequest.sent.signUp') })).toHaveAttribute('href', `/${locale}/signup`);
  });
}

/** A signed-in user's form starts with the account's details (GET /api/agreement_requests/new). */
test('the request form is filled in from the account of a signed-in user', async ({ page, baseURL }) => {
  await signInAsDemo(page, 'master', baseURL);
  await page.goto('/en/plans/request-regional');
  const form = page.getByTestId('plan-request-form');
  await expect(form.locator('[name="first_name"]')).toHaveValue('Marta');
  await expect(form.locator('[name="email"]')).toHaveValue('master@newsreel.example');
  await expect(form.locator('[name="company_name"]')).toHaveValue('Rheinland TV');
  await expect(form.locator('[name="country_id"] option:checked')).toHaveText('Germany');
});
