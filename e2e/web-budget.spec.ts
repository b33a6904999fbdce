import { expect, test, type Page } from '@playwright/test';

/**
 * Page weight and first paint of the dashboard and the video list (issue: "Page weight and first
 * paint"). Figures come from the real build served by the real server; bench/web prints the rest.
 */
const INITIAL_JS_BUDGET = 130 * 1024;
const CLS_BUDGET = 0.05;

/** The scripts the shell makes the browser fetch before anything is lazy: the entry and every modulepreload. */
function initialScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...entry, ...preloads];
}

// The layout-shift entries Chromium records from the start of the page, as CLS counts them.
const OBSERVE_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function coldLayoutShift(page: Page, path: string): Promise<number> {
  await page.addInitScript(OBSERVE_SHIFTS);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Late shifts (fonts, posters) land within a moment of the network going quiet.
  await page.waitForTimeout(1000);
  return page.evaluate<number>('window.__layoutShift');
}

test.describe('page weight and first paint', () => {
  test('the dashboard loads at most 130 KB of JavaScript before anything lazy, as the browser receives it', async ({ page }) => {
    const html = await (await page.request.get('/en')).text();
    const scripts = initialScripts(html);
    expect(scripts.length).toBeGreaterThan(0);

    const received = new Map<string, number>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!scripts.includes(url.pathname)) return;
      const headers = await response.allHeaders();
      received.set(url.pathname, Number(headers['content-length'] ?? (await response.body()).length));
    });
    await page.goto('/en');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect.poll(() => received.size).toBe(scripts.length);

    const total = [...received.values()].reduce((sum, bytes) => sum + bytes, 0);
    test.info().annotations.push({ type: 'initial JavaScript', description: `${(total / 1024).toFixed(1)} KB in ${scripts.length} files` });
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  test('scripts and styles travel compressed', async ({ request }) => {
    const html = await (await request.get('/en')).text();
    const [entry] = initialScripts(html);
    const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
    for (const asset of [entry, stylesheet]) {
      const response = await request.get(asset ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers()['content-encoding']).toBe('br');
    }
  });

  test('the shell carries no inline script or style, so a strict Content-Security-Policy can forbid them', async ({ request }) => {
    const html = await (await request.get('/en')).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle="/);
    const oldBrowsers = await request.get('/old-browsers.js');
    expect(oldBrowsers.ok()).toBe(true);
    expect(await oldBrowsers.text()).toContain("location.replace('/old-browsers.html')");
  });

  for (const path of ['/en', '/en/videos']) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 412, height: 823 },
    ]) {
      test(`${path} on a ${viewport.name} shifts its layout by at most ${CLS_BUDGET}`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const shift = await coldLayoutShift(page, path);
        test.info().annotations.push({ type: 'CLS', description: shift.toFixed(4) });
        expect(shift).toBeLessThanOrEqual(CLS_BUDGET);
      });
    }
  }

  test('a page in Arabic loads the Arabic catalogue and no other', async ({ page }) => {
    const catalogues: string[] = [];
    page.on('request', (request) => {
      const locale = /\/assets\/(en|es|ru|ar)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (locale) catalogues.push(locale);
    });
    await page.goto('/ar');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(catalogues).toEqual(['ar']);
  });

  test('the posters of the first row of /en/videos load at once, the first with high priority', async ({ page }) => {
    await page.goto('/en/videos');
    const posters = page.getByTestId('video-card').locator('img');
    await expect(posters.first()).toBeVisible();
    await expect(posters.first()).toHaveAttribute('loading', 'eager');
    await expect(posters.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(posters.nth(3)).toHaveAttribute('loading', 'eager');
    await expect(posters.nth(11)).toHaveAttribute('loading', 'lazy');
  });
});
