import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { demoStoriesShortestFirst, signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * The notice centre (issue 28, "Discovery"), in English and Arabic: a new user downloads a file
 * that must be rendered (branded with a logo of their own, so no earlier render has it); the
 * "file ready" pop-up comes and goes; the header's bell says 1 unread; its panel lists "file
 * ready" with its time and a link to my content; "Mark all read" clears the count.
 */
const SHOTS = '/tmp/notification-centre';
const WORK = path.join(process.cwd(), 'test-results', 'notification-centre');

const READY_POPUP = { en: 'Your file is ready to download.', ar: 'ملفك جاهز للتنزيل.' } as const;
const BELL_UNREAD = { en: 'Notifications: 1 unread', ar: 'الإشعارات: إشعار واحد غير مقروء' } as const;
const BELL_NONE = { en: 'Notifications', ar: 'الإشعارات' } as const;
const MARK_ALL = { en: 'Mark all read', ar: 'تعليم الكل كمقروء' } as const;

/** A free video offered branded, a different one for each language. */
async function freeBrandedVideo(page: Page, index: number): Promise<{ slug: string; title: string }> {
  type List = { videos: { project_slug: string; title: string; free_access: boolean; format: string[]; duration: number }[] };
  const list = (await (
    await page.request.get('/api/content/video_projects', { params: { free_access: 'true', per_page: 48 } })
  ).json()) as List;
  const video = demoStoriesShortestFirst(list.videos).filter((candidate) => candidate.free_access && candidate.format.includes('branded'))[
    index
  ];
  if (!video) throw new Error('no free video offered branded');
  return { slug: video.project_slug, title: video.title };
}

/** A logo of a colour of its own: its file is new to the renditions cache, so the download is rendered. */
async function uploadOwnLogo(page: Page, origin: string, locale: string) {
  mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, `logo-${locale}.png`);
  const colour = Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0');
  execFileSync('ffmpeg', ['-y', '-v', 'error', '-f', 'lavfi', '-i', `color=c=0x${colour}:size=300x100`, '-frames:v', '1', file]);
  const uploaded = await page.request.put('/api/current_user/logo', {
    data: readFileSync(file),
    headers: { 'content-type': 'image/png', origin },
  });
  expect(uploaded.status()).toBe(200);
}

/**
 * Downloads the chosen file and waits for it to be made. The demo's masters are made after
 * start-up: a request made before the first is ready fails at once, and is asked again; its
 * "could not be prepared" notice is marked read, so only the file made is left unread.
 */
async function downloadRendered(page: Page, origin: string) {
  for (let attempt = 0; ; attempt += 1) {
    await page.getByTestId('download-button').click();
    const progress = page.getByTestId('download-progress');
    await expect(progress).toHaveAttribute('data-state', /^(ready|failed)$/, { timeout: 150_000 });
    if ((await progress.getAttribute('data-state')) === 'ready') return;
    if (attempt >= 8) throw new Error('the file could not be prepared');
    expect((await page.request.post('/api/current_user/notices/read_all', { data: {}, headers: { origin } })).status()).toBe(200);
    await page.waitForTimeout(10_000);
  }
}

for (const [index, locale] of (['en', 'ar'] as const).entries()) {
  test(`${locale}: a file made for the user is kept in the notice centre after its pop-up has gone`, async ({ page, baseURL, request }) => {
    test.setTimeout(300_000);
    mkdirSync(SHOTS, { recursive: true });
    const origin = baseURL ?? '';
    const account = await createAccount(request, { locale });
    await signInThroughApi(page, origin, account);
    await uploadOwnLogo(page, origin, locale);

    const video = await freeBrandedVideo(page, index);
    await page.goto(`/${locale}/videos/${video.slug}`);
    // The bell is there for a signed-in user, with nothing unread, and keeps its box when a count comes.
    const bell = page.getByTestId('notice-bell');
    await expect(bell).toHaveAttribute('aria-label', BELL_NONE[locale]);
    const before = await bell.boundingBox();

    await page.getByTestId('format-branded').click();
    await page.getByTestId('logo-bottom_right').click();
    await page.getByTestId('file-sd-mp4').click();
    await page.getByTestId('restrictions-agreement').click();
    await downloadRendered(page, origin);

    // The pop-up says the file is ready, then goes.
    const popup = page.getByTestId('notification').filter({ hasText: READY_POPUP[locale] });
    await expect(popup).toBeVisible();
    await expect(popup).toHaveCount(0, { timeout: 30_000 });

    // The bell says it, without a reload.
    await expect(bell).toHaveAttribute('data-unread', '1');
    await expect(bell).toHaveAttribute('aria-label', BELL_UNREAD[locale]);
    await expect(page.getByTestId('notice-bell-count')).toBeVisible();
    expect(await bell.boundingBox()).toEqual(before);

    await bell.click();
    const panel = page.getByTestId('notice-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // Newest first: the file made (a try before the demo's masters were made would be a read failure below it).
    const notice = panel.getByTestId('notice').first();
    await expect(panel.locator('[data-testid="notice"][data-kind="file_ready"]')).toHaveCount(1);
    await expect(notice).toHaveAttribute('data-kind', 'file_ready');
    await expect(notice).toHaveAttribute('data-read', 'false');
    await expect(notice).toContainText(video.title);
    await expect(notice).toContainText('240p MP4');
    await expect(notice.locator('time')).not.toBeEmpty();
    const link = notice.getByTestId('notice-link');
    await expect(link).toHaveAttribute('href', `/${locale}/user/my-content`);
    // The panel opens under the bell at the page's inline end: the right in English, the left in Arabic.
    const box = await panel.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    if (locale === 'ar') expect((box?.x ?? width) + (box?.width ?? 0) / 2).toBeLessThan(width / 2);
    else expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeGreaterThan(width / 2);
    // Under the header, whatever its height, not over it.
    const header = await page.locator('header.header').boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? Infinity));
    await keepScreenshot(page, { path: path.join(SHOTS, `panel-${locale}.png`) });

    await panel.getByRole('button', { name: MARK_ALL[locale] }).click();
    await expect(bell).toHaveAttribute('data-unread', '0');
    await expect(page.getByTestId('notice-bell-count')).toHaveCount(0);
    await expect(notice).toHaveAttribute('data-read', 'true');
    await expect(panel.getByRole('button', { name: MARK_ALL[locale] })).toBeDisabled();
    await keepScreenshot(page, { path: path.join(SHOTS, `panel-read-${locale}.png`) });

    // The link works: it opens my content, and the panel closes.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/user/my-content$`));
    await expect(page.getByTestId('my-content-page')).toBeVisible();
    await expect(panel).toHaveCount(0);

    // Read after a reload too: the notice is kept, read.
    await page.reload();
    await expect(bell).toHaveAttribute('aria-label', BELL_NONE[locale]);
    await bell.click();
    await expect(page.locator('[data-testid="notice"][data-kind="file_ready"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="notice"][data-read="false"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notice-panel')).toHaveCount(0);
    await expect(bell).toBeFocused();
  });
}
