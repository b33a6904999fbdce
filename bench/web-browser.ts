/**
 * One cold page load in Chromium for bench/web: bytes on the wire by resource type (from the
 * DevTools protocol's encodedDataLength, i.e. compressed bytes plus headers), request count, and
 * LCP, CLS and long tasks from PerformanceObservers registered before the page's own scripts.
 */
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { CHROMIUM as CHROMIUM_BINARY, CHROMIUM_FLAGS } from '../scripts/chromium.ts';

export const CHROMIUM = CHROMIUM_BINARY ?? 'chromium';
export { CHROMIUM_FLAGS };

export type Profile = 'desktop' | 'mobile';
export type PageFigures = {
  jsBytes: number;
  cssBytes: number;
  requests: number;
  lcp: number;
  cls: number;
  longTasks: number;
  longTaskMs: number;
};

/** Lighthouse's mobile profile: Moto G Power viewport, slow 4G (150 ms RTT, 1.6 Mbit/s down), CPU 4x slower. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

// A string, not a function: bench/ is type-checked without the DOM library.
const OBSERVERS = `
  window.__bench = { lcp: 0, cls: 0, longTasks: 0, longTaskMs: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__bench.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__bench.longTasks += 1; window.__bench.longTaskMs += e.duration; } })
    .observe({ type: 'longtask', buffered: true });
`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Cookies a load starts with (a signed-in session), as Playwright's storage state holds them. */
export type Cookies = NonNullable<Exclude<BrowserContextOptions['storageState'], string | undefined>>['cookies'];

export async function loadCold(browser: Browser, url: string, profile: Profile, cookies: Cookies = []): Promise<PageFigures> {
  const context = await browser.newContext(profile === 'mobile' ? MOBILE : { viewport: { width: 1350, height: 940 } });
  await context.addCookies(cookies);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile === 'mobile') {
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const types = new Map<string, string>();
    const bytes = { js: 0, css: 0, requests: 0 };
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      bytes.requests += 1;
      const type = types.get(event.requestId);
      if (type === 'Script') bytes.js += event.encodedDataLength;
      if (type === 'Stylesheet') bytes.css += event.encodedDataLength;
    });
    await page.addInitScript(OBSERVERS);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Let late layout shifts (fonts, images) land before reading.
    await page.waitForTimeout(1500);
    const observed = await page.evaluate<Omit<PageFigures, 'jsBytes' | 'cssBytes' | 'requests'>>('window.__bench');
    return { jsBytes: bytes.js, cssBytes: bytes.css, requests: bytes.requests, ...observed };
  } finally {
    await context.close();
  }
}
