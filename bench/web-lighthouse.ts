/**
 * Lighthouse's performance score for bench/web, run against Debian's Chromium through
 * chrome-launcher. Lighthouse 12 is the last major that runs on Node 20 (13 wants Node 22).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_FLAGS } from './web-browser.ts';

export type LighthouseFigures = { score: number; fcp: number; lcp: number; cls: number; tbt: number; si: number };

/** One cold Lighthouse run (its default mobile emulation and simulated slow 4G, or its desktop preset). */
export async function lighthouseRun(url: string, formFactor: 'mobile' | 'desktop'): Promise<LighthouseFigures | string> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) return 'no result';
    const { lhr } = result;
    if (lhr.runtimeError) return `error: ${lhr.runtimeError.code}`;
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
      si: value('speed-index'),
    };
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    chrome.kill();
  }
}
