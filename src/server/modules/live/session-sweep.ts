import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { WAITING_TOUCH_MS } from './hls-session.ts';

/**
 * Session folders of sessions that never published, left by a process that ended before it could
 * tidy them (killed, or an ingest from before the key was read first): removed at start-up.
 * A folder stays when a pointer file names it (the session going on, or the last one, which the
 * recording job reads), when it holds a playlist (a session that published: its picture is kept),
 * or when it changed lately (another process's session starting, or an SRT listener waiting for
 * its caller, which touches its folder every WAITING_TOUCH_MS).
 */
const IN_USE_MS = 4 * WAITING_TOUCH_MS;

/** The session folders the events' pointer files name, by folder name. */
async function namedSessions(hlsRoot: string): Promise<Set<string>> {
  const named = new Set<string>();
  const events = path.join(hlsRoot, 'events');
  for (const file of await readdir(events).catch(() => [])) {
    if (!file.endsWith('.json')) continue;
    try {
      const { dir, last } = JSON.parse(await readFile(path.join(events, file), 'utf8')) as { dir?: unknown; last?: unknown };
      for (const folder of [dir, last]) if (typeof folder === 'string') named.add(path.basename(folder));
    } catch {
      // A pointer being replaced (its scratch copy) or unreadable names nothing.
    }
  }
  return named;
}

/** The latest change to the folder or to a file in it. */
async function lastChange(dir: string): Promise<number> {
  let latest = (await stat(dir)).mtimeMs;
  for (const name of await readdir(dir).catch(() => [])) {
    const file = await stat(path.join(dir, name)).catch(() => null);
    if (file) latest = Math.max(latest, file.mtimeMs);
  }
  return latest;
}

/** Removes the folders of sessions that never published; answers how many. */
export async function removeUnpublishedSessions(hlsRoot: string, now = Date.now()): Promise<number> {
  const sessions = path.join(hlsRoot, 'sessions');
  const named = await namedSessions(hlsRoot);
  let removed = 0;
  for (const name of await readdir(sessions).catch(() => [])) {
    const dir = path.join(sessions, name);
    if (named.has(name) || existsSync(path.join(dir, 'index.m3u8'))) continue;
    const changed = await lastChange(dir).catch(() => now);
    if (now - changed < IN_USE_MS) continue;
    await rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
