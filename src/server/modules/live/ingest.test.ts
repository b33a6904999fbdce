import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { startIngest, type Ingest } from './ingest.ts';
import { publishAnswer, publishCommands } from './rtmp-test-support.ts';
import { liveSessions } from './schema.ts';
import { currentSession, readStored, segmentName, sessionKey, type LiveStorage } from './sessions.ts';
import { eventually, insertLiveEvents, packagedSession, packagers, sessionFolders, sessionsOf, testLiveStorage } from './test-support.ts';

/** The RTMP ingest with real ffmpeg on both sides: a publisher pushing a few seconds of test picture. */
const ffmpeg = resolveFfmpeg(undefined);
const HANDSHAKE_SECONDS = 3;
const EVENTS: Record<string, number> = {};
let good: number, floodTime: number, silent: number;
let root: string;
let database: Database;
let storage: LiveStorage;
let ingest: Ingest;
const published: number[] = [];
const ended: number[] = [];
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ingest-'));
  database = await createTestDatabase();
  storage = testLiveStorage(database.db, root);
  [good = 0, floodTime = 0, silent = 0] = await insertLiveEvents(database.db, 3);
  Object.assign(EVENTS, { 'good-key-123': good, 'flood-time-key': floodTime, 'silent-key': silent });
  ingest = await startIngest({
    host: '127.0.0.1',
    port: 0,
    ffmpeg,
    storage,
    authorize: async (key) => (EVENTS[key] ? { eventId: EVENTS[key] } : null),
    limits: { handshakeSeconds: HANDSHAKE_SECONDS, pendingPerAddress: 8, pending: 64 },
    onPublish: (id) => published.push(id),
    onEnd: (id) => ended.push(id),
  });
});
afterAll(async () => {
  await ingest.close();
  await database.close();
  await rm(root, { recursive: true, force: true });
});

/** Pushes `seconds` of a 320×180 H.264/AAC test picture; resolves with ffmpeg's exit code. */
function publish(key: string, seconds: number): Promise<number | null> {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
    `rtmp://127.0.0.1:${ingest.port}/live/${key}`,
  ];
  return new Promise((resolve) => spawn(ffmpeg, args, { stdio: 'ignore' }).on('exit', (code) => resolve(code)));
}

/** Connections that never publish, each from a loopback address of its kind, with when each opened and closed. */
class Flood {
  readonly sockets: { address: string; socket: net.Socket; opened: number; closed: number | null }[] = [];

  async connect(count: number, address: string, send: (index: number) => Buffer) {
    for (let index = 0; index < count; index += 1) {
      const socket = await new Promise<net.Socket>((resolve, reject) => {
        const connection = net.connect({ port: ingest.port, host: '127.0.0.1', localAddress: address }, () => resolve(connection));
        connection.once('error', reject);
      });
      const entry = { address, socket, opened: performance.now(), closed: null as number | null };
      socket.on('error', () => undefined);
      socket.on('data', () => undefined);
      socket.on('close', () => (entry.closed = performance.now()));
      this.sockets.push(entry);
      const bytes = send(index);
      if (bytes.length > 0) socket.write(bytes);
    }
  }

  openFrom(address: string) {
    return this.sockets.filter((entry) => entry.address === address && entry.closed === null);
  }

  get stillOpen() {
    return this.sockets.filter((entry) => entry.closed === null);
  }

  destroy() {
    for (const { socket } of this.sockets) socket.destroy();
  }
}

