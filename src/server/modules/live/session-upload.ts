import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { segmentName, sessionKey, sessionProgress, type LiveStorage } from './sessions.ts';

/** How often a session whose playlist has not changed still reports that its packager is alive. */
const HEARTBEAT_MS = 2_000;

/** The numbers of the segments a playlist lists (`segNNNNN.ts` lines), in its order. */
export function listedSegments(playlist: string): number[] {
  const numbers: number[] = [];
  for (const line of playlist.split('\n')) {
    const found = /^seg(\d{5,})\.ts$/.exec(line.trim());
    if (found) numbers.push(Number(found[1]));
  }
  return numbers;
}

/**
 * Copies one session's files to the store as ffmpeg writes them: every new segment the playlist
 * lists, then the playlist itself, so a reader of the stored playlist never meets a segment that
 * is not stored yet. Each copy tells the session's row how far it got (and that the packager is
 * alive). Calls are taken one at a time; one that fails is tried again at the next call.
 */
export function sessionUploader(storage: LiveStorage, session: { id: string; eventId: number; dir: string }) {
  let next = 0;
  let published = false;
  let stored = '';
  let reportedAt = 0;
  let last: Promise<boolean> = Promise.resolve(false);
  const key = (file: string) => sessionKey(session.eventId, session.id, file);

  const upload = async (): Promise<boolean> => {
    const playlist = await readFile(path.join(session.dir, 'index.m3u8'), 'utf8').catch(() => null);
    if (playlist === null) return false;
    if (playlist === stored) {
      // Nothing new: the row still hears that the packager is alive.
      if (Date.now() - reportedAt >= HEARTBEAT_MS) await report();
      return true;
    }
    for (const n of listedSegments(playlist)) {
      if (n < next) continue;
      await storage.store.put(key(segmentName(n)), path.join(session.dir, segmentName(n)));
      next = n + 1;
    }
    // The playlist as read, not as ffmpeg may have rewritten it since: it lists only what is stored.
    const copy = path.join(session.dir, '.stored-index.m3u8');
    await writeFile(`${copy}.part`, playlist);
    await rename(`${copy}.part`, copy);
    await storage.store.put(key('index.m3u8'), copy);
    stored = playlist;
    published = true;
    await report();
    return true;
  };
  const report = async () => {
    reportedAt = Date.now();
    await sessionProgress(storage, session.id, { segments: next, published });
  };

  return {
    /** Stores what is new; answers whether the session has published (its playlist is stored). */
    sync(): Promise<boolean> {
      last = last.catch(() => published).then(upload);
      return last.then((done) => done || published);
    },
    published: () => published,
  };
}
