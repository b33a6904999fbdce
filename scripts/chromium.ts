import { existsSync } from 'node:fs';

/** Debian's Chromium (the direct binary starts faster than the wrapper), for the benches and the push popup's browser tests. */
export const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((file) => existsSync(file));

/**
 * Debian's chromium-headless-shell, the browser for the browser tests (Playwright's own headless
 * browser is this build): the same engine as Chromium without the browser's windows, address bar
 * and profile services, at about half the machine's CPU per page load (docs/performance.md, "Issue
 * 26, tenth session"). Chromium itself where the shell is not installed; `E2E_CHROMIUM=full` picks
 * Chromium for a comparison.
 */
export const TEST_CHROMIUM =
  (process.env.E2E_CHROMIUM === 'full'
    ? undefined
    : ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file))) ?? CHROMIUM;

/** The flags this machine needs (DEVELOPERS.md): no sandbox, no GPU, nothing reaching the network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium's headless mode is the full browser: every new window (each test's context) built the
  // address bar's pop-up as a page of its own (chrome://omnibox-popup), about 2 CPU-s per window, in
  // its own renderer (docs/performance.md, "The address bar nobody sees"). Chromium adds this list
  // to Playwright's own --disable-features rather than replacing it.
  '--disable-features=WebUIOmniboxPopup',
];
