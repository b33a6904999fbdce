import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { acceptNecessaryCookies, createAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { catalogueText } from './support/catalogues.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The Live screens (spec: content §2 "Live screens", §4 "Following", "Live event status"): the
 * events list, the event view, my events, status changes arriving without a reload, and a
 * finished event's recording and the archive.
 */
// One after another: the status-change test puts an event live, which would move it to the front of
// a list another test of this file has open.
test.describe.configure({ mode: 'default' });

/** The demo's live event (src/server/modules/live/seed.ts), and an upcoming one anyone may follow. */
const LIVE_SLUG = 'flood-relief-press-conference';
const UPCOMING_SLUG = 'launch-from-baikonur';

const TEXTS = {
  en: {
    live: 'Live',
    follow: 'Follow',
    following: 'Following',
    notFound: 'Live event not found',
    stopped: 'The live picture stopped',
    retry: 'Try again',
    recordings: 'Event recordings',
    archive: 'Event archive',
    finished: 'Finished',
    watch: 'Watch and download',
    embed: 'Embed',
    privacyRequired: 'Please accept the Privacy Policy',
    copied: 'Copied',
    keySet: 'key set',
    idle: 'Idle',
    rtmpError: 'Value is not an RTMP URL',
    youtube: 'YouTube',
    tvuMissing: 'To stream to TVU, add your TVU e-mail to your profile.',
  },
  ar: {
    live: 'مباشر',
    follow: 'متابعة',
    following: 'تتابعه',
    notFound: 'الحدث المباشر غير موجود',
    stopped: 'توقفت الصورة المباشرة',
    retry: 'إعادة المحاولة',
    recordings: 'تسجيلات الأحداث',
    archive: 'أرشيف الأحداث',
    finished: 'انتهى',
    watch: 'شاهِد ونزِّل',
    embed: 'تضمين',
    privacyRequired: 'يرجى قبول سياسة الخصوصية',
    copied: 'تم النسخ',
    keySet: 'المفتاح محدد',
    idle: 'خامل',
    rtmpError: 'القيمة ليست رابط RTMP',
    youtube: 'يوتيوب',
    tvuMissing: 'للبث إلى TVU، أضف بريدك الإلكتروني في TVU إلى ملفك الشخصي.',
  },
} as const;

const card = (page: Page, slug: string) => page.locator(`[data-testid="event-card"][data-slug="${slug}"]`);
/** A whole page, with no menu panel left open by the pointer. */
async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  // A menu panel also stays open while its link has the focus (after a click on it).
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
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
    // Its picture, or the wait for it while the demo publisher starts (the next tests watch it).
    await expect(page.getByTestId('event-player')).toHaveAttribute('data-state', 'live');
    await expect(page.getByTestId('event-facts')).toContainText('1080p');
    await expect(page).toHaveTitle('Flood relief plan: press conference · Newsreel');
    await screenshot(page, `live-event-${locale}`);

    // An upcoming event says when its feed opens.
    await page.goto(`/${locale}/events/${UPCOMING_SLUG}`);
    await expect(page.getByTestId('event-player')).toHaveAttribute('data-state', 'upcoming');
    await expect(page.getByTestId('event-player')).toContainText('15');
  });

  test(`${locale}: a visitor is asked to sign in; a registered user watches the live event's picture, in a box that keeps its 16:9 place`, async ({
    page,
    baseURL,
    request,
  }) => {
    // The demo publisher starts with the server; the page asks for the event again every 15 s until its picture comes.
    test.setTimeout(180_000);
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    // Free events are for registered users (spec: content §1): a visitor reads why, with sign-in.
    await page.goto(`/${locale}/events/${LIVE_SLUG}`);
    await expect(page.getByTestId('event-player')).toHaveAttribute('data-picture', 'refused');
    await expect(page.getByTestId('watch-sign-in')).toHaveAttribute('href', new RegExp(`/${locale}/signin\\?redirect=`));
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/${locale}/events/${LIVE_SLUG}`);
    const player = page.getByTestId('event-player');
    await expect(player).toHaveAttribute('data-picture', 'playing', { timeout: 60_000 });
    const video = page.getByTestId('event-video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('controls', true);

    // Playing: the picture's clock advances between two reads.
    const media = await video.elementHandle();
    const first = await page.waitForFunction(
      (media) => media instanceof HTMLVideoElement && !media.paused && media.currentTime > 0 && media.currentTime,
      media,
      { timeout: 60_000 },
    );
    const from = Number(await first.jsonValue());
    await page.waitForFunction(
      ({ media, from }) => media instanceof HTMLVideoElement && media.currentTime >= from + 1.5,
      { media, from },
      { timeout: 30_000 },
    );
    expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);

    // hls.js came as a chunk of its own, once there was a picture to play.
    expect(scripts.some((script) => /\/assets\/hls[.-][\w-]*\.js$/.test(script))).toBe(true);
    // The picture fills the box, which keeps the 16:9 place it had before the picture came.
    const box = await player.boundingBox();
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    expect((await video.boundingBox())?.height).toBeCloseTo(box?.height ?? 0, 0);
    await screenshot(page, `live-event-playing-${locale}`);
  });

  test(`${locale}: a picture that stops offers to try again, which plays it on a new link`, async ({ page, baseURL, request }) => {
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    // The playlist refused (an expired link, say): hls.js gives up at once on a 4xx.
    const playlist = /\/live\/\d+\/index\.m3u8/;
    const refused: string[] = [];
    await page.route(playlist, (route) => {
      refused.push(route.request().url());
      return route.fulfill({ status: 403 });
    });
    await page.goto(`/${locale}/events/${LIVE_SLUG}`);
    const player = page.getByTestId('event-player');
    await expect(player).toHaveAttribute('data-picture', 'failed', { timeout: 20_000 });
    await expect(player.getByRole('alert')).toHaveText(text.stopped);
    await screenshot(page, `live-event-stopped-${locale}`);

    await page.unroute(playlist);
    await player.getByTestId('event-player-retry').click();
    await expect(player).toHaveAttribute('data-picture', 'playing');
    const signed = refused[0] ?? '';
    await expect
      .poll(() => page.getByTestId('event-video').evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0);
    // A new signed link, not the refused one again.
    const links = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(links.some((link) => playlist.test(link) && link !== signed)).toBe(true);
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

test('a status change reaches an open events list without a reload', async ({ page, baseURL, request }) => {
  const admin = await adminApi(baseURL ?? '');
  try {
    // Kept off the dashboard, so other specs' front pages do not see it.
    const start = new Date(Date.now() + 2 * 3600_000).toISOString();
    const created = await admin.post('/api/admin/content/live/events', {
      data: { live_event: { title: `Press briefing ${Date.now()}`, start_at: start, status: 'confirmed', front_page_ban: true } },
    });
    expect(created.status()).toBe(201);
    const { id, slug } = (await created.json()) as { id: number; slug: string };

    // Signed in: a registered user's page of a live event waits for its picture (a visitor's asks to sign in).
    await signInThroughApi(page, baseURL, await createAccount(request));
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

    // Live with no publisher on: its page says the picture is coming.
    const view = await page.context().newPage();
    await view.goto(`/en/events/${slug}`);
    await expect(view.getByTestId('event-player')).toHaveAttribute('data-picture', 'waiting');
    await expect(view.getByTestId('event-player')).toHaveText('Live now The picture will start in a moment');
    await screenshot(view, 'live-event-waiting-en');
    await view.close();

    // Canceled: gone from the list, still without a reload.
    expect((await admin.patch(`/api/admin/content/live/events/${id}`, { data: { live_event: { status: 'canceled' } } })).ok()).toBe(true);
    await expect(card(page, slug)).toHaveCount(0);
    expect(await page.evaluate(() => 'liveSpecMark' in window)).toBe(true);
  } finally {
    await admin.dispose();
  }
});

/** An upcoming event made through the admin API, kept off the dashboard so other specs do not see it. */
async function createUpcomingEvent(baseURL: string, title: string, access: 'free' | 'pool' | 'client'): Promise<{ slug: string }> {
  const admin = await adminApi(baseURL);
  try {
    const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const created = await admin.post('/api/admin/content/live/events', {
      data: { live_event: { title: `${title} ${Date.now()}`, start_at: start, access, languages: ['en', 'ar'], front_page_ban: true } },
    });
    expect(created.status()).toBe(201);
    return (await created.json()) as { slug: string };
  } finally {
    await admin.dispose();
  }
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a signed-in user streams a free event to YouTube and gets a stream token`, async ({ page, baseURL, request }) => {
    const event = await createUpcomingEvent(baseURL ?? '', 'Port authority briefing', 'free');
    await page.goto(`/${locale}/events/${event.slug}`);
    // A visitor has none of a customer's tools.
    await expect(page.getByTestId('event-facts')).toBeVisible();
    await expect(page.getByTestId('event-targets')).toHaveCount(0);
    await expect(page.getByTestId('event-token')).toHaveCount(0);
    await expect(page.getByTestId('book-event')).toHaveCount(0);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    await page.goto(`/${locale}/events/${event.slug}`);
    const targets = page.getByTestId('event-targets');
    await expect(targets).toBeVisible();
    const form = page.getByTestId('event-target-form');
    await form.getByTestId('event-target-kind').selectOption('youtube');
    await expect(form.getByTestId('event-target-kind').locator('option:checked')).toHaveText(text.youtube);

    // A wrong address is said under its field.
    await form.getByTestId('event-target-url').fill('http://a.rtmp.youtube.com/live2');
    await form.getByTestId('event-target-stream_key').fill('abcd-efgh-ijkl');
    await form.getByTestId('event-target-submit').click();
    await expect(form.locator('.field', { has: page.getByTestId('event-target-url') }).locator('.field__error')).toHaveText(text.rtmpError);
    await expect(targets.getByTestId('event-target')).toHaveCount(0);

    await form.getByTestId('event-target-url').fill('rtmp://a.rtmp.youtube.com/live2');
    await form.getByTestId('event-target-submit').click();
    const target = targets.getByTestId('event-target');
    await expect(target).toHaveCount(1);
    await expect(target).toHaveAttribute('data-kind', 'youtube');
    await expect(target.getByTestId('event-target-address')).toHaveText('rtmp://a.rtmp.youtube.com/live2');
    await expect(target.getByTestId('event-target-key')).toHaveText(text.keySet);
    await expect(target.getByTestId('event-target-state')).toHaveText(text.idle);
    // The key is never shown back.
    await expect(targets).not.toContainText('abcd-efgh-ijkl');

    // A stream token for English, read-only, with its expiry, copied.
    const token = page.getByTestId('event-token');
    await token.getByTestId('event-token-language').selectOption('en');
    await token.getByTestId('event-token-submit').click();
    const value = token.getByTestId('event-token-value');
    await expect(value).not.toHaveValue('');
    await expect(value).toHaveJSProperty('readOnly', true);
    await expect(token.getByTestId('event-token-expires')).toBeVisible();
    await token.getByTestId('event-token-copy').click();
    await expect(token.getByTestId('event-token-copy')).toHaveText(text.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await value.inputValue());
    await screenshot(page, `live-event-tools-${locale}`);

    await target.getByTestId('event-target-remove').click();
    await expect(targets.getByTestId('event-target')).toHaveCount(0);

    // Facebook's api kind (spec: content §1 "facebook (base and api)"): the Live API's stream URL
    // alone, which must end with its key; the key is kept apart and never shown back.
    await form.getByTestId('event-target-kind').selectOption('facebook_api');
    await expect(form.getByTestId('event-target-stream_key')).toHaveCount(0);
    const urlError = form.locator('.field', { has: page.getByTestId('event-target-url') }).locator('.field__error');
    await form.getByTestId('event-target-url').fill('rtmps://live-api-s.facebook.com:443/rtmp/');
    await form.getByTestId('event-target-submit').click();
    await expect(urlError).toBeVisible();
    await form.getByTestId('event-target-url').fill('rtmps://live-api-s.facebook.com:443/rtmp/FB-77-0-AbCd?s_bl=1');
    await form.getByTestId('event-target-submit').click();
    await expect(target).toHaveAttribute('data-kind', 'facebook_api');
    await expect(target.getByTestId('event-target-address')).toHaveText('rtmps://live-api-s.facebook.com:443/rtmp/');
    await expect(target.getByTestId('event-target-key')).toHaveText(text.keySet);
    await expect(targets).not.toContainText('FB-77-0-AbCd');
    await target.getByTestId('event-target-remove').click();
    await expect(targets.getByTestId('event-target')).toHaveCount(0);

    // TVU: without a TVU e-mail in the profile there is no receiver to choose, and the form says where to add it.
    await form.getByTestId('event-target-kind').selectOption('tvu');
    const missing = form.getByTestId('event-target-tvu-missing');
    await expect(missing).toContainText(text.tvuMissing);
    await expect(missing.getByRole('link')).toHaveAttribute('href', `/${locale}/user/profile`);
    expect((await page.request.patch('/api/current_user', { data: { user: { tvu_email: `desk-${locale}@nile.example` } } })).status()).toBe(
      200,
    );
    await page.reload();
    await form.getByTestId('event-target-kind').selectOption('tvu');
    const receiver = form.getByTestId('event-target-tvu_receiver');
    await expect(receiver.locator('option')).toHaveCount(3);
    await receiver.selectOption({ index: 1 });
    await form.getByTestId('event-target-submit').click();
    await expect(target).toHaveCount(1);
    await expect(target).toHaveAttribute('data-kind', 'tvu');
    await expect(target.getByTestId('event-target-address')).toHaveText(
      (await receiver.locator('option').nth(1).getAttribute('value')) ?? '',
    );
  });
}

