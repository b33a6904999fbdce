import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { catalogueText } from './support/catalogues.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * "Who may watch" on an event page says what the live table decides (common/access.ts, issue 28):
 * a free event is for signed-in registered users (a visitor sees no picture), a pool event for
 * subscribers, plans with live access or a booking of it, a client-only event for the agency's
 * clients alone.
 */
const SHOTS = path.join(process.cwd(), 'test-results', 'screens');
const ACCESS = ['free', 'pool', 'client'] as const;
const SAYS: Record<'en' | 'ar', Record<(typeof ACCESS)[number], string>> = {
  en: {
    free: 'Registered users, signed in',
    pool: 'Subscribers (a pass), plans with live access, or a booking of this event',
    client: "The agency's clients only",
  },
  ar: {
    free: 'المستخدمون المسجلون بعد تسجيل الدخول',
    pool: 'المشتركون (أصحاب الاشتراك) أو الخطط التي تشمل البث المباشر أو حجز هذا الحدث',
    client: 'عملاء الوكالة فقط',
  },
};

let slugs: Record<(typeof ACCESS)[number], string>;
test.beforeAll(async ({ baseURL }) => {
  const admin = await adminApi(baseURL ?? '');
  try {
    const start = new Date(Date.now() + 4 * 24 * 3600_000).toISOString();
    const made = await Promise.all(
      ACCESS.map(async (access) => {
        const created = await admin.post('/api/admin/content/live/events', {
          data: {
            live_event: {
              title: `Who may watch ${access} ${Date.now()}`,
              start_at: start,
              access,
              languages: ['en', 'ar'],
              front_page_ban: true,
            },
          },
        });
        expect(created.status()).toBe(201);
        return [access, ((await created.json()) as { slug: string }).slug] as const;
      }),
    );
    slugs = Object.fromEntries(made) as typeof slugs;
  } finally {
    await admin.dispose();
  }
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: each access setting says exactly who may watch`, async ({ page, baseURL }) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    for (const access of ACCESS) {
      await page.goto(`/${locale}/events/${slugs[access]}`);
      const row = page.getByTestId('event-facts').locator('.event-facts__row', { hasText: catalogueText(locale, 'live.access') });
      await expect(row.locator('dd')).toHaveText(SAYS[locale][access]);
      if (access === 'pool') await keepScreenshot(row, { path: path.join(SHOTS, `who-may-watch-${locale}.png`) });
    }
  });
}
