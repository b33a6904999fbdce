import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];

/**
 * Staff sessions the run has made, by server and account, shared by the run's workers through
 * files: a staff sign-in costs a two-factor challenge, the server allows ten an hour per admin
 * (src/server/modules/accounts/two-factor.ts), and a new challenge voids the one before it, so two
 * workers signing the same admin in at once left one waiting for a code that could never verify.
 * Sign-ins of one account are taken one at a time (a lock directory), and the session is handed to
 * every spec after, each checking first that it still answers (a spec may have signed it out).
 */
const DIR = path.join(os.tmpdir(), 'newsreel-e2e-staff');
const name = (base: string, email: string) => createHash('sha256').update(`${base} ${email}`).digest('hex').slice(0, 16);
const fileOf = (base: string, email: string) => path.join(DIR, `${name(base, email)}.json`);
const lockOf = (base: string, email: string) => path.join(DIR, `${name(base, email)}.lock`);
const LOCK_STALE_MS = 120_000;

export async function rememberStaffSession(base: string, email: string, cookies: Cookie[]): Promise<void> {
  await mkdir(DIR, { recursive: true });
  await writeFile(fileOf(base, email), JSON.stringify(cookies));
}

/** The remembered session's cookies when the desk still knows it, else null. */
export async function staffSession(api: APIRequestContext, base: string, email: string): Promise<Cookie[] | null> {
  let cookies: Cookie[];
  try {
    cookies = JSON.parse(await readFile(fileOf(base, email), 'utf8')) as Cookie[];
  } catch {
    return null;
  }
  const me = await api.get('/api/desk/me', { headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') } });
  return me.ok() ? cookies : null;
}

/** Runs `work` while holding the account's sign-in lock (across the run's workers); a lock left by a killed worker goes stale. */
export async function withStaffLock<T>(base: string, email: string, work: () => Promise<T>): Promise<T> {
  await mkdir(DIR, { recursive: true });
  const lock = lockOf(base, email);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
