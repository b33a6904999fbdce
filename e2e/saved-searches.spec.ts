import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { adminApi } from './support/admin.ts';
import { signInThroughApi } from './support/demo.ts';
import { keepScreenshot } from './support/screenshots.ts';

/**
 * Saved searches (issue 30): a user saves a search from the search page with its name and alerts,
 * finds it in their saved searches (the profile menu leads there), changes how to hear, opens it
 * (the search page with its query) and removes it. Then the news: a user saves a search, an editor
 * publishes a story it matches, and the user sees the count, opens the search's matches (the story
 * linked to its video page) and the count goes back to 0.
 */
const TEXTS = {
  en: {
    nothingNew: 'Nothing new',
    daily: 'In the app · Daily e-mail digest',
    changed: 'In the app · E-mail at once · Browser push',
    free: 'Free only: yes',
    oneNew: '1 new video',
    showOneNew: 'Show matches (1 new)',
    show: 'Show matches',
    hide: 'Hide matches',
    isNew: 'New',
    headline: 'Okapi census {{word}} finds more calves',
  },
  ar: {
    nothingNew: 'لا جديد',
    daily: 'داخل التطبيق · ملخص يومي بالبريد',
    changed: 'داخل التطبيق · بريد فوري · إشعار المتصفح',
    free: 'المجانية فقط: نعم',
    oneNew: 'فيديو جديد واحد',
    showOneNew: 'عرض الفيديوهات المطابقة (فيديو جديد واحد)',
    show: 'عرض الفيديوهات المطابقة',
    hide: 'إخفاء الفيديوهات المطابقة',
    isNew: 'جديد',
    headline: 'إحصاء حيوان الأوكابي {{word}} يجد صغارًا أكثر',
  },
} as const;

async function screenshot(page: Page, name: string) {
  await page.mouse.move(5, 400);
  await keepScreenshot(page, { path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user saves a search from the search page, sees it listed, changes its alerts, opens and removes it`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));

    await page.goto(`/${locale}/search?search=flood&free_access=true`);
    await expect(page.getByTestId('search-page')).toBeVisible();
    await page.getByTestId('save-search').click();
    const dialog = page.getByTestId('save-search-dialog');
    await expect(dialog).toBeVisible();
    // The name starts as the search's text; an empty one is refused.
    await expect(dialog.getByTestId('saved-search-name')).toHaveValue('flood');
    await dialog.getByTestId('saved-search-name').fill('');
    await dialog.getByTestId('save-search-submit').click();
    await expect(dialog.getByTestId('saved-search-name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('saved-search-name').fill('Floods');
    await dialog.getByTestId('alert-email').selectOption('daily');
    await screenshot(page, `saved-searches-dialog-${locale}`);
    await dialog.getByTestId('save-search-submit').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-saved-searches').click();
    await expect(page).toHaveURL(`/${locale}/user/saved-searches`);
    const row = page.getByTestId('saved-search');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('saved-search-open')).toHaveText('Floods');
    await expect(row.getByTestId('saved-search-query')).toContainText('flood');
    await expect(row.getByTestId('saved-search-query')).toContainText(text.free);
    await expect(row.getByTestId('saved-search-count')).toHaveText(text.nothingNew);
    await expect(row.getByTestId('saved-search-alerts')).toHaveText(text.daily);
    await screenshot(page, `saved-searches-page-${locale}`);

    await row.getByTestId('saved-search-edit').click();
    const alerts = page.getByTestId('saved-search-alerts-dialog');
    await alerts.getByTestId('alert-email').selectOption('now');
    await alerts.getByTestId('alert-push').click();
    await alerts.getByTestId('saved-search-alerts-submit').click();
    await expect(alerts).toBeHidden();
    await expect(row.getByTestId('saved-search-alerts')).toHaveText(text.changed);

    // Opening it is the search page with its query.
    await row.getByTestId('saved-search-open').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?search=flood&free_access=true$`));
    await expect(page.getByTestId('search-page')).toBeVisible();

    await page.goto(`/${locale}/user/saved-searches`);
    await page.getByTestId('saved-search-remove').click();
    await page.getByTestId('saved-search-remove-confirm').click();
    await expect(page.getByTestId('saved-searches-empty')).toBeVisible();
    await expect(page.getByTestId('saved-search')).toHaveCount(0);
  });
}

const WORK = path.join(process.cwd(), 'test-results', 'saved-searches');

/** 2 s of small picture and tone: a master the ingest makes ready in seconds. */
function makeClip(file: string) {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
}

/**
 * The newsroom's editor publishes a story through the desk's API (the desk's screens have their
 * own journeys, e2e/desk-content.spec.ts): the master uploaded in one tus call, described in the
 * story's language once it is ready, and published. Answers the story's slug in the catalogue.
 */
