import { rm } from 'node:fs/promises';

/** Removes this run's embedded database. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('newsreel-e2e-')) await rm(dir, { recursive: true, force: true });
}
