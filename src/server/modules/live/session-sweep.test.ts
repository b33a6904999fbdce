import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeIdleSessionFolders } from './session-sweep.ts';
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
  it('removes the folders nothing wrote to lately (their pictures are in the store), and keeps fresh ones', async () => {
    const hour = 3600_000;
    await folder('never-published', [], hour);
    await folder('left-mid-session-by-a-crash', ['index.m3u8', 'seg00000.ts'], hour);
    await folder('waiting-for-its-caller', [], 20_000);
    await folder('packaging-now', ['index.m3u8', 'seg00007.ts'], 1000);
    await mkdir(path.join(root, 'events'), { recursive: true });

    expect(await removeIdleSessionFolders(root)).toBe(2);
    expect((await sessionFolders(root)).sort()).toEqual(['packaging-now', 'waiting-for-its-caller']);
  });
});
