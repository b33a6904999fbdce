import { existsSync } from 'node:fs';

/** Debian's Chromium (the direct binary starts faster than the wrapper), for browser tests and benches. */
export const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((file) => existsSync(file));

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
