import { rm } from 'node:fs/promises';

/**
 * Removes this run's embedded database and data. The server may still be writing the live
 * picture's segments into it (Playwright stops the web server after this), so removing is retried
 * and, at worst, leaves a folder in the system's temporary directory: never a failed run.
 */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir?.includes('newsreel-e2e-')) return;
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch((error: unknown) => {
    console.warn(`the e2e data folder was not removed: ${String(error)}`);
  });
}
