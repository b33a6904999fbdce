import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Site content at the sales desk (issue 29), in English and Arabic: the desk writes a release note
 * in four languages and publishes it; a signed-in customer is shown it in the page's language and
 * accepts it; the desk adds a section to the about page in that language and a visitor reads it.
 *
 * Release notes and pages are global, and other spec files run beside this one: the note is
 * published only once the customer is signed in and for as long as the customer's check takes,
 * then unpublished (in `finally`, whatever happened); the about page keeps its title (other specs
 * read it) and gets its HTML back. The two languages run one after the other, not side by side.
 */
test.describe.configure({ mode: 'serial' });

const SHOTS = os.tmpdir();
const LANGUAGES = ['en', 'es', 'ru', 'ar'] as const;
const NOTE_TEXT = { en: 'Faster downloads', es: 'Descargas más rápidas', ru: 'Быстрые загрузки', ar: 'تنزيلات أسرع' } as const;

/** A desk call through the staff member's session: what the test restores, whatever happened before. */
async function deskCall(page: Page, origin: string, method: 'post' | 'put', url: string, data?: unknown) {
  return (await page.request[method](url, { headers: { origin }, data })).status();
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values?: Record<string, string | number>) => catalogueText(locale, key, values);

  test(`${locale}: the sales desk publishes a release note a customer accepts, and edits the about page visitors read`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const origin = baseURL ?? '';
    const stamp = `${Date.now().toString(36)}`;
    const account = await createAccount(request, { locale });
    const customerContext = await browser.newContext();
    await acceptNecessaryCookies(customerContext, origin);
    const customer = await customerContext.newPage();
    // Signed in (and the note shown today accepted) before ours exists.
    await signInThroughApi(customer, origin, account);
    // This journey is about the note: it is not to be accepted behind the test's back (support/demo.ts).
    await customer.removeLocatorHandler(customer.getByTestId('release-notes-dialog'));

    await signInAsStaff(page, 'sales', baseURL);
    await page.goto(`/${locale}/desk`);
    await page.getByTestId('desk-menu-deskSite').click();
    await expect(page.getByTestId('site-notes')).toBeVisible();
    await page.getByTestId('note-new').click();
    const form = page.getByTestId('release-note-form');
    for (const language of LANGUAGES) {
      await form.getByTestId(`note-language-${language}`).click();
      await form.getByTestId('note-title').fill(`${NOTE_TEXT[language]} ${stamp}`);
      await form.getByTestId('note-text').fill(`${NOTE_TEXT[language]}: ${stamp}.`);
    }
    // The Arabic fields are written right to left, whatever the desk's own language.
    await expect(form.getByTestId('note-title')).toHaveAttribute('dir', 'rtl');
    await expect(form.getByTestId('note-title')).toHaveAttribute('lang', 'ar');
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-site-note-${locale}.png`), fullPage: true });
    await form.getByTestId('note-save').click();
    await expect(form).toBeHidden();
    const row = page.getByTestId('note-row').filter({ hasText: stamp });
    await expect(row.getByTestId('note-state')).toHaveText(text('deskSite.notes.draft'));
    const noteId = await row.getAttribute('data-id');
    expect(noteId).not.toBeNull();

    try {
      await row.getByTestId('note-publish').click();
      await expect(row.getByTestId('note-state')).toHaveText(text('deskSite.notes.published'));

      await customer.goto(`/${locale}`);
      const dialog = customer.getByTestId('release-notes-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`${NOTE_TEXT[locale]} ${stamp}`);
      await keepScreenshot(customer, { path: path.join(SHOTS, `desk-site-customer-note-${locale}.png`) });
      await customer.getByTestId('release-notes-accept').click();
      await expect(dialog).toBeHidden();
      // The desk sees the acceptance: the customer's, with whoever else accepted the latest note
      // meanwhile (the other workers' tests sign users in and accept it: 3 in one CI run).
      await page.reload();
      await expect(page.getByTestId('note-row').filter({ hasText: stamp }).locator('td').nth(2)).toHaveText(/^[1-9١-٩][0-9٠-٩]*$/);
    } finally {
      // 409: it was never published (the publishing step failed).
      expect([200, 409]).toContain(await deskCall(page, origin, 'post', `/api/desk/site/release_notes/${noteId}/unpublish`));
    }
    await customerContext.close();

    // The terms part: read, never published here (a new version would ask every user of every spec again).
    await page.getByTestId('site-part-terms').click();
    await expect(page.getByTestId('terms-version')).toContainText(/\d/);
    await page.getByTestId('terms-language-ar').click();
    await expect(page.getByTestId('terms-content')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('site-preview').getByRole('heading').first()).toContainText('الخدمة'); // the Arabic terms
    await expect(page.getByTestId('terms-publish')).toBeDisabled(); // nothing changed yet
    await keepScreenshot(page, { path: path.join(SHOTS, `desk-site-terms-${locale}.png`), fullPage: true });

    await page.getByTestId('site-part-pages').click();
    await page.getByTestId(`page-language-${locale}`).click();
    const html = page.getByTestId('page-html');
    await expect(html).toHaveAttribute('lang', locale);
    await expect(html).not.toHaveValue('');
    const original = { title: await page.getByTestId('page-title').inputValue(), html: await html.inputValue() };
    const heading = locale === 'ar' ? `من المكتب ${stamp}` : `From the desk ${stamp}`;
    try {
      await html.fill(`${original.html}\n<h2>${heading}</h2><p>Written at the desk.<script>alert(1)</script></p>`);
      const preview = page.getByTestId('site-preview');
      await expect(preview.getByRole('heading', { name: heading })).toBeVisible();
      await expect(preview.locator('script')).toHaveCount(0);
      await keepScreenshot(page, { path: path.join(SHOTS, `desk-site-page-${locale}.png`), fullPage: true });
      await page.getByTestId('page-save').click();
      await expect(page.getByText(text('deskSite.pages.saved'))).toBeVisible();

      const visitorContext = await browser.newContext();
      await acceptNecessaryCookies(visitorContext, origin);
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/${locale}/about`);
      await expect(visitor.getByRole('heading', { name: heading })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(original.title);
      await visitorContext.close();
    } finally {
      expect(await deskCall(page, origin, 'put', `/api/desk/site/pages/about/${locale}`, original)).toBe(200);
    }
  });
}
