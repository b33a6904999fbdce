import { mkdir } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Live events outside the Live pages (spec: content §3 "Tag landing", §2 "Dashboard pieces", §4
 * "Live event status"): a tag landing's lives with their count, and the dashboard's strip, each
 * kept current by the live-events channel without a reload.
 */
// One after another: both languages' landing tests file events under the same tag and count them
// (so `--repeat-each`, which runs copies side by side, does not suit this file). One newsroom-admin
// session for all of them: each sign-in is a mailed code, and sign-ins are rate-limited.
test.describe.configure({ mode: 'default' });

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL ?? '');
});
test.afterAll(async () => {
  await admin.dispose();
});

/** A tag of the demo with one listed event (the Security Council's session) and a canceled one. */
const TAG = 'summits';
const EVENTS = '/api/admin/content/live/events';

const TEXTS = {
  en: { tag: '#Summits', lives: 'Live events', count: 'Events: {n}', live: 'Live' },
  ar: { tag: '#القمم', lives: 'الأحداث المباشرة', count: 'الأحداث: {n}', live: 'مباشر' },
} as const;

type Made = { id: number; slug: string };

async function createEvent(fields: Record<string, unknown>): Promise<Made> {
  const created = await admin.post(EVENTS, { data: { live_event: { status: 'confirmed', front_page_ban: true, ...fields } } });
  expect(created.status()).toBe(201);
  return (await created.json()) as Made;
}

async function setStatus(event: Made, status: string) {
  expect((await admin.patch(`${EVENTS}/${event.id}`, { data: { live_event: { status } } })).ok()).toBe(true);
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const item = (page: Page, slug: string) => page.locator(`[data-testid="live-strip-item"][data-slug="${slug}"]`);

/** The count as the page's language writes it (Arabic may use its own digits). */
async function countText(page: Page, template: string, n: number): Promise<string> {
  const locale = (await page.locator('html').getAttribute('lang')) ?? 'en';
  const formatted = await page.evaluate(({ locale, n }) => new Intl.NumberFormat(locale).format(n), { locale, n });
  return template.replace('{n}', formatted);
}

/**
 * Opens the page again until it shows the event: visitors' catalogue answers are kept a few seconds
 * on the server (microCache), so a page opened right after the event was made may not have it yet.
 * The page shows its live events with the rest of its content, so once `content` is there, so are they.
 */
async function loadUntilShown(page: Page, path: string, content: string, event: Made) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByTestId(content)).toBeVisible();
    expect(await item(page, event.slug).count()).toBe(1);
  }).toPass({ timeout: 30_000 });
}

/** Marks the document, so a test can tell the page was not reloaded. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { liveLandingMark: true }));
const stillMarked = (page: Page) => page.evaluate(() => 'liveLandingMark' in window);

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a tag landing shows the tag's live events and their count, and follows status changes without a reload`, async ({
    page,
    baseURL,
  }) => {
    const made: Made[] = [];
    try {
      const stamp = Date.now();
      const first = await createEvent({ title: `Summit press point ${stamp}`, start_at: inHours(1.5), tag_slugs: [TAG] });
      made.push(first);

      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      await loadUntilShown(page, `/${locale}/landing/${TAG}`, 'tag-landing', first);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.tag);
      const lives = page.getByTestId('tag-lives');
      await expect(lives.getByRole('heading', { level: 2 })).toHaveText(text.lives);
      // The demo's Security Council session and this one, all on the page: the count is theirs.
      const count = await lives.getByTestId('live-strip-item').count();
      expect(count).toBeGreaterThanOrEqual(2);
      await expect(page.getByTestId('tag-lives-count')).toHaveText(await countText(page, text.count, count));
      await expect(item(page, first.slug)).toHaveAttribute('data-status', 'confirmed');
      await expect(item(page, first.slug).getByRole('link')).toHaveAttribute('href', `/${locale}/events/${first.slug}`);
      // Above the videos.
      const livesBox = await lives.boundingBox();
      const videoBox = await page.getByTestId('video-card').first().boundingBox();
      expect((livesBox?.y ?? 0) + (livesBox?.height ?? 0)).toBeLessThanOrEqual(videoBox?.y ?? 0);
      // The channel is subscribed once the page says so; a change sent before would be missed.
      await expect(page.getByTestId('tag-landing')).toHaveAttribute('data-live', 'true');
      await mark(page);

      // A new event of the tag comes at the end, and is counted.
      const second = await createEvent({ title: `Summit closing statement ${stamp}`, start_at: inHours(30), tag_slugs: [TAG] });
      made.push(second);
      await expect(lives.getByTestId('live-strip-item').last()).toHaveAttribute('data-slug', second.slug);
      await expect(page.getByTestId('tag-lives-count')).toHaveText(await countText(page, text.count, count + 1));

      // Live: first, saying so.
      await setStatus(first, 'live');
      await expect(lives.getByTestId('live-strip-item').first()).toHaveAttribute('data-slug', first.slug);
      await expect(item(page, first.slug)).toHaveAttribute('data-status', 'live');
      await expect(item(page, first.slug)).toContainText(text.live);
      await expect(page.getByTestId('tag-lives-count')).toHaveText(await countText(page, text.count, count + 1));
      await mkdir('/tmp/shots', { recursive: true });
      await page.mouse.move(5, 5);
      await keepScreenshot(page, { path: `/tmp/shots/tag-landing-lives-${locale}.png`, fullPage: true });

      // Canceled: gone, and counted out.
      await setStatus(first, 'canceled');
      await expect(item(page, first.slug)).toHaveCount(0);
      await expect(page.getByTestId('tag-lives-count')).toHaveText(await countText(page, text.count, count));
      await setStatus(second, 'canceled');
      await expect(item(page, second.slug)).toHaveCount(0);
      await expect(page.getByTestId('tag-lives-count')).toHaveText(await countText(page, text.count, count - 1));
      expect(await stillMarked(page)).toBe(true);
    } finally {
      for (const event of made) await setStatus(event, 'canceled');
    }
  });

  test(`${locale}: an upcoming event the admin puts live shows as live in the dashboard's strip without a reload`, async ({
    page,
    baseURL,
  }) => {
    let event: Made | null = null;
    try {
      // On the front page: the strip shows visible, unbanned events still to come.
      event = await createEvent({ title: `Harbour reopening ${Date.now()}`, start_at: inHours(0.5), front_page_ban: false });
      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      await loadUntilShown(page, `/${locale}`, 'dashboard', event);
      const strip = page.getByTestId('live-strip');
      await expect(item(page, event.slug)).toHaveAttribute('data-status', 'confirmed');
      await expect(item(page, event.slug).locator('time')).toBeVisible();
      await expect(page.getByTestId('dashboard')).toHaveAttribute('data-live', 'true');
      await mark(page);

      await setStatus(event, 'live');
      await expect(item(page, event.slug)).toHaveAttribute('data-status', 'live');
      await expect(item(page, event.slug)).toContainText(text.live);
      await expect(item(page, event.slug).locator('time')).toHaveCount(0);
      await page.mouse.move(5, 5);
      await keepScreenshot(strip, { path: `/tmp/shots/dashboard-strip-live-${locale}.png` });

      // Canceled: it leaves the strip.
      await setStatus(event, 'canceled');
      await expect(item(page, event.slug)).toHaveCount(0);
      expect(await stillMarked(page)).toBe(true);
    } finally {
      if (event) await setStatus(event, 'canceled');
    }
  });
}
