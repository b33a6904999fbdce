import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where masters and rendered files live (ARCHITECTURE "files"): a folder under DATA_DIR by default;
 * an S3-compatible bucket when configured implements the same calls. Keys are relative paths of
 * letters, digits, dashes, dots and slashes, never `..`.
 */
export type FileStore = {
  /** Stores a finished local file under the key, atomically: a reader sees all of it or nothing. */
  put(key: string, file: string): Promise<void>;
  /** The stored size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The bytes from `start` to `end` inclusive (HTTP Range), or all of them. */
  read(key: string, range?: { start: number; end: number }): Readable;
  remove(key: string): Promise<void>;
  /** Resolves when the store answers (readiness); a local folder has nothing to check. */
  ping?(): Promise<void>;
};

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Whether a text can name a stored file: the key's characters, and no `.` or `..` step out of the store. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

export function localFileStore(root: string): FileStore {
  const at = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, file) {
      const target = at(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${process.pid}.${Date.now()}.part`;
      await copyFile(file, partial);
      await rename(partial, target);
    },
    async size(key) {
      const found = await stat(at(key)).catch(() => null);
      return found?.isFile() ? found.size : null;
    },
    read(key, range) {
      // 1 MiB reads: a big file streams with a fraction of the default 64 KiB's garbage (bench/media).
      return createReadStream(at(key), { highWaterMark: 1 << 20, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    async remove(key) {
      await rm(at(key), { force: true });
    },
  };
}
