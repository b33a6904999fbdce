import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Previews you can scrub (issue 28), in English and Arabic: a story without a preview clip, as a
 * live event's recording is, shows its poster with the storyboard's bar instead of "No preview
 * clip"; pointing at two places of the bar shows two different tiles of the sprite, the keyboard
 * moves a tile at a time, and nothing on the page moves while the tiles show. The demo's stories
 * share its one master (DEMO_MASTERS=1), whose storyboard the job queue makes after start-up.
 */
type Listing = { videos: { project_slug: string; has_preview_video: boolean }[] };
type Detail = { storyboard_url: string | null };

const NO_PREVIEW = { en: 'No preview clip', ar: 'لا يوجد مقطع تمهيدي' } as const;

/** Waits for the demo master's storyboard (clips, then the master, then its storyboard are made after start-up). */
async function waitForStoryboard(request: APIRequestContext, slug: string) {
  await expect
    .poll(async () => ((await (await request.get(`/api/content/video_projects/${slug}`)).json()) as Detail).storyboard_url ?? '', {
      timeout: 360_000,
      intervals: [2000],
    })
    .toMatch(/^\/media\/storyboards\/\d+\/[0-9a-f]{16}\/storyboard\.vtt$/);
}

/**
 * The demo's oldest stories: they share the demo master, and clips are made for the newest only.
 * (The newest may be stories other specs published from small uploads of their own.)
 */
async function stories(request: APIRequestContext) {
  return ((await (await request.get('/api/content/video_projects?per_page=48&sort=oldest')).json()) as Listing).videos;
}

/** The tile shown when the pointer is `fraction` of the way along the bar: its place on the sprite. */
async function tileAt(page: Page, track: Locator, fraction: number): Promise<string> {
  const box = await track.boundingBox();
  if (!box) throw new Error('the storyboard bar is not shown');
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 4 });
  const thumb = page.getByTestId('storyboard-thumb');
  await expect(thumb).toBeVisible();
  return thumb.evaluate((element) => getComputedStyle(element).backgroundPosition);
}

// Layout shifts after `since`, as CLS counts them (a pointer's movement is no input that excuses one).
const OBSERVE_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__shifts.push({ at: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
`;
const shiftsSince = (page: Page, since: number) =>
  page.evaluate(
    (from) =>
      (window as unknown as { __shifts: { at: number; value: number }[] }).__shifts
        .filter((s) => s.at >= from)
        .reduce((n, s) => n + s.value, 0),
    since,
  );

test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

for (const [index, locale] of (['en', 'ar'] as const).entries()) {
  test(`${locale}: a story without a clip is scrubbed through its storyboard, by pointer and by keyboard`, async ({ page, request }) => {
    test.setTimeout(480_000);
    const first = (await stories(request))[0]?.project_slug ?? '';
    await waitForStoryboard(request, first);
    // By now the demo's clips are made: the stories without one are those a clip never comes to.
    const withoutClip = (await stories(request)).filter((video) => !video.has_preview_video);
    const slug = withoutClip[index]?.project_slug;
    if (!slug) throw new Error('no story without a preview clip');

    await page.addInitScript(OBSERVE_SHIFTS);
    await page.goto(`/${locale}/videos/${slug}`);
    const still = page.getByTestId('preview-still');
    const track = still.getByTestId('storyboard-track');
    await expect(track).toHaveAttribute('data-ready', 'true');
    await expect(still).not.toContainText(NO_PREVIEW[locale]);
    await expect(track).toHaveAttribute('role', 'slider');
    await page.waitForLoadState('networkidle');

    const before = await page.evaluate(() => performance.now());
    // The demo master lasts 10 s: a tile every 2 s. A quarter of the way is its second tile, three quarters its fourth.
    const early = await tileAt(page, track, 0.25);
    const late = await tileAt(page, track, 0.75);
    expect(early).toBe('-160px 0px');
    expect(late).toBe('-480px 0px');
    expect(early).not.toBe(late);
    // The sprite the tiles are cut from is there to be seen, as the browser asks for it.
    const sprite = await page.getByTestId('storyboard-thumb').evaluate(async (element) => {
      const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(element).backgroundImage)?.[1] ?? '';
      const answer = await fetch(url);
      return [answer.status, answer.headers.get('content-type')];
    });
    expect(sprite).toEqual([200, 'image/jpeg']);
    await expect(page.getByTestId('storyboard-preview')).toContainText('0:07');
    await keepScreenshot(page, { path: `/tmp/storyboard-${locale}.png` });
    expect(await shiftsSince(page, before)).toBeLessThan(0.001);

    // Off the bar, the tile goes; the keyboard brings it back a tile at a time.
    await page.mouse.move(5, 5);
    await expect(page.getByTestId('storyboard-thumb')).toHaveCount(0);
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('storyboard-preview')).toHaveAttribute('data-time', '2.00');
    await expect(page.getByTestId('storyboard-thumb')).toHaveCSS('background-position', '-160px 0px');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('storyboard-thumb')).toHaveCSS('background-position', '-480px 0px');
    await expect(track).toHaveAttribute('aria-valuenow', '6');
    await page.keyboard.press('End');
    await expect(page.getByTestId('storyboard-thumb')).toHaveCSS('background-position', '-640px 0px');
    await keepScreenshot(page, { path: `/tmp/storyboard-keyboard-${locale}.png` });

    // A story with a clip keeps its player, and has the bar below it.
    const withClip = (await stories(request)).find((video) => video.has_preview_video)?.project_slug;
    if (withClip) {
      await page.goto(`/${locale}/videos/${withClip}`);
      await expect(page.getByTestId('preview-player')).toBeVisible();
      await expect(page.getByTestId('storyboard').getByTestId('storyboard-track')).toHaveAttribute('data-ready', 'true');
    }
  });
}
