import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptNecessaryCookies, createAccount, uniqueEmail } from './support/accounts.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Broadcast services (spec: content §2 "Broadcast services", §5 privacy acceptance): from the footer
 * to the studios, a town's features, pictures and the future-events table, then booking the studio:
 * refused until the privacy policy is accepted, then the success screen, the sales desk's e-mail and
 * the customer's confirmation; a signed-in user finds their details filled in (issue 28).
 */
const SALES = 'sales@newsreel.example';
const TEXTS = {
  en: {
    link: 'Broadcast services',
    town: 'Berlin',
    feature: 'Full HD studio with a city backdrop',
    eventsColumn: 'Country',
    booking: 'Book the studio or equipment: Berlin',
    privacyRequired: 'Please accept the Privacy Policy',
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      phone: 'Phone',
      email: 'Business e-mail',
      jobTitle: 'Job title',
      company: 'Company',
      date: 'Date',
      details: 'Details',
    },
    submit: 'Send booking',
    sent: 'Thank you, your booking has been sent',
    confirmation: 'We have your studio booking request: Berlin',
  },
  ar: {
    link: 'خدمات البث',
    town: 'برلين',
    feature: 'استوديو بدقة Full HD بخلفية المدينة',
    eventsColumn: 'البلد',
    booking: 'احجز الاستوديو أو المعدات: برلين',
    privacyRequired: 'يرجى قبول سياسة الخصوصية',
    fields: {
      firstName: 'الاسم الأول',
      lastName: 'اسم العائلة',
      phone: 'الهاتف',
      email: 'البريد الإلكتروني للعمل',
      jobTitle: 'المسمى الوظيفي',
      company: 'الشركة',
      date: 'التاريخ',
      details: 'التفاصيل',
    },
    submit: 'إرسال الحجز',
    sent: 'شكرًا، تم إرسال حجزك',
    confirmation: 'وصلنا طلب حجز الاستوديو: برلين',
  },
} as const;

type Mail = { to: string; subject: string; text: string };

/** The first mail `matches` finds in the outbox, waiting for it to arrive. */
async function mailWhere(request: APIRequestContext, matches: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = ((await (await request.get('/dev/mailbox.json')).json()) as Mail[]).find(matches);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error('no such mail');
  return found;
}

/** The sales desk's notice of the booking made with this address, waiting for it to arrive. */
async function salesNoticeFor(request: APIRequestContext, email: string) {
  return (await mailWhere(request, (mail) => mail.to === SALES && mail.text.includes(email))).text;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const locale of ['en', 'ar'] as const) {
  const texts = TEXTS[locale];

  test(`${locale}: from the footer to the studios, a town and the events, then booking a studio`, async ({
    page,
    baseURL,
    request,
  }, testInfo) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto(`/${locale}`);
    await page.getByRole('contentinfo').getByRole('link', { name: texts.link }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/broadcast-services$`));
    await expect(page.getByRole('heading', { level: 1, name: texts.link })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(9);

    await page.getByRole('tab', { name: texts.town }).click();
    await expect(page.getByRole('tab', { name: texts.town })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: texts.town, exact: true })).toBeVisible();
    await expect(page.getByTestId('town-features')).toContainText(texts.feature);
    await expect(page.getByTestId('town-photos').getByRole('img')).toHaveCount(3);
    const events = page.getByTestId('broadcast-events');
    await expect(events.getByRole('columnheader', { name: texts.eventsColumn })).toBeVisible();
    expect(await events.locator('tbody tr').count()).toBeGreaterThan(0);
    await keepScreenshot(page, { path: testInfo.outputPath(`broadcast-town-${locale}.png`), fullPage: true });

    await expect(page.getByRole('heading', { name: texts.booking })).toBeVisible();
    const form = page.getByTestId('booking-form');
    const email = uniqueEmail(`broadcast-${locale}`);
    await form.getByLabel(texts.fields.firstName).fill('Layla');
    await form.getByLabel(texts.fields.lastName).fill('Haddad');
    await form.getByLabel(texts.fields.phone).fill('+971 4 123 4567');
    await form.getByLabel(texts.fields.email).fill(email);
    await form.getByLabel(texts.fields.jobTitle).selectOption({ index: 1 });
    await form.getByLabel(texts.fields.company).fill('Gulf News Channel');
    await form.getByLabel(texts.fields.date).fill(inDays(30));
    await form.getByLabel(texts.fields.details).fill('Two-camera interview, 30 minutes');

    // Privacy first: without it the booking is not sent.
    await page.getByRole('button', { name: texts.submit }).click();
    await expect(page.getByTestId('booking-privacy-error')).toHaveText(texts.privacyRequired);
    await keepScreenshot(page, { path: testInfo.outputPath(`broadcast-privacy-${locale}.png`), fullPage: true });

    await page.getByTestId('booking-privacy').click();
    await page.getByRole('button', { name: texts.submit }).click();
    await expect(page.getByTestId('booking-sent')).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.sent })).toBeVisible();
    await expect(page.getByTestId('booking-sent')).toContainText(email);
    await keepScreenshot(page, { path: testInfo.outputPath(`broadcast-sent-${locale}.png`), fullPage: true });

    const notice = await salesNoticeFor(request, email);
    expect(notice).toContain(`Date: ${inDays(30)}`);
    expect(notice).toContain('Company: Gulf News Channel');
    // The customer's confirmation of the request, in the page's language.
    const confirmation = await mailWhere(request, (mail) => mail.to === email);
    expect(confirmation.subject).toBe(texts.confirmation);
    expect(confirmation.text).toContain('Layla');
  });

  test(`${locale}: a signed-in user's booking form is filled from their profile`, async ({ page, baseURL, request }) => {
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, baseURL ?? '', account);
    await page.goto(`/${locale}/broadcast-services`);
    await page.getByRole('tab', { name: texts.town }).click();
    const form = page.getByTestId('booking-form');
    // The profile createAccount made: E2E Tester of E2E Media, +44 20 7946 0000.
    await expect(form.getByLabel(texts.fields.firstName)).toHaveValue('E2E');
    await expect(form.getByLabel(texts.fields.lastName)).toHaveValue('Tester');
    await expect(form.getByLabel(texts.fields.phone)).toHaveValue('+44 20 7946 0000');
    await expect(form.getByLabel(texts.fields.email)).toHaveValue(account.email);
    await expect(form.getByLabel(texts.fields.company)).toHaveValue('E2E Media');
    await expect(form.getByLabel(texts.fields.details)).toHaveValue('');
    await keepScreenshot(page, { path: `test-results/screens/broadcast-prefilled-${locale}.png`, fullPage: true });

    // What is left to give: the job title, the date and the privacy policy; then it is sent.
    await form.getByLabel(texts.fields.jobTitle).selectOption({ index: 1 });
    await form.getByLabel(texts.fields.date).fill(inDays(20));
    await page.getByTestId('booking-privacy').click();
    await page.getByRole('button', { name: texts.submit }).click();
    await expect(page.getByTestId('booking-sent')).toContainText(account.email);
    expect((await mailWhere(request, (mail) => mail.to === account.email && mail.subject === texts.confirmation)).text).toContain('E2E');
  });
}
