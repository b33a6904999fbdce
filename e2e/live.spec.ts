import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { signInThroughApi } from './support/demo.ts';

/**
 * The Live screens (spec: content §2 "Live screens", §4 "Following", "Live event status"): the
 * events list, the event view, my events, and status changes arriving without a reload.
 */
// One after another: the status-change test puts an event live, which would move it to the front of
// a list another test of this file has open.
test.describe.configure({ mode: 'default' });

/** The demo's live event (src/server/modules/live/seed.ts), and an upcoming one anyone may follow. */
const LIVE_SLUG = 'flood-relief-press-conference';
const UPCOMING_SLUG = 'launch-from-baikonur';

const TEXTS = {
  en: { live: 'Live', liveNow: 'Live now', follow: 'Follow', following: 'Following', notFound: 'Live event not found' },
  ar: { live: 'مباشر', liveNow: 'مباشر الآن', follow: 'متابعة', following: 'تتابعه', notFound: 'الحدث المباشر غير موجود' },
} as const;

const card = (page: Page, slug: string) => page.locator(`[data-testid="event-card"][data-slug="${slug}"]`);
/** A whole page, with no menu panel left open by the pointer. */
async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  // A menu panel also stays open while its link has the focus (after a click on it).
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a visitor sees the live event first, opens it, and is sent to sign in to follow`, async ({ page, baseURL }) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    expect((await page.goto(`/${locale}/events`))?.status()).toBe(200);
    const first = page.getByTestId('event-card').first();
    await expect(first).toHaveAttribute('data-slug', LIVE_SLUG);
    await expect(first.getByTestId('event-status')).toHaveText(text.live);
    // Finished and canceled events are not listed.
    await expect(card(page, 'city-marathon-finish-line')).toHaveCount(0);
    await expect(card(page, 'trade-summit-arrivals')).toHaveCount(0);
    await expect(card(page, UPCOMING_SLUG).getByTestId('follow-event')).toHaveAttribute(
      'href',
      `/${locale}/signin?redirect=${encodeURIComponent(`/${locale}/events`)}`,
    );
    await screenshot(page, `live-events-${locale}`);

    await first.getByRole('link', { name: 'Flood relief plan: press conference' }).click();
    await expect(page).toHaveURL(`/${locale}/events/${LIVE_SLUG}`);
    await expect(page.getByTestId('event-description')).toHaveText(
      'The disaster management minister presents the flood relief plan and takes questions.',
    );
    await expect(page.getByTestId('event-player')).toHaveText(text.liveNow);
    await expect(page.getByTestId('event-facts')).toContainText('1080p');
    await expect(page).toHaveTitle('Flood relief plan: press conference · Newsreel');
    await screenshot(page, `live-event-${locale}`);

    // An upcoming event says when its feed opens.
    await page.goto(`/${locale}/events/${UPCOMING_SLUG}`);
    await expect(page.getByTestId('event-player')).toHaveAttribute('data-state', 'upcoming');
    await expect(page.getByTestId('event-player')).toContainText('15');
  });

  test(`${locale}: a new user follows an upcoming event, finds it in my events, and unfollows all`, async ({ page, baseURL, request }) => {
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    await page.goto(`/${locale}/events`);
    const follow = card(page, UPCOMING_SLUG).getByTestId('follow-event');
    await expect(follow).toHaveText(text.follow);
    await follow.click();
    await expect(follow).toHaveText(text.following);
    await expect(follow).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('menu-live').hover();
    await page.getByTestId('menu-live-my-events').click();
    await expect(page).toHaveURL(`/${locale}/events/my-events`);
    const followed = page.getByTestId('followed-events');
    await expect(followed.locator(`[data-slug="${UPCOMING_SLUG}"]`)).toBeVisible();
    await expect(page.getByTestId('booked-events-empty')).toBeVisible();
    await screenshot(page, `live-my-events-${locale}`);

    await page.getByTestId('unfollow-all').click();
    await expect(page.getByTestId('followed-events-empty')).toBeVisible();
    await page.getByTestId('menu-live').hover();
    await page.getByTestId('menu-live-all-events').click();
    await expect(card(page, UPCOMING_SLUG).getByTestId('follow-event')).toHaveText(text.follow);
    await expect(card(page, UPCOMING_SLUG).getByTestId('follow-event')).toHaveAttribute('aria-pressed', 'false');
  });

  test(`${locale}: an unknown event shows the live-event-not-found page with HTTP 404`, async ({ page, baseURL }) => {
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    expect((await page.goto(`/${locale}/events/no-such-event-${Date.now()}`))?.status()).toBe(404);
    await expect(page.getByTestId('live-event-not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notFound);
    expect((await page.goto(`/${locale}/events/${LIVE_SLUG}`))?.status()).toBe(200);
  });
}

test('a status change reaches an open events list without a reload', async ({ page, baseURL }) => {
  const admin = await adminApi(baseURL ?? '');
  try {
    // Kept off the dashboard, so other specs' front pages do not see it.
    const start = new Date(Date.now() + 2 * 3600_000).toISOString();
    const created = await admin.post('/api/admin/content/live/events', {
      data: { live_event: { title: `Press briefing ${Date.now()}`, start_at: start, status: 'confirmed', front_page_ban: true } },
    });
    expect(created.status()).toBe(201);
    const { id, slug } = (await created.json()) as { id: number; slug: string };

    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto('/en/events');
    // The channel is subscribed once the page says so; a change sent before would be missed.
    await expect(page.getByTestId('events-page')).toHaveAttribute('data-live', 'true');
    await expect(card(page, slug).getByTestId('event-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('event-card').first()).not.toHaveAttribute('data-slug', slug);
    await page.evaluate(() => Object.assign(window, { liveSpecMark: true }));

    expect((await admin.patch(`/api/admin/content/live/events/${id}`, { data: { live_event: { status: 'live' } } })).ok()).toBe(true);
    await expect(page.getByTestId('event-card').first()).toHaveAttribute('data-slug', slug);
    await expect(card(page, slug).getByTestId('event-status')).toHaveText('Live');
    expect(await page.evaluate(() => 'liveSpecMark' in window)).toBe(true);

    // Canceled: gone from the list, still without a reload.
    expect((await admin.patch(`/api/admin/content/live/events/${id}`, { data: { live_event: { status: 'canceled' } } })).ok()).toBe(true);
    await expect(card(page, slug)).toHaveCount(0);
    expect(await page.evaluate(() => 'liveSpecMark' in window)).toBe(true);
  } finally {
    await admin.dispose();
  }
});
