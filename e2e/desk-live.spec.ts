import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInAsStaff } from './support/staff.ts';
import { keepScreenshot } from './support/screenshots.ts';

/*
 * The live desk (issue: the newsroom desk, "Live desk and alert bars"), in English and Arabic: a
 * live producer creates an event, pushes a picture to its stream key, sees it healthy, sets the
 * event live and finished; an alert bar created at the desk shows on a customer's page at once and
 * goes when it is ended.
 */
const SHOTS = 'test-results/screens';

/**
 * An encoder pushing a test picture to the event's RTMP address, as a newsroom's would: a small,
 * cheap picture for at most `seconds`, ended by the test once it has what it needs.
 */
function publish(rtmpUrl: string, seconds: number): ChildProcess {
  const url = new URL(rtmpUrl);
  // The ingest listens on the loopback address; the page names the site's host.
  url.hostname = '127.0.0.1';
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
    url.toString(),
  ];
  return spawn('ffmpeg', args, { stdio: 'ignore' });
}

async function shot(page: Page, name: string) {
  await keepScreenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values: Record<string, string | number> = {}) => catalogueText(locale, key, values);

  test(`${locale}: a live producer creates an event, sees its picture healthy, sets it live and finished`, async ({ page, baseURL }) => {
    // An encoder on a busy two-core machine: generous waits, polled, never slept.
    test.setTimeout(180_000);
    await signInAsStaff(page, 'newsroom', baseURL);
    await page.goto(`/${locale}/desk/live`);
    await expect(page.getByTestId('desk-live-events')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('live-new').click();

    const title = `Desk briefing ${locale} ${Date.now()}`;
    await page.getByTestId('live-title-en').fill(title);
    await page.getByTestId('live-title-ar').fill(`إحاطة ${Date.now()}`);
    // Starting now (in the browser's time zone), so its key publishes; kept off the front page, so other specs' dashboards do not see it.
    const now = await page.evaluate(() => {
      const date = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    });
    await page.getByTestId('live-start').fill(now);
    await page.getByLabel(text('deskLive.form.frontPageBan')).check();
    await shot(page, `desk-live-new-${locale}`);
    await page.getByTestId('live-event-save').click();
    await expect(page.getByTestId('desk-live-event')).toBeVisible();
    await expect(page.getByTestId('live-event-status')).toHaveText(text('deskLive.status.confirmed'));
    await expect(page.getByTestId('live-health-verdict')).toHaveAttribute('data-state', 'offline');

    await page.getByTestId('live-move-live').click();
    await expect(page.getByTestId('live-event-status')).toHaveText(text('deskLive.status.live'));

    await page.getByTestId('live-key-show').click();
    const rtmpUrl = (await page.getByTestId('live-rtmp-url').textContent()) ?? '';
    expect(rtmpUrl).toMatch(/^rtmp:\/\/[^/]+:\d+\/live\/\S{16,}$/);
    const encoder = publish(rtmpUrl, 90);
    try {
      await expect(page.getByTestId('live-health-verdict')).toHaveAttribute('data-state', 'healthy', { timeout: 90_000 });
      await expect(page.getByTestId('live-health-connected')).toHaveText(text('deskLive.health.connected'));
      await expect(page.getByTestId('live-health-resolution')).toHaveText('320×180');
      await expect(page.getByTestId('event-video')).toBeVisible();
      // The preview plays: its video has a picture to show.
      await expect
        .poll(() => page.getByTestId('event-video').evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 60_000 })
        .toBeGreaterThanOrEqual(2);
      await shot(page, `desk-live-event-${locale}`);

      await page.getByTestId('live-move-finished').click();
      await expect(page.getByTestId('live-event-status')).toHaveText(text('deskLive.status.finished'));
      await expect(page.getByTestId('live-move-live')).toHaveCount(0);
      await expect(page.getByText(text('deskLive.final'))).toBeVisible();
    } finally {
      encoder.kill('SIGTERM');
    }

    // The list finds it among the finished ones.
    await page.goto(`/${locale}/desk/live`);
    await page.getByLabel(text('deskLive.events.status')).selectOption('finished');
    await page.getByLabel(text('deskLive.events.words')).fill(title);
    await page.getByRole('button', { name: text('deskLive.events.filter') }).click();
    await expect(page.getByTestId('live-event-row')).toHaveCount(1);
    await expect(page.getByTestId('live-event-row')).toContainText(title);
    await shot(page, `desk-live-list-${locale}`);
  });

  test(`${locale}: an alert bar created at the desk shows on a customer's page and goes when it is ended`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signInAsStaff(page, 'newsroom', baseURL);
    const customer = await browser.newContext();
    try {
      await acceptNecessaryCookies(customer, baseURL ?? '');
      const reader = await customer.newPage();
      await reader.goto(`/${locale}/about`);
      // The alerts channel is subscribed once the page has loaded; an alert sent before would be missed.
      await expect(reader.getByTestId('alert-bars')).toHaveAttribute('data-live', 'true');

      await page.goto(`/${locale}/desk/alerts`);
      const title = `Desk alert ${locale} ${Date.now()}`;
      await page.getByTestId('alert-new-title').fill(title);
      await page.getByTestId('alert-new-url').fill('/videos');
      await page.getByTestId('alert-new-save').click();
      const card = page.getByTestId('desk-alert').filter({ hasText: title });
      await expect(card).toBeVisible();
      await expect(reader.getByTestId('alert-bar').filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
      await shot(page, `desk-alerts-${locale}`);

      await card.getByTestId('desk-alert-end').click();
      await expect(card).toHaveCount(0);
      await expect(reader.getByTestId('alert-bar').filter({ hasText: title })).toHaveCount(0, { timeout: 15_000 });
    } finally {
      await customer.close();
    }
  });

  test(`${locale}: the banners screen shows the dashboard's four places`, async ({ page, baseURL }) => {
    await signInAsStaff(page, 'newsroom', baseURL);
    await page.goto(`/${locale}/desk/banners`);
    // The desk's chunks load on first use: on a busy machine, give them time.
    await expect(page.getByTestId('desk-banners')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-testid^="banner-place-"]')).toHaveCount(4, { timeout: 20_000 });
    await shot(page, `desk-banners-${locale}`);
  });
}
