import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * An HLS pull target (issue 28, "the HLS link target never shows its link"): added on a free
 * event's page, it shows the link to pull the event from, whole, on this site: the event's
 * playlist under a signature, which the platform's playlist route accepts.
 */
const SHOTS = path.join(process.cwd(), 'test-results', 'screens');

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: an HLS pull target shows the link to pull the event from`, async ({ page, baseURL, request }) => {
    const origin = baseURL ?? '';
    const admin = await adminApi(origin);
    let event: { id: number; slug: string };
    try {
      const start = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
      const created = await admin.post('/api/admin/content/live/events', {
        data: { live_event: { title: `HLS pull ${Date.now()}`, start_at: start, access: 'free', languages: ['en'], front_page_ban: true } },
      });
      expect(created.status()).toBe(201);
      event = (await created.json()) as { id: number; slug: string };
    } finally {
      await admin.dispose();
    }

    await signInThroughApi(page, origin, await createAccount(request, { locale }));
    await page.goto(`/${locale}/events/${event.slug}`);
    const form = page.getByTestId('event-target-form');
    await form.getByTestId('event-target-kind').selectOption('hls_full_hd');
    await form.getByTestId('event-target-submit').click();
    const target = page.getByTestId('event-targets').getByTestId('event-target');
    await expect(target).toHaveAttribute('data-kind', 'hls_full_hd');
    const address = target.getByTestId('event-target-address');
    await expect(address).toHaveText(new RegExp(`^${origin}/live/${event.id}/index\\.m3u8\\?expires=\\d+&sig=[\\w-]+$`));
    await keepScreenshot(target, { path: path.join(SHOTS, `hls-link-${locale}.png`) });

    // The link is good: before the event the playlist route answers that the picture is not on
    // (404 stream_offline), not that the link is refused (403) or old (410).
    const pulled = await page.request.get((await address.textContent()) ?? '');
    expect(pulled.status()).toBe(404);
    expect(((await pulled.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('stream_offline');
  });
}
