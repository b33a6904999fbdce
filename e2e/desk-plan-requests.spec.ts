import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { mailTo, uniqueEmail } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Plan requests at the sales desk (issue 29), in English and Arabic: two enterprise requests from
 * visitors; the desk approves one with its own first balances (it is approved and its agreement
 * made) and declines the other with a reason, which the requester reads in the e-mail.
 */
const SHOTS = os.tmpdir();

async function requestPlan(request: APIRequestContext, company: string): Promise<{ email: string; id: number }> {
  const first = async <T>(url: string) => ((await (await request.get(url)).json()) as T[])[0];
  const types = (await (await request.get('/api/company_types')).json()) as { id: number; slug: string }[];
  const type = types.find((candidate) => candidate.slug !== 'other');
  const title = await first<{ id: number }>('/api/job_titles');
  const countries = (await (await request.get('/api/countries.json')).json()) as { id: number; code: string }[];
  const email = uniqueEmail('plan');
  const answer = await request.post('/api/agreement_requests?locale=en', {
    data: {
      agreement_request: {
        plan: 'enterprise',
        first_name: 'Greta',
        last_name: 'Gast',
        phone_number: '+49 30 1234567',
        email,
        job_title_id: title?.id,
        company_name: company,
        company_type_id: type?.id,
        company_size: '51_249',
        country_id: countries.find((country) => country.code === 'DE')?.id,
        privacy_accepted: true,
      },
    },
  });
  expect(answer.status()).toBe(201);
  return { email, id: ((await answer.json()) as { id: number }).id };
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the sales desk approves one plan request with its balances and declines another with a reason the requester reads`, async ({
    page,
    baseURL,
    request,
  }) => {
    const stamp = `${locale}-${Date.now()}`;
    const approved = await requestPlan(request, `Approve Media ${stamp}`);
    const declined = await requestPlan(request, `Decline Media ${stamp}`);
    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk`);
    await page.getByTestId('desk-menu-deskPlanRequests').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('desk.menu.planRequests'));
    const row = (id: number) => page.locator(`[data-testid="plan-request"][data-id="${id}"]`);
    await expect(row(approved.id)).toContainText(approved.email);
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-plan-requests-${locale}.png`), fullPage: true });

    await row(approved.id).getByTestId('plan-request-approve').click();
    const approve = page.getByTestId('approve-dialog');
    await approve.getByTestId('approve-standard').fill('30');
    await approve.getByTestId('approve-pool').fill('-2');
    await approve.getByTestId('approve-confirm').click();
    await expect(approve.getByTestId('approve-problem')).toHaveText(text('desk.planRequests.balancesInvalid'));
    await approve.getByTestId('approve-pool').fill('6');
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-plan-approve-${locale}.png`) });
    await approve.getByTestId('approve-confirm').click();
    await expect(row(approved.id)).toHaveCount(0);
    await page.getByTestId('plan-requests-status').selectOption('approved');
    await expect(row(approved.id).getByTestId('plan-request-status')).toHaveText(text('desk.planRequests.statuses.approved'));

    await page.getByTestId('plan-requests-status').selectOption('processing');
    await row(declined.id).getByTestId('plan-request-decline').click();
    const decline = page.getByTestId('plan-decline-dialog');
    await decline.getByTestId('plan-decline-confirm').click();
    await expect(decline.getByTestId('plan-decline-problem')).toHaveText(text('desk.planRequests.reasonRequired'));
    const reason = `We license to newsrooms only (${stamp}).`;
    await decline.getByTestId('plan-decline-reason').fill(reason);
    const before = new Date(Date.now() - 1000).toISOString();
    await decline.getByTestId('plan-decline-confirm').click();
    await expect(row(declined.id)).toHaveCount(0);
    const mail = await mailTo(request, declined.email, before);
    expect(mail.text).toContain(reason);
  });
}