describe('the RTMP ingest', () => {
  it("packages a publisher with a good key as HLS with 1 s segments, stored as the event's session; the end is told and stored", async () => {
    const pushing = publish('good-key-123', 5);
    const { session, playlist } = await packagedSession(storage, good);
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:[12]\n/);
    expect(published).toEqual([good]);
    expect(await storage.store.size(sessionKey(good, session.id, 'seg00000.ts'))).toBeGreaterThan(1000);
    expect(await pushing).toBe(0);
    await eventually(async () => (ended.includes(good) ? true : undefined));
    // Ended: not on any more; every segment and the closed playlist are in the store, the local folder is gone.
    expect(await currentSession(storage, good)).toBeNull();
    const [row] = await sessionsOf(database.db, good);
    expect(row).toMatchObject({ id: session.id, endedAt: expect.any(Date) as Date });
    expect(row?.segments).toBeGreaterThanOrEqual(4);
    for (let n = 0; n < (row?.segments ?? 0); n += 1)
      expect(await storage.store.size(sessionKey(good, session.id, segmentName(n)))).not.toBeNull();
    expect((await readStored(storage.store, sessionKey(good, session.id, 'index.m3u8')))?.toString()).toContain('#EXT-X-ENDLIST');
    expect(await sessionFolders(root)).toEqual([]);
  }, 30_000);

  it('disconnects a wrong key before any picture reaches ffmpeg', async () => {
    const code = await publish('wrong-key', 3);
    expect(code).not.toBe(0);
    expect(published).toEqual([good]);
    // Only the good publisher's session ever published.
    const rows = await database.db.select().from(liveSessions);
    expect(rows.filter((row) => row.publishedAt !== null).map((row) => row.eventId)).toEqual([good]);
  }, 30_000);

  it('tells a wrong key it is refused, and starts nothing; a good key that never sends a picture leaves no folder', async () => {
    const folders = await sessionFolders(root);
    expect(await publishAnswer(ingest.port, 'not-a-key-of-ours')).toBe('refused');
    expect(await packagers(root)).toBe(0);
    expect(await sessionFolders(root)).toEqual(folders);

    expect(await publishAnswer(ingest.port, 'silent-key')).toBe('started');
    // The publisher went away without a picture: its ffmpeg ends, its folder and its row go.
    await eventually(async () => ((await packagers(root)) === 0 && (await sessionFolders(root)).length === folders.length ? true : null));
    expect(published).not.toContain(silent);
    await eventually(async () => ((await sessionsOf(database.db, silent)).length === 0 ? true : null));
  }, 30_000);

  it('200 idle, 200 garbage and 200 wrong-key connections start no ffmpeg and make no folder, are closed within the deadline or by the cap, and a good publisher goes live meanwhile', async () => {
    const folders = (await sessionFolders(root)).length;
    const flood = new Flood();
    try {
      await flood.connect(200, '127.0.0.2', () => Buffer.alloc(0));
      await flood.connect(200, '127.0.0.3', () => randomBytes(2048));
      await flood.connect(200, '127.0.0.4', (index) => publishCommands(`wrong-key-${index}`));
      // Past the cap of 8 a client address waits with, its oldest connections were closed at once.
      await eventually(async () => (flood.openFrom('127.0.0.2').length <= 8 ? true : null), 5000);
      expect(await packagers(root)).toBe(0);
      expect((await sessionFolders(root)).length).toBe(folders);

      const started = performance.now();
      const pushing = publish('flood-time-key', 3);
      await packagedSession(storage, floodTime);
      // About 1.7 s on an idle machine: "at once", with room for a busy one.
      expect(performance.now() - started).toBeLessThan(12_000);
      expect(await pushing).toBe(0);

      await eventually(async () => (flood.stillOpen.length === 0 ? true : null), (HANDSHAKE_SECONDS + 5) * 1000);
      const longest = Math.max(...flood.sockets.map((entry) => (entry.closed ?? Infinity) - entry.opened));
      expect(longest).toBeLessThan((HANDSHAKE_SECONDS + 2) * 1000);
      await eventually(async () => ((await packagers(root)) === 0 ? true : null));
      // The good publisher's session, stored, and nothing else.
      expect((await sessionsOf(database.db, floodTime)).map((row) => row.publishedAt !== null)).toEqual([true]);
      await eventually(async () => ((await sessionFolders(root)).length === folders ? true : null));
    } finally {
      flood.destroy();
    }
  }, 120_000);

  it('keeps at most 8 connections per client address and 64 in all waiting for a key, closing the oldest first', async () => {
    const flood = new Flood();
    try {
      await flood.connect(12, '127.0.2.1', () => Buffer.alloc(0));
      await eventually(async () => (flood.stillOpen.length === 8 ? true : null), 5000);
      expect(flood.stillOpen.map((entry) => flood.sockets.indexOf(entry))).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
      flood.destroy();

      const wide = new Flood();
      try {
        for (let client = 1; client <= 10; client += 1) await wide.connect(8, `127.0.3.${client}`, () => Buffer.alloc(0));
        await eventually(async () => (wide.stillOpen.length === 64 ? true : null), 5000);
        // The first two addresses' connections were the oldest.
        expect(wide.openFrom('127.0.3.1')).toHaveLength(0);
        expect(wide.openFrom('127.0.3.2')).toHaveLength(0);
        expect(wide.openFrom('127.0.3.10')).toHaveLength(8);
      } finally {
        wide.destroy();
      }
    } finally {
      flood.destroy();
    }
  }, 30_000);
});
