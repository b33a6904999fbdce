import { spawn } from 'node:child_process';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Previews you can scrub (issue 28) on the recordings page, in English and Arabic: a live event
 * streamed for eight seconds and finished becomes a recording; once its storyboard is made (the
 * media.storyboard job, asked for by the recording), its card on /{locale}/events/recordings shows
 * the storyboard's bar along the picture's foot, and pointing at two places of it shows two
 * different tiles of the sprite, with their time; the keyboard steps a tile at a time.
 */
test.describe.configure({ mode: 'serial' });

type Recordings = { recordings: { event: { slug: string }; storyboard_url: string | null }[] };

/** The event this file streams and finishes; set by the first test. */
let recorded: { slug: string } | undefined;

/** An encoder pushing seconds of a moving test picture and tone to the event's key (the ingest on E2E_PORT + 2000). */
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

/** The recording's storyboard address in the recordings list, or '' while it has none (or no recording). */
async function storyboardOf(request: APIRequestContext, slug: string): Promise<string> {
  const list = (await (await request.get('/api/content/live/recordings')).json()) as Recordings;
  return list.recordings.find((item) => item.event.slug === slug)?.storyboard_url ?? '';
}

/** The tile shown when the pointer is `fraction` of the way along the bar: its place on the sprite, and the time said. */
async function tileAt(page: Page, card: Locator, fraction: number): Promise<{ position: string; time: string }> {
  const track = card.getByTestId('storyboard-track');
  const box = await track.boundingBox();
  if (!box) throw new Error('the storyboard bar is not shown');
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 4 });
  const thumb = card.getByTestId('storyboard-thumb');
  await expect(thumb).toBeVisible();
  return {
    position: await thumb.evaluate((element) => getComputedStyle(element).backgroundPosition),
    time: (await card.getByTestId('storyboard-preview').textContent()) ?? '',
  };
}

test('an event streamed and finished becomes a recording whose storyboard is made', async ({ baseURL, request }) => {
  test.setTimeout(240_000);
  const admin = await adminApi(baseURL ?? '');
  try {
    // Starting now, so its key publishes; kept off the dashboard, so other specs' front pages do not see it.
    const created = await admin.post('/api/admin/content/live/events', {
      data: {
        live_event: { title: `Storyboard harbour briefing ${Date.now()}`, start_at: new Date().toISOString(), front_page_ban: true },
      },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: number; slug: string; stream_key: string | null };
    expect(await publish(baseURL ?? '', event.stream_key ?? '', 8)).toBe(0);
    const finished = await admin.patch(`/api/admin/content/live/events/${event.id}`, { data: { live_event: { status: 'finished' } } });
    expect(finished.ok()).toBe(true);
    // The recording, then its storyboard, are made in the background.
    await expect
      .poll(() => storyboardOf(request, event.slug), { timeout: 180_000, intervals: [2_000] })
      .toMatch(/^\/media\/storyboards\/\d+\/[0-9a-f]{16}\/storyboard\.vtt$/);
    recorded = { slug: event.slug };
  } finally {
    await admin.dispose();
  }
});

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a recording's card is scrubbed through its storyboard, by pointer and by keyboard`, async ({ page, baseURL }) => {
    expect(recorded, 'the recording of the first test').toBeDefined();
    await acceptNecessaryCookies(page.context(), baseURL ?? '');
    await page.goto(`/${locale}/events/recordings`);
    const card = page.locator(`[data-testid="recording-card"][data-event-slug="${recorded?.slug}"]`);
    const track = card.getByTestId('storyboard-track');
    await expect(track).toHaveAttribute('data-ready', 'true');
    await expect(track).toHaveAttribute('role', 'slider');
    await expect(track).toHaveAttribute('aria-label', locale === 'en' ? 'Storyboard of the recording' : 'لوحة مشاهد التسجيل');
    // The length stays on the picture, clear of the bar.
    await expect(card.getByTestId('recording-duration')).toBeVisible();
    await card.scrollIntoViewIfNeeded();

    // Some eight seconds (as the segments fell): a tile every 2 s. An eighth of the way is the first
    // tile; seven eighths, a later one.
    const early = await tileAt(page, card, 0.125);
    await keepScreenshot(page, { path: `/tmp/recording-storyboard-early-${locale}.png` });
    const late = await tileAt(page, card, 0.875);
    await keepScreenshot(page, { path: `/tmp/recording-storyboard-late-${locale}.png` });
    expect(early.position).toBe('0px 0px');
    expect(late.position).toMatch(/^-(320|480|640)px 0px$/);
    expect(early.time).toMatch(/^0:0[01]$/);
    expect(late.time).toMatch(/^0:0[5-9]$/);
    // The tile is cut from the sprite the browser is given.
    const sprite = await card.getByTestId('storyboard-thumb').evaluate(async (element) => {
      const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(element).backgroundImage)?.[1] ?? '';
      const answer = await fetch(url);
      return [answer.status, answer.headers.get('content-type')];
    });
    expect(sprite).toEqual([200, 'image/jpeg']);

    // Off the bar, the tile goes; the keyboard brings it back a tile at a time.
    await page.mouse.move(5, 5);
    await expect(card.getByTestId('storyboard-thumb')).toHaveCount(0);
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByTestId('storyboard-preview')).toHaveAttribute('data-time', '2.00');
    await expect(card.getByTestId('storyboard-thumb')).toHaveCSS('background-position', '-160px 0px');
    await keepScreenshot(page, { path: `/tmp/recording-storyboard-keyboard-${locale}.png` });

    // Its video page is scrubbed the same way.
    await card.getByTestId('recording-watch').click();
    await expect(page.getByTestId('preview-still').getByTestId('storyboard-track')).toHaveAttribute('data-ready', 'true');
  });
}
