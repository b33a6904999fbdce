import type { ChildProcess } from 'node:child_process';
import { mkdir, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { FFMPEG_MEMORY, spawnFfmpeg } from '../media/ffmpeg.ts';
import { sessionUploader } from './session-upload.ts';
import { dropSession, endSession, openSession, type LiveStorage } from './sessions.ts';

/**
 * One publisher's session, whichever ingest it came through (ARCHITECTURE "Live video"): an ffmpeg
 * packaging the picture as HLS in a local folder of its own, `{root}/sessions/{id}`, and every
 * segment and playlist it writes copied to the file store (session-upload.ts). The session is the
 * event's once its first playlist is stored: its row (sessions.ts) then tells every API process
 * where the picture is, and the recording job what to record. At its end the local folder goes;
 * a session that never published leaves neither row nor files.
 */
export type HlsSessionOptions = {
  ffmpeg: string;
  storage: LiveStorage;
  eventId: number;
  /** ffmpeg's input options and `-i`. */
  input: string[];
  /** Whether the picture is written to ffmpeg's stdin (RTMP) rather than read by ffmpeg itself (SRT). */
  stdin: boolean;
  log?(message: string): void;
  /** The session published; `dir` is its local folder (the live desk's health reads it). */
  onPublish?(eventId: number, dir: string): void;
  onEnd?(eventId: number): void;
};

export type HlsSession = {
  id: string;
  dir: string;
  /** ffmpeg's stdin, when the picture comes through it. */
  input: Writable | null;
  published(): boolean;
  /** Asks ffmpeg to finish (it closes the playlist). */
  stop(): void;
  /** Once ffmpeg has exited, what it wrote is stored and the local folder removed. */
  ended: Promise<{ published: boolean }>;
};

/** How often the local playlist is looked at for new segments to store. */
const UPLOAD_POLL_MS = 250;
/** A folder waiting for its first playlist is touched this often, so the start-up sweep (session-sweep.ts) knows it is in use. */
export const WAITING_TOUCH_MS = 30_000;

/**
 * The HLS packaging of one publisher read with `input` (ffmpeg's input options and `-i`): copy in,
 * 1 s segments, a sliding window of 60 locally (every segment is kept in the store).
 */
export function hlsArgs(input: string[], dir: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', ...input],
    ...['-map', '0', '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '60'],
    ...['-hls_flags', 'delete_segments+independent_segments', '-hls_segment_filename', path.join(dir, 'seg%05d.ts')],
    path.join(dir, 'index.m3u8'),
  ];
}

/**
 * The only place the ingest starts an ffmpeg: one packager per session, bounded like every run
 * (media/ffmpeg.ts) but with no timeout, since it lasts as long as its publisher.
 */
export function spawnPackager(ffmpeg: string, args: string[], stdin: boolean): ChildProcess {
  return spawnFfmpeg(ffmpeg, args, { timeoutMs: null, memoryBytes: FFMPEG_MEMORY.video, stdin: stdin ? 'pipe' : 'ignore' }).child;
}

export async function startHlsSession(options: HlsSessionOptions): Promise<HlsSession> {
  const { storage, eventId } = options;
  const id = await openSession(storage, eventId);
  const dir = path.join(storage.root, 'sessions', id);
  const forget = async () => {
    await rm(dir, { recursive: true, force: true });
    await dropSession(storage, id);
  };
  await mkdir(dir, { recursive: true });
  let ffmpeg: ChildProcess;
  try {
    ffmpeg = spawnPackager(options.ffmpeg, hlsArgs(options.input, dir), options.stdin);
  } catch (error) {
    // Refused (the server is stopping): the session never published, so nothing of it stays.
    await forget();
    throw error;
  }
  ffmpeg.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(`ffmpeg (event ${eventId}): ${line.trim()}`);
  });
  // Writes after ffmpeg is gone fail with EPIPE; the exit below tells what happened.
  ffmpeg.stdin?.on('error', () => undefined);
  const uploader = sessionUploader(storage, { id, eventId, dir });
  let announced = false;
  const sync = async () => {
    const published = await uploader.sync().catch((error: unknown) => {
      options.log?.(`the session of event ${eventId} was not stored: ${String(error)}`);
      return uploader.published();
    });
    if (published && !announced) {
      announced = true;
      options.onPublish?.(eventId, dir);
    }
  };
  let syncing = false;
  const watch = setInterval(() => {
    if (syncing) return;
    syncing = true;
    void sync().finally(() => (syncing = false));
  }, UPLOAD_POLL_MS);
  const touch = setInterval(() => {
    const now = new Date();
    if (!uploader.published()) void utimes(dir, now, now).catch(() => undefined);
  }, WAITING_TOUCH_MS);
  const ended = new Promise<{ published: boolean }>((resolve) => {
    let exited = false;
    const exit = () => {
      if (exited) return;
      exited = true;
      clearInterval(watch);
      clearInterval(touch);
      // The last segments and the closed playlist (a session shorter than one look still published).
      const tidy = sync().then(async () => {
        if (!uploader.published()) return forget();
        await endSession(storage, id);
        options.onEnd?.(eventId);
        await rm(dir, { recursive: true, force: true });
      });
      void tidy
        .catch((error: unknown) => options.log?.(`the session of event ${eventId} was not tidied: ${String(error)}`))
        .finally(() => resolve({ published: uploader.published() }));
    };
    ffmpeg.once('exit', exit);
    ffmpeg.once('error', (error) => {
      options.log?.(`ffmpeg did not start: ${String(error)}`);
      exit();
    });
  });
  return {
    id,
    dir,
    input: ffmpeg.stdin,
    published: () => uploader.published(),
    stop: () => void ffmpeg.kill('SIGTERM'),
    ended,
  };
}
