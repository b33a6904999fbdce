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
];
