import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointTo } from './hls-session.ts';
import { removeUnpublishedSessions } from './session-sweep.ts';
import { sessionFolders } from './test-support.ts';

/** The start-up sweep of session folders: what it removes, and what it must leave. */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sweep-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A session folder with `files`, last changed `ageMs` ago. */
async function folder(name: string, files: string[], ageMs: number) {
  const dir = path.join(root, 'sessions', name);
  await mkdir(dir, { recursive: true });
  const then = new Date(Date.now() - ageMs);
  for (const file of files) {
    await writeFile(path.join(dir, file), '');
    await utimes(path.join(dir, file), then, then);
  }
  await utimes(dir, then, then);
  return dir;
}

describe('the start-up sweep of session folders', () => {
  it('removes the folders of sessions that never published, and keeps named, published and fresh ones', async () => {
    const hour = 3600_000;
    await folder('never-published', [], hour);
    await folder('never-published-with-a-stray-file', ['record.ts'], hour);
    await pointTo(root, 1, await folder('going-on', [], hour), await folder('going-on', [], hour));
    await pointTo(root, 2, null, await folder('last-of-an-event', ['record.ts'], hour));
    await folder('published-long-ago', ['index.m3u8', 'seg00000.ts'], hour);
    await folder('just-made', [], 1000);

    expect(await removeUnpublishedSessions(root)).toBe(2);
    expect((await sessionFolders(root)).sort()).toEqual(['going-on', 'just-made', 'last-of-an-event', 'published-long-ago']);
  });
});
