import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedKey, localFileStore, type FileStore } from './storage.ts';

let dir: string;
let store: FileStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-'));
  store = localFileStore(path.join(dir, 'storage'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the local file store', () => {
  it('keeps a file under its key, reads it whole or by range, and forgets it', async () => {
    const source = path.join(dir, 'source.txt');
    await writeFile(source, '0123456789');
    await store.put('renditions/ab/cd.mp4', source);
    expect(await store.size('renditions/ab/cd.mp4')).toBe(10);
    expect(await text(store.read('renditions/ab/cd.mp4'))).toBe('0123456789');
    expect(await text(store.read('renditions/ab/cd.mp4', { start: 2, end: 4 }))).toBe('234');
    await store.remove('renditions/ab/cd.mp4');
    expect(await store.size('renditions/ab/cd.mp4')).toBeNull();
  });

  it('takes no key that could leave its folder', () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', ''])
      expect(() => checkedKey(key), key).toThrow(/not a storage key/);
    expect(checkedKey('masters/nr-0001.mp4')).toBe('masters/nr-0001.mp4');
  });
});
