import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { catalogueText } from './support/catalogues.ts';
import { signInAsStaff } from './support/staff.ts';

/*
 * Ingest from the browser (issue: the newsroom desk), in English and Arabic: an editor uploads a
 * 10-second clip, the connection is cut mid-upload, the upload goes on from where the server had it
 * once the connection is back, and the story's media becomes ready, its stages shown live.
 */
const SHOTS = 'test-results/screens';

let dir: string;
let clip: string;
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'desk-ingest-e2e-'));
  clip = path.join(dir, 'harbour-fire.mp4');
  // 10 s of small picture: about 1.5 MB, sent in one PATCH that the test cuts in two.
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '10'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1200k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip],
  ]);
});

/**
 * Cuts the first PATCH mid-way, as a dropped connection does: the server receives its first half,
 * then the browser goes offline and sees the request fail. Returns how many bytes got through.
 */
async function cutFirstPatch(page: Page): Promise<{ delivered: () => number }> {
  let delivered = 0;
  let cut = false;
  await page.route('**/api/desk/uploads/*', async (route) => {
    const request = route.request();
    if (cut || request.method() !== 'PATCH') return route.fallback();
    cut = true;
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    const half = body.subarray(0, Math.floor(body.length / 2));
    const headers = Object.fromEntries(Object.entries(request.headers()).filter(([name]) => name.toLowerCase() !== 'content-length'));
    const response = await route.fetch({ postData: half, headers });
    expect(response.status()).toBe(204);
    delivered = Number(response.headers()['upload-offset']);
    await page.context().setOffline(true);
    await route.abort('internetdisconnected');
  });
  return { delivered: () => delivered };
}

for (const locale of ['en', 'ar'] as const) {
  const text = (key: string, values: Record<string, string | number> = {}) => catalogueText(locale, key, values);

  test(`${locale}: an editor's upload cut mid-way goes on where it stopped, and its story becomes ready`, async ({ page, baseURL }) => {
    test.slow();
    await signInAsStaff(page, 'newsroom', baseURL);
    await page.goto(`/${locale}/desk/uploads`);
    // The screen's chunk and texts load on demand: on a busy machine, give them time.
    await expect(page.getByRole('heading', { name: text('deskIngest.title') })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('desk-menu-deskUploads')).toBeVisible();

    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/desk/uploads')) calls.push(request.method());
    });
    const cut = await cutFirstPatch(page);
    await page.getByTestId('ingest-files').setInputFiles(clip);
    const row = page.getByTestId('ingest-row');
    // The server named the story at once: a new draft, linked from the row.
    await expect(row.getByTestId('ingest-item-link')).toBeVisible();
    // The connection dropped with half the file at the server: the upload waits for it to come back.
    await expect(row).toHaveAttribute('data-status', 'offline');
    await expect(row.getByTestId('ingest-status')).toHaveText(text('deskIngest.status.offline'));
    expect(cut.delivered()).toBeGreaterThan(100_000);
    await page.screenshot({ path: `${SHOTS}/desk-ingest-offline-${locale}.png`, fullPage: true });
    await page.context().setOffline(false);

    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    // One upload, asked where it stood after the cut (HEAD) and continued: never sent again from the start.
    expect(calls.filter((method) => method === 'POST')).toHaveLength(1);
    expect(calls).toContain('HEAD');
    expect(calls.filter((method) => method === 'PATCH').length).toBeGreaterThanOrEqual(2);
    await expect(row.getByTestId('ingest-percent')).toHaveText(text('deskIngest.percent', { percent: 100 }));

    const stage = row.getByTestId('ingest-stage');
    await expect(stage).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
    await expect(stage).toContainText(text('deskIngest.mediaState.ready'));
    await expect(stage).toContainText('320×180');
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await page.screenshot({ path: `${SHOTS}/desk-ingest-ready-${locale}.png`, fullPage: true });
  });
}
