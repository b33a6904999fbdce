import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { liveEventConsoleSchema, type LiveEventConsole, type LiveEventInput } from '../../../common/live.ts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { localFileStore } from '../downloads/storage.ts';
import { liveEvents, liveSessions } from './schema.ts';
import { sessionUploader } from './session-upload.ts';
import { currentSession, openSession, processName, readStored, sessionKey, type LiveStorage } from './sessions.ts';
import type { Browser } from '../../test/http.ts';

/** A time `n` hours from the test clock's now, as the console sends it. */
export const hoursFrom = (t: TestApp, n: number) => new Date(t.services.clock.now().getTime() + n * 3600_000).toISOString();

/** An event made through the console's call, starting in two hours unless told otherwise. */
export async function createLiveEvent(t: TestApp, admin: Browser, fields: Partial<LiveEventInput> = {}): Promise<LiveEventConsole> {
  const answer = await admin.post('/api/admin/content/live/events', {
    live_event: { title: `Event ${Math.random().toString(36).slice(2, 8)}`, start_at: hoursFrom(t, 2), ...fields },
  });
  if (answer.statusCode !== 201) throw new Error(`the console answered ${answer.statusCode}: ${answer.body}`);
  return liveEventConsoleSchema.parse(answer.json());
}

/** Reads until it has a value, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Sessions packaged under `root` and stored in a local store beside it, on the test's database, by the real clock. */
export function testLiveStorage(db: Db, root: string): LiveStorage {
  return { db, clock: { now: () => new Date() }, store: localFileStore(path.join(root, 'store')), root, owner: processName() };
}

/** `count` live events straight into the database, starting now by the real clock (the ingest's tests need little more than their ids). */
export async function insertLiveEvents(db: Db, count: number, fields: Partial<typeof liveEvents.$inferInsert> = {}): Promise<number[]> {
  const now = new Date();
  const rows = await db
    .insert(liveEvents)
    .values(
      Array.from({ length: count }, (_, index) => ({
        slug: `ingest-test-${index}-${Math.random().toString(36).slice(2, 8)}`,
        title: `Ingest test ${index}`,
        status: 'confirmed' as const,
        startAt: now,
        createdAt: now,
        updatedAt: now,
        ...fields,
      })),
    )
    .returning({ id: liveEvents.id });
  return rows.map((row) => row.id);
}

/** The event's sessions as the database keeps them, oldest first. */
export async function sessionsOf(db: Db, eventId: number) {
  return db.select().from(liveSessions).where(eq(liveSessions.eventId, eventId)).orderBy(asc(liveSessions.startedAt));
}

/**
 * The event's session on now, once it is packaging: its row, and its stored playlist once it
 * lists a second segment.
 */
export async function packagedSession(storage: Pick<LiveStorage, 'db' | 'clock' | 'store'>, eventId: number, timeoutMs?: number) {
  return eventually(async () => {
    const session = await currentSession(storage, eventId);
    const playlist = session ? await readStored(storage.store, sessionKey(eventId, session.id, 'index.m3u8')) : null;
    return session && playlist?.toString().includes('seg00001.ts') ? { session, playlist: playlist.toString() } : undefined;
  }, timeoutMs);
}

/** A folder of HLS files (index.m3u8 and its segments) stored as the event's session on now, as the ingest stores one. */
export async function storeAsSession(storage: LiveStorage, eventId: number, dir: string): Promise<string> {
  const id = await openSession(storage, eventId);
  if (!(await sessionUploader(storage, { id, eventId, dir }).sync())) throw new Error(`no playlist in ${dir}`);
  return id;
}

/** The ffmpeg processes this test process started that package into `hlsRoot` (publishers and callers are left out). */
export async function packagerPids(hlsRoot: string): Promise<number[]> {
  const pids: number[] = [];
  for (const task of await readdir(`/proc/${process.pid}/task`)) {
    const children = await readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const pid of children.split(' ').filter(Boolean)) {
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (command.includes(hlsRoot) && (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim() === 'ffmpeg')
        pids.push(Number(pid));
    }
  }
  return pids;
}

export const packagers = async (hlsRoot: string) => (await packagerPids(hlsRoot)).length;

/** The session folders under `hlsRoot`. */
export async function sessionFolders(hlsRoot: string): Promise<string[]> {
  return readdir(path.join(hlsRoot, 'sessions')).catch(() => []);
}
