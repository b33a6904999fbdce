import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../downloads/storage.ts';
import { liveSessions } from './schema.ts';

/**
 * The events' sessions in the database and their files in the store (ARCHITECTURE "Live video"),
 * so the picture does not depend on which process packages it: any API process finds the session
 * on and serves its stored playlist and segments; any worker records the stored segments.
 */
export type LiveStorage = {
  db: Db;
  clock: Clock;
  store: FileStore;
  /** This process's local scratch folder: ffmpeg writes each session's files here first. */
  root: string;
  /** This process, as sessions name it. */
  owner: string;
};

/** A packager not heard from for this long is gone (it reports every segment, about every second). */
export const SESSION_STALE_MS = 10_000;

/** This process as a session's or a lease's owner: the host, the pid and a random part (a pid is reused). */
export const processName = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Where a session's file lives in the store. */
export const sessionKey = (eventId: number, sessionId: string, file: string) => `live/${eventId}/${sessionId}/${file}`;

/** The name of the segment numbered `n`, as the packager writes it (hls-session.ts). */
export const segmentName = (n: number) => `seg${String(n).padStart(5, '0')}.ts`;

export type StoredSession = { id: string; eventId: number; segments: number };

export async function openSession(storage: LiveStorage, eventId: number): Promise<string> {
  const id = randomUUID();
  const now = storage.clock.now();
  await storage.db.insert(liveSessions).values({ id, eventId, owner: storage.owner, startedAt: now, seenAt: now });
  return id;
}

/** The packager's news: segments stored so far, and whether the playlist is (from now on the session is playable). */
export async function sessionProgress(storage: LiveStorage, id: string, progress: { segments: number; published: boolean }) {
  const now = storage.clock.now();
  const publishedAt = progress.published
    ? sql`coalesce(${liveSessions.publishedAt}, ${now.toISOString()}::timestamptz)`
    : liveSessions.publishedAt;
  await storage.db.update(liveSessions).set({ segments: progress.segments, seenAt: now, publishedAt }).where(eq(liveSessions.id, id));
}

export async function endSession(storage: Pick<LiveStorage, 'db' | 'clock'>, id: string) {
  await storage.db.update(liveSessions).set({ endedAt: storage.clock.now() }).where(eq(liveSessions.id, id));
}

/** A session that never published leaves no row: nothing of it was stored. */
export async function dropSession(storage: Pick<LiveStorage, 'db'>, id: string) {
  await storage.db.delete(liveSessions).where(eq(liveSessions.id, id));
}

/**
 * The event's session on now, or null: its newest published session, not ended, whose packager
 * was heard from within SESSION_STALE_MS. A publisher who comes back makes a newer session, which
 * takes over at once, wherever it is packaged.
 */
export async function currentSession(ctx: { db: Db; clock: Clock }, eventId: number): Promise<StoredSession | null> {
  const [newest] = await ctx.db
    .select({ id: liveSessions.id, eventId: liveSessions.eventId, segments: liveSessions.segments, endedAt: liveSessions.endedAt })
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.eventId, eventId),
        isNotNull(liveSessions.publishedAt),
        gt(liveSessions.seenAt, new Date(ctx.clock.now().getTime() - SESSION_STALE_MS)),
      ),
    )
    .orderBy(desc(liveSessions.startedAt))
    .limit(1);
  return newest && !newest.endedAt ? { id: newest.id, eventId: newest.eventId, segments: newest.segments } : null;
}

/** Every session of the event that published, in the order they started: what its recording is made of. */
export async function publishedSessions(db: Db, eventId: number): Promise<StoredSession[]> {
  return db
    .select({ id: liveSessions.id, eventId: liveSessions.eventId, segments: liveSessions.segments })
    .from(liveSessions)
    .where(and(eq(liveSessions.eventId, eventId), isNotNull(liveSessions.publishedAt)))
    .orderBy(asc(liveSessions.startedAt));
}

/** A stored file's bytes, or null when the store has no such file. */
export async function readStored(store: FileStore, key: string): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of store.read(key)) chunks.push(chunk as Buffer);
  } catch {
    return null;
  }
  return Buffer.concat(chunks);
}
