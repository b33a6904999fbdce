import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Issue 28 ("Smaller faults seen"): an English alert title was cut at its start in an Arabic bar on
 * a phone, and a real-time update put the yellow LIVE bar above the red BREAKING one.
 */
test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
});
test.afterAll(async () => {
  await admin.dispose();
});

async function createAlert(title: string, alert_type: 'red' | 'yellow'): Promise<number> {
  const created = await admin.post('/api/admin/content/alerts', {
    data: { alert: { title, alert_type, target_link_to: 'custom', custom_url: '/videos' } },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Whether the title's text lies wholly inside its box: its first letters and its last ones. */
function shownWhole(title: Locator) {
  return title.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const text = element.firstChild;
    const length = text?.textContent?.length ?? 0;
    const inside = (start: number, end: number) => {
      if (!text) return false;
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      const rect = range.getBoundingClientRect();
      return (
        rect.left >= box.left - 1 &&
        rect.right <= box.right + 1 &&
        (rect.top + rect.bottom) / 2 > box.top &&
        (rect.top + rect.bottom) / 2 < box.bottom
      );
    };
    return { startInside: inside(0, 5), endInside: inside(length - 5, length), direction: getComputedStyle(element).direction };
  });
}

for (const locale of ['en', 'ar'] as const) {
  test(`an English alert title shows whole on a phone, from its first letter (${locale})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await acceptNecessaryCookies(context, baseURL ?? '');
    const title = `Polls close in the capital as counting begins ${locale} ${Date.now()}`;
    const id = await createAlert(title, 'red');
    try {
      await page.goto(`/${locale}/about`);
      const bar = page.locator(`[data-testid="alert-bar"][data-alert-id="${id}"]`);
      const link = bar.getByRole('link', { name: title });
      await expect(link).toBeVisible();
      expect(await shownWhole(link)).toEqual({ startInside: true, endInside: true, direction: 'ltr' });
      await keepScreenshot(page, { path: test.info().outputPath(`alert-phone-${locale}.png`) });
    } finally {
      expect((await admin.delete(`/api/admin/content/alerts/${id}`)).status()).toBe(204);
    }
  });

  test(`the red bar stays above the yellow one after a real-time update (${locale})`, async ({ page, context, baseURL }) => {
    await acceptNecessaryCookies(context, baseURL ?? '');
    const stamp = `${locale} ${Date.now()}`;
    // The yellow alert is the older one: ordered by id alone, it would come first.
    const yellow = await createAlert(`Live: the count ${stamp}`, 'yellow');
    const red = await createAlert(`Breaking: results ${stamp}`, 'red');
    try {
      await page.goto(`/${locale}/about`);
      await expect(page.getByTestId('alert-bars')).toHaveAttribute('data-live', 'true');
      const order = () =>
        page
          .getByTestId('alert-bar')
          .evaluateAll((bars) =>
            bars.map((bar) => ({ id: Number(bar.getAttribute('data-alert-id')), red: bar.classList.contains('alert-bar--red') })),
          );
      const redFirst = (bars: { id: number; red: boolean }[]) => {
        const ids = bars.map((bar) => bar.id);
        return (
          ids.includes(red) &&
          ids.includes(yellow) &&
          ids.indexOf(red) < ids.indexOf(yellow) &&
          bars.findIndex((bar) => !bar.red) >= bars.filter((bar) => bar.red).length
        );
      };
      expect(redFirst(await order())).toBe(true);

      const changed = await admin.patch(`/api/admin/content/alerts/${yellow}`, {
        data: { alert: { title: `Live: the count goes on ${stamp}` } },
      });
      expect(changed.ok()).toBe(true);
      await expect(page.getByRole('link', { name: `Live: the count goes on ${stamp}` })).toBeVisible();
      expect(redFirst(await order())).toBe(true);
      await keepScreenshot(page, { path: test.info().outputPath(`alert-order-${locale}.png`) });
    } finally {
      for (const id of [yellow, red]) expect((await admin.delete(`/api/admin/content/alerts/${id}`)).status()).toBe(204);
    }
  });
}