for (const locale of ['en', 'ar'] as const) {
  const say = (key: string, values: Record<string, string | number> = {}) => catalogueText(locale, key, values);

  test(`${locale}: a signed-in user sees the price, books a pool event, waits for the desk, is confirmed, and cancels`, async ({
    page,
    baseURL,
    request,
  }) => {
    // A pool event is for subscribers; anyone signed in may book it (client-only events are the client group's: common/access.ts).
    const event = await createUpcomingEvent(baseURL ?? '', 'Central bank statement', 'pool');
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
    await page.goto(`/${locale}/events/${event.slug}`);
    await expect(page.getByTestId('event-facts')).toBeVisible();
    // Not booked, not free: no targets yet (the server would answer 403).
    await expect(page.getByTestId('event-targets')).toHaveCount(0);
    await page.getByTestId('book-event').click();
    const dialog = page.getByTestId('booking-dialog');
    // The price before anything is asked: the event's, since no agreement of the new user's covers it.
    const price = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
    }).format(250);
    await expect(dialog.getByTestId('booking-quote')).toHaveText(say('live.bookingPrice', { price }));
    await expect(dialog.getByRole('link').first()).toHaveAttribute('href', `/${locale}/privacy-policy`);
    await dialog.getByTestId('booking-submit').click();
    await expect(dialog.getByTestId('booking-errors')).toHaveText(say('errors.privacy_required'));

    // The account's country (given at sign-up) stands for the billing country, so the booking goes through.
    await dialog.getByTestId('booking-privacy').click();
    await dialog.getByTestId('booking-comment').fill('Two cameras, please confirm by e-mail.');
    await screenshot(page, `live-event-booking-${locale}`);
    await dialog.getByTestId('booking-submit').click();
    await expect(dialog).toHaveCount(0);
    // Asked, not booked: the desk confirms it first, and the targets wait for that.
    await expect(page.getByTestId('event-booked')).toHaveText(say('live.bookingPending'));
    await expect(page.getByTestId('book-event')).toHaveCount(0);
    await expect(page.getByTestId('event-targets')).toHaveCount(0);
    await screenshot(page, `live-event-booking-pending-${locale}`);
    await page.goto(`/${locale}/events/my-events`);
    const mine = page.getByTestId('booked-events').getByTestId('event-card').filter({ hasText: 'Central bank statement' });
    await expect(mine.getByTestId('event-card-booking')).toHaveText(say('live.bookingStatePending'));

    // The sales desk confirms it (the business desk's inbox will show it; today its call).
    const sales = await adminApi(baseURL ?? '', 'sales');
    try {
      const waiting = (await (await sales.get('/api/desk/live_bookings?state=pending')).json()) as {
        bookings: { id: number; comment: string; event: { slug: string } }[];
      };
      const booking = waiting.bookings.find((item) => item.event.slug === event.slug);
      expect(booking?.comment).toBe('Two cameras, please confirm by e-mail.');
      expect((await sales.post(`/api/desk/live_bookings/${booking?.id}/confirmation`)).status()).toBe(200);
    } finally {
      await sales.dispose();
    }
    await page.goto(`/${locale}/events/${event.slug}`);
    await expect(page.getByTestId('event-booked')).toHaveText(say('live.bookedState'));
    // Booked: the targets are the user's to set.
    await expect(page.getByTestId('event-targets')).toBeVisible();
    await screenshot(page, `live-event-booked-${locale}`);

    // Cancelled before the start, after being asked: bookable again.
    await page.getByTestId('booking-cancel-open').click();
    await expect(page.getByTestId('booking-cancel-dialog')).toBeVisible();
    await page.getByTestId('booking-cancel-confirm').click();
    await expect(page.getByTestId('book-event')).toBeVisible();
    await expect(page.getByTestId('event-booked')).toHaveCount(0);
    await expect(page.getByTestId('event-targets')).toHaveCount(0);
  });
}

