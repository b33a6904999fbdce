import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, mailTo, uniqueEmail } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The business desk's inbox (issue 29), in English and Arabic: a customer asks for a video's
 * world-exclusive rights and a visitor books a studio; the sales person finds each in its box,
 * takes the request, offers the rights with a message and confirms the booking with another; each
 * customer reads the desk's words in an e-mail in their own language.
 */
const SHOTS = os.tmpdir();
const address = () => `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function bookStudio(request: APIRequestContext, locale: string): Promise<{ id: number; email: string; town: string }> {
  const towns = (await (await request.get(`/api/content/broadcast/towns?locale=${locale}`)).json()) as {
    towns: { slug: string; name: string }[];
  };
  const town = towns.towns[0];
  const titles = (await (await request.get('/api/job_titles')).json()) as { id: number }[];
  if (!town) throw new Error('no studio town');
  const email = uniqueEmail('studio');
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const answer = await request.post(`/api/content/broadcast/towns/${town.slug}/bookings?locale=${locale}`, {
    data: {
      booking: {
        first_name: 'Samira',
        last_name: 'Studio',
        phone: '+49 30 7654321',
        email,
        job_title_id: titles[0]?.id,
        company: 'Kanal Nord',
        date: day,
        details: 'Two-camera interview',
        privacy_accepted: true,
      },
    },
    headers: { 'x-forwarded-for': address() },
  });
  expect(answer.status()).toBe(201);
  return { id: ((await answer.json()) as { booking: { id: number } }).booking.id, email, town: town.slug };
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the sales desk takes a world-exclusive request and offers the rights, and confirms a studio booking; each customer reads the message`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const stamp = `${locale}-${Date.now()}`;
    // The customer asks for a video's world-exclusive rights.
    const account = await createAccount(request, { locale });
    const customer = await browser.newPage({ locale });
    await signInThroughApi(customer, baseURL, account);
    const list = (await (await customer.request.get('/api/content/video_projects', { params: { per_page: 5 } })).json()) as {
      videos: { id: number; title: string }[];
    };
    const video = list.videos[0];
    if (!video) throw new Error('no video');
    const asked = await customer.request.post(`/api/content/video_projects/${video.id}/videos/request_world_exclusive`, {
      headers: { origin: baseURL ?? '' },
    });
    expect(asked.ok()).toBe(true);
    const { id: requestId } = (await asked.json()) as { id: number };
    await customer.close();
    const booking = await bookStudio(request, locale);

    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk`);
    await page.getByTestId('desk-menu-deskInbox').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('desk.menu.inbox'));
    const item = page.getByTestId(`exclusive-${requestId}`);
    await expect(item).toContainText(account.email);
    await expect(item).toContainText(video.title);
    const controls = item.getByTestId(`exclusive-${requestId}-controls`);
    await expect(controls.getByTestId(`exclusive-${requestId}-controls-state`)).toHaveText(text('desk.inbox.exclusiveStates.new'));

    // Take it, and find it among one's own.
    await controls.getByTestId(`exclusive-${requestId}-controls-take`).click();
    await page.getByTestId('inbox-assignee').selectOption('me');
    await expect(item).toBeVisible();
    await expect(item.getByTestId(`exclusive-${requestId}-controls-take`)).toHaveCount(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-inbox-${locale}.png`), fullPage: true });

    // Offer the rights with a message the customer reads.
    const offer = `EUR 4,000 for five years, worldwide (${stamp}).`;
    const since = new Date().toISOString();
    await item.getByTestId(`exclusive-${requestId}-controls-move-offered`).click();
    const dialog = page.getByTestId(`exclusive-${requestId}-controls-message`);
    await dialog.getByTestId(`exclusive-${requestId}-controls-message-text`).fill(offer);
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-inbox-offer-${locale}.png`) });
    await dialog.getByTestId(`exclusive-${requestId}-controls-message-send`).click();
    await expect(item.getByTestId(`exclusive-${requestId}-controls-state`)).toHaveText(text('desk.inbox.exclusiveStates.offered'));
    await expect(item.getByTestId(`exclusive-${requestId}-controls-move-sold`)).toBeVisible();
    const mail = await mailTo(request, account.email, since);
    expect(mail.text).toContain(offer);
    expect(mail.subject).toContain(locale === 'ar' ? 'حقوق الحصرية العالمية' : 'World-exclusive rights');

    // The studio booking, in its box: a note for the desk, then confirmed with a message.
    await page.getByTestId('inbox-assignee').selectOption('');
    await page.getByTestId('inbox-tab-studio').click();
    const studio = page.getByTestId(`studio-${booking.id}`);
    await expect(studio).toContainText(booking.email);
    await studio.getByTestId(`studio-${booking.id}-controls-note`).fill('Call back on Monday');
    await studio.getByTestId(`studio-${booking.id}-controls-note-save`).click();
    await expect(studio.getByTestId(`studio-${booking.id}-controls-note-save`)).toBeDisabled();
    await studio.getByTestId(`studio-${booking.id}-controls-move-confirmed`).click();
    const confirm = page.getByTestId(`studio-${booking.id}-controls-message`);
    await confirm.getByTestId(`studio-${booking.id}-controls-message-text`).fill(`Studio 2 at 10:00 (${stamp})`);
    await confirm.getByTestId(`studio-${booking.id}-controls-message-send`).click();
    await expect(studio.getByTestId(`studio-${booking.id}-controls-state`)).toHaveText(text('desk.inbox.studioStates.confirmed'));
    const confirmation = await mailTo(request, booking.email, since);
    expect(confirmation.text).toContain(`Studio 2 at 10:00 (${stamp})`);
    expect(confirmation.subject).toContain(locale === 'ar' ? 'تم تأكيد حجز الاستوديو' : 'Your studio booking is confirmed');
    await page.reload();
    await expect(page.getByTestId(`studio-${booking.id}-controls-note`)).toHaveValue('Call back on Monday');
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-inbox-studio-${locale}.png`), fullPage: true });
  });
}
