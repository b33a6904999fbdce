import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import { acceptNecessaryCookies, createAccount, uniqueEmail } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/*
 * Live chat and feedback (spec accounts §2, issue 25): a signed-in customer writes from the bubble,
 * the sales desk answers at /desk/chats, and the answer reaches the customer's widget live; on the
 * Russian variant a visitor sends feedback from the bubble and it lands in the same inbox. One
 * worker runs them in turn: the demo sales account signs in once (its two-factor challenge is one
 * at a time) and the session serves the three.
 */
test.describe.configure({ mode: 'serial' });

for (const locale of ['en', 'ar'] as const) {
  test(`a customer chats with the sales desk and sees the answer live (${locale})`, async ({ browser, baseURL }) => {
    test.slow();
    const text = (key: string) => catalogueText(locale, key);
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    const account = await createAccount(customer.request, { locale });
    await signInThroughApi(customer, baseURL, account);
    await customer.goto(`/${locale}`);
    const bubble = customer.getByTestId('support-bubble');
    const button = customer.getByTestId('support-button');
    // It comes once the page has loaded, which a busy machine may take a while to do.
    await expect(button).toBeVisible({ timeout: 30_000 });
    await expect(button).toHaveAttribute('aria-label', text('support.chatButton'));
    // Fixed at the inline end: the right corner in English, the left in Arabic.
    const box = await button.boundingBox();
    const width = customer.viewportSize()?.width ?? 0;
    if (locale === 'ar') expect(box?.x ?? width).toBeLessThan(width / 2);
    else expect(box?.x ?? 0).toBeGreaterThan(width / 2);

    await button.click();
    const question = `Where is my invoice? ${Date.now()}\nSecond line`;
    await customer.getByLabel(text('support.message')).fill(question);
    await customer.getByTestId('support-send').click();
    await expect(customer.getByTestId('support-message-customer')).toHaveText(new RegExp(`Where is my invoice`));
    await expect(customer.getByTestId('support-input')).toHaveValue('');
    await keepScreenshot(customer, { path: `/tmp/chat-widget-${locale}.png` });
    // Closed again, so the answer shows as an unread badge first.
    await customer.getByRole('button', { name: text('support.close') }).click();
    await expect(customer.getByTestId('support-panel')).toHaveCount(0);

    const desk = await browser.newPage();
    await signInAsStaff(desk, 'sales', baseURL);
    await desk.goto(`/${locale}/desk`);
    await desk.getByTestId('desk-menu-deskChats').click();
    await expect(desk).toHaveURL(new RegExp(`/${locale}/desk/chats$`));
    await desk.getByLabel(text('desk.chats.text')).fill(account.email);
    await desk.getByRole('button', { name: text('desk.chats.filter') }).click();
    const row = desk.getByTestId('chat-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-unanswered', 'true');
    await row.click();
    await expect(desk.getByTestId('chat-message-customer')).toContainText('Second line');
    const answer = `It is on your billing page (${locale}).`;
    await desk.getByTestId('chat-reply-input').fill(answer);
    await desk.getByTestId('chat-reply-send').click();
    await expect(desk.getByTestId('chat-message-staff')).toHaveText(new RegExp(answer.replace(/[().]/g, '\\$&')));
    await expect(row).toHaveAttribute('data-unanswered', 'false');
    // The sales person takes the chat and leaves the desk a note; the inbox lists it among theirs (issue 29).
    await desk.getByTestId('chat-assignment-take').click();
    await expect(row.getByTestId('chat-row-assignee')).toBeVisible();
    await desk.getByTestId('chat-assignment-note').fill('Billing question, answered');
    await desk.getByTestId('chat-assignment-note-save').click();
    await expect(desk.getByTestId('chat-assignment-note-save')).toBeDisabled();
    await desk.getByTestId('chat-assignee-filter').selectOption('me');
    await desk.getByRole('button', { name: text('desk.chats.filter') }).click();
    await expect(row).toHaveCount(1);
    await keepScreenshot(desk, { path: `/tmp/chat-desk-${locale}.png`, fullPage: true });

    // The customer's page was never reloaded: the answer arrives over /cable.
    await expect(customer.getByTestId('support-unread')).toHaveText('1');
    await button.click();
    await expect(customer.getByTestId('support-message-staff')).toContainText(answer);
    await expect(customer.getByTestId('support-unread')).toHaveCount(0);
    await keepScreenshot(customer, { path: `/tmp/chat-widget-answered-${locale}.png` });

    // The customer's next message reaches the open desk screen live, as unanswered again.
    await customer.getByTestId('support-input').fill('Found it, thanks!');
    await customer.getByTestId('support-send').click();
    await expect(desk.getByTestId('chat-message-customer').last()).toHaveText(/Found it, thanks!/);
    await expect(row).toHaveAttribute('data-unanswered', 'true');

    // The desk closes the conversation; the widget says so at once.
    await desk.getByTestId('chat-close').click();
    await expect(customer.getByText(text('support.closed'))).toBeVisible();
    await expect(bubble).toBeVisible();
    await desk.close();
    await customerContext.close();
  });
}

test('on the Russian variant a visitor sends feedback from the bubble and the desk finds it in the inbox', async ({ browser, baseURL }) => {
  test.slow();
  const ru = `http://ru.localhost:${E2E_PORT}`;
  const visitorContext = await browser.newContext();
  await acceptNecessaryCookies(visitorContext, ru);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${ru}/ru`);
  const text = (key: string) => catalogueText('ru', key);
  const button = visitor.getByTestId('support-button');
  // It comes once the page has loaded, which a busy machine may take a while to do.
  await expect(button).toHaveAttribute('aria-label', text('support.feedbackButton'), { timeout: 30_000 });
  // Fixed in the corner: its late arrival moves nothing on the page.
  await expect(visitor.getByTestId('support-bubble')).toHaveCSS('position', 'fixed');
  await button.click();
  await expect(visitor.getByTestId('support-link').getByRole('link', { name: 'sales@ru.newsreel.example' })).toHaveAttribute(
    'href',
    'mailto:sales@ru.newsreel.example',
  );
  const email = uniqueEmail('feedback');
  const message = `Поиск по тегам не работает ${Date.now()}`;
  // The address is required for a visitor: the form says so before anything is sent.
  await visitor.getByTestId('feedback-body').fill(message);
  await visitor.getByTestId('feedback-send').click();
  await expect(visitor.getByTestId('feedback-form').getByRole('alert')).toHaveText(catalogueText('ru', 'validation.required'));
  await visitor.getByTestId('feedback-email').fill(email);
  await visitor.getByTestId('feedback-send').click();
  await expect(visitor.getByTestId('feedback-sent')).toContainText(text('support.feedbackSent'));
  await keepScreenshot(visitor, { path: '/tmp/chat-feedback-ru.png' });
  await visitorContext.close();

  const desk = await browser.newPage();
  await signInAsStaff(desk, 'sales', baseURL);
  await desk.goto('/en/desk/chats');
  await desk.getByLabel(catalogueText('en', 'desk.chats.text')).fill(email);
  await desk.getByRole('button', { name: catalogueText('en', 'desk.chats.filter') }).click();
  const row = desk.getByTestId('chat-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(catalogueText('en', 'desk.chats.kinds.feedback'));
  await expect(row).toContainText(message);
  await desk.close();
});