/**
 * An encoder pushing seconds of test picture and tone to an event's stream key, as a newsroom's
 * would. The server's ingest listens on E2E_PORT + 2000 (playwright.config.ts LIVE_RTMP_PORT).
 */
function publish(baseURL: string, streamKey: string, seconds: number): Promise<number | null> {
  const port = Number(new URL(baseURL).port) + 2000;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
    `rtmp://127.0.0.1:${port}/live/${streamKey}`,
  ];
  return new Promise((resolve, reject) => {
    const encoder = spawn('ffmpeg', args, { stdio: 'ignore' });
    encoder.on('error', reject);
    encoder.on('exit', (code) => resolve(code));
  });
}

test.describe('recordings and the archive', () => {
  // The tests share the recording the first one makes: a retry starts again from it, in one worker.
  test.describe.configure({ mode: 'serial' });
  /** The event this block streams and finishes, and its recording's video; set by the first test. */
  let recorded: { slug: string; title: string; videoSlug: string } | undefined;
  const recordingCard = (page: Page) => page.locator(`[data-testid="recording-card"][data-event-slug="${recorded?.slug}"]`);

  test('an event streamed and finished becomes a recording on the recordings page', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(baseURL ?? '');
    try {
      // Starting now, so its key publishes; kept off the dashboard, so other specs' front pages do not see it.
      const created = await admin.post('/api/admin/content/live/events', {
        data: {
          live_event: { title: `Harbour reopening briefing ${Date.now()}`, start_at: new Date().toISOString(), front_page_ban: true },
        },
      });
      expect(created.status()).toBe(201);
      const event = (await created.json()) as { id: number; slug: string; title: string; stream_key: string | null };
      expect(await publish(baseURL ?? '', event.stream_key ?? '', 5)).toBe(0);
      const finished = await admin.patch(`/api/admin/content/live/events/${event.id}`, { data: { live_event: { status: 'finished' } } });
      expect(finished.ok()).toBe(true);

      // The recording is made in the background: the page shows it after a reload or two.
      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      await page.goto('/en/events/recordings');
      const card = page.locator(`[data-testid="recording-card"][data-event-slug="${event.slug}"]`);
      await expect
        .poll(
          async () => {
            await page.reload();
            await expect(page.getByTestId('recordings-page')).toBeVisible();
            return card.count();
          },
          { timeout: 60_000, intervals: [2_000] },
        )
        .toBe(1);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(event.title);
      // About the five seconds pushed.
      await expect(card.getByTestId('recording-duration')).toContainText(/0:0[4-7]/);
      recorded = { slug: event.slug, title: event.title, videoSlug: (await card.getAttribute('data-video-slug')) ?? '' };
    } finally {
      await admin.dispose();
    }
  });

  for (const locale of ['en', 'ar'] as const) {
    const text = TEXTS[locale];

    test(`${locale}: a visitor moves between the Live screens by their tabs, and watches a recording on its video page`, async ({
      page,
      baseURL,
    }) => {
      expect(recorded, 'the recording of the first test').toBeDefined();
      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      await page.goto(`/${locale}/events`);
      const tabs = page.getByTestId('live-tabs');
      await expect(tabs.getByTestId('live-tab-all-events')).toHaveAttribute('aria-current', 'page');
      // My events is a signed-in user's.
      await expect(tabs.getByTestId('live-tab-my-events')).toHaveCount(0);
      await tabs.getByTestId('live-tab-recordings').click();
      await expect(page).toHaveURL(`/${locale}/events/recordings`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.recordings);
      await expect(page.getByTestId('live-tab-recordings')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('live-tab-all-events')).not.toHaveAttribute('aria-current', 'page');

      const card = recordingCard(page);
      await expect(card).toBeVisible();
      // Embedding needs a signed-in user.
      await expect(card.getByTestId('recording-embed')).toHaveCount(0);
      await screenshot(page, `live-recordings-${locale}`);

      await card.getByRole('link', { name: text.watch }).click();
      await expect(page).toHaveURL(`/${locale}/videos/${recorded?.videoSlug}`);
      await expect(page.getByTestId('video-text').getByRole('heading', { level: 1 })).toHaveText(recorded?.title ?? '');
      // The video page offers to book the recording (content §2 "book"): a visitor signs in first.
      const booking = page.getByTestId('recording-booking');
      await expect(booking).toContainText(recorded?.title ?? '');
      await expect(booking.getByTestId('video-book')).toHaveCount(0);
      await expect(booking.getByTestId('video-book-sign-in')).toHaveAttribute('href', new RegExp(`^/${locale}/signin\\?redirect=`));
      await expect(booking.getByTestId('video-book-event')).toHaveAttribute('href', `/${locale}/events/${recorded?.slug}`);
    });

    test(`${locale}: a signed-in user embeds a recording once the privacy policy is accepted, and copies the code`, async ({
      page,
      baseURL,
      request,
    }) => {
      expect(recorded, 'the recording of the first test').toBeDefined();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
      await signInThroughApi(page, baseURL, await createAccount(request, { locale }));
      await page.goto(`/${locale}/events/recordings`);
      await expect(page.getByTestId('live-tab-my-events')).toBeVisible();
      await recordingCard(page).getByTestId('recording-embed').click();
      const dialog = page.getByTestId('embed-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link')).toHaveAttribute('href', `/${locale}/privacy-policy`);

      // Not accepted: the server's refusal is said in the dialog.
      await dialog.getByTestId('embed-submit').click();
      await expect(dialog.getByTestId('embed-errors')).toHaveText(text.privacyRequired);

      await dialog.getByTestId('embed-privacy').click();
      await dialog.getByTestId('embed-submit').click();
      const code = dialog.getByTestId('embed-code');
      await expect(code).toHaveValue(/^<video src="\/files\//);
      await expect(code).toHaveJSProperty('readOnly', true);
      await dialog.getByTestId('embed-copy').click();
      await expect(dialog.getByTestId('embed-copy')).toHaveText(text.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
      await screenshot(page, `live-recording-embed-${locale}`);

      await dialog.getByTestId('embed-close').click();
      await expect(dialog).toHaveCount(0);

      // The same booking from the recording's video page.
      await page.goto(`/${locale}/videos/${recorded?.videoSlug}`);
      await page.getByTestId('recording-booking').getByTestId('video-book').click();
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('embed-privacy').click();
      await dialog.getByTestId('embed-submit').click();
      await expect(dialog.getByTestId('embed-code')).toHaveValue(/^<video src="\/files\//);
      await screenshot(page, `video-book-recording-${locale}`);
    });

    test(`${locale}: the archive lists the finished event with its badge`, async ({ page, baseURL }) => {
      expect(recorded, 'the event of the first test').toBeDefined();
      await acceptNecessaryCookies(page.context(), baseURL ?? '');
      await page.goto(`/${locale}/events/recordings`);
      await page.getByTestId('live-tab-archive').click();
      await expect(page).toHaveURL(`/${locale}/events/archived-events`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.archive);
      await expect(page.getByTestId('live-tab-archive')).toHaveAttribute('aria-current', 'page');
      const finished = card(page, recorded?.slug ?? '');
      await expect(finished.getByTestId('event-status')).toHaveText(text.finished);
      // Only finished events: the demo's live and upcoming ones are not here.
      await expect(card(page, LIVE_SLUG)).toHaveCount(0);
      await expect(card(page, UPCOMING_SLUG)).toHaveCount(0);
      await expect(page.locator('[data-testid="archived-events"] [data-testid="event-card"]:not([data-status="finished"])')).toHaveCount(0);
      await screenshot(page, `live-archive-${locale}`);
    });
  }
});