async function publishStory(baseURL: string, language: 'en' | 'ar', headline: string, word: string): Promise<string> {
  mkdirSync(WORK, { recursive: true });
  const clip = path.join(WORK, `${word}.mp4`);
  makeClip(clip);
  const bytes = readFileSync(clip);
  const desk = await adminApi(baseURL, 'newsroom');
  const tus = { 'tus-resumable': '1.0.0' };
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await desk.post('/api/desk/uploads', {
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${base64(`${word}.mp4`)},filetype ${base64('video/mp4')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = Number(created.headers()['upload-item-id']);
  const sent = await desk.patch(created.headers().location ?? '', {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBe(204);
  const mediaState = async () => ((await (await desk.get(`/api/desk/ingest/items/${id}`)).json()) as { media_state: string }).media_state;
  await expect.poll(mediaState, { timeout: 150_000, intervals: [1000] }).toMatch(/^(ready|failed)$/);
  expect(await mediaState()).toBe('ready');
  const item = (await (await desk.get(`/api/desk/content/${id}`)).json()) as { version: number };
  const described = await desk.patch(`/api/desk/content/${id}`, {
    data: {
      version: item.version,
      fields: {
        language,
        texts: {
          [language]: { headline, script: 'Rangers counted the forest giraffes.', shotlist: [{ timecode: '00:01', text: 'Okapi' }] },
        },
        dateline_place: 'Epulu',
        dateline_date: '2026-11-20',
        source: 'Newsreel',
        access: 'paid',
        one_off_price_cents: 5000,
      },
    },
  });
  expect(described.status(), await described.text()).toBe(200);
  const published = await desk.post(`/api/desk/content/${id}/publish`, { data: {} });
  expect(published.status(), await published.text()).toBe(200);
  const slug = ((await published.json()) as { video_project_slug: string | null }).video_project_slug;
  await desk.dispose();
  expect(slug).toBeTruthy();
  return slug ?? '';
}

for (const locale of ['en', 'ar'] as const) {
  const text = TEXTS[locale];

  test(`${locale}: a user saves a search, an editor publishes a story it matches, the user opens its matches and the count goes back to 0`, async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const word = `okapi${Math.random().toString(36).slice(2, 8)}`;
    const headline = text.headline.replace('{{word}}', word);
    await signInThroughApi(page, baseURL, await createAccount(request, { locale }));

    await page.goto(`/${locale}/search?search=${word}`);
    await page.getByTestId('save-search').click();
    const dialog = page.getByTestId('save-search-dialog');
    await expect(dialog.getByTestId('saved-search-name')).toHaveValue(word);
    await dialog.getByTestId('save-search-submit').click();
    await expect(dialog).toBeHidden();

    // Nothing matched yet: its matches say so.
    await page.goto(`/${locale}/user/saved-searches`);
    const row = page.getByTestId('saved-search');
    const count = row.getByTestId('saved-search-count');
    const toggle = row.getByTestId('saved-search-matches-toggle');
    await expect(count).toHaveText(text.nothingNew);
    await expect(toggle).toHaveText(text.show);
    await toggle.click();
    await expect(row.getByTestId('saved-search-matches-empty')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(row.getByTestId('saved-search-matches')).toHaveCount(0);

    const slug = await publishStory(baseURL ?? '', locale, headline, word);

    // The match is made after the publication (a job): the page is read again once it is there.
    // Asked by the page itself: Playwright's request context may reuse a connection the server closed meanwhile.
    const newMatches = () =>
      page.evaluate(async () => {
        const answer = (await (await fetch('/api/current_user/saved_searches')).json()) as { saved_searches: { new_matches: number }[] };
        return answer.saved_searches[0]?.new_matches;
      });
    await expect.poll(newMatches, { timeout: 60_000, intervals: [1000] }).toBe(1);
    await page.reload();
    await expect(count).toHaveText(text.oneNew);
    await expect(toggle).toHaveText(text.showOneNew);
    await toggle.click();
    const match = row.getByTestId('saved-search-match');
    await expect(match).toHaveCount(1);
    await expect(match).toHaveAttribute('data-new', 'true');
    await expect(match.getByTestId('saved-search-match-new')).toHaveText(text.isNew);
    const link = match.getByTestId('saved-search-match-link');
    await expect(link).toHaveText(headline);
    await expect(link).toHaveAttribute('href', `/${locale}/videos/${encodeURIComponent(slug)}`);
    // Opened, the search's news is seen: its count is back to 0, and stays so.
    await expect(count).toHaveText(text.nothingNew);
    await expect(toggle).toHaveText(text.hide);
    await screenshot(page, `saved-searches-matches-${locale}`);
    await page.reload();
    await expect(count).toHaveText(text.nothingNew);
    await toggle.click();
    await expect(match).toHaveAttribute('data-new', 'false');

    await link.click();
    await expect(page).toHaveURL(`/${locale}/videos/${encodeURIComponent(slug)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
  });
}
