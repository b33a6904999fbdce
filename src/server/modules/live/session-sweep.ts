import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { WAITING_TOUCH_MS } from './hls-session.ts';

/**
 * Local session folders a process left when it ended before tidying them (killed mid-session):
 * removed at start-up. What a session published is in the store already (sessions.ts), so a
 * folder is worth keeping only while a packager writes to it: one that changed lately stays (a
 * session going on writes a segment a second; an SRT listener waiting for its caller touches its
 * folder every WAITING_TOUCH_MS), in case another process shares this data folder.
 */
const IN_USE_MS = 4 * WAITING_TOUCH_MS;

/** The latest change to the folder or to a file in it. */
async function lastChange(dir: string): Promise<number> {
  let latest = (await stat(dir)).mtimeMs;
  for (const name of await readdir(dir).catch(() => [])) {
    const file = await stat(path.join(dir, name)).catch(() => null);
    if (file) latest = Math.max(latest, file.mtimeMs);
  }
  return latest;
}

/** Removes the session folders nothing has written to lately; answers how many. */
export async function removeIdleSessionFolders(root: string, now = Date.now()): Promise<number> {
  const sessions = path.join(root, 'sessions');
  let removed = 0;
  for (const name of await readdir(sessions).catch(() => [])) {
    const dir = path.join(sessions, name);
    const changed = await lastChange(dir).catch(() => now);
    if (now - changed < IN_USE_MS) continue;
    await rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  // The pointer files of the design before sessions were kept in the database.
  await rm(path.join(root, 'events'), { recursive: true, force: true });
  return removed;
}
