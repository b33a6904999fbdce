import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { FFMPEG_MEMORY, spawnFfmpeg } from '../media/ffmpeg.ts';

/**
 * One publisher's session, whichever ingest it came through (ARCHITECTURE "Live video"): an ffmpeg
 * packaging the picture as HLS in a folder of its own, `{hlsRoot}/sessions/{uuid}`. The session is
 * the event's once its first playlist is written: `{hlsRoot}/events/{eventId}.json`, replaced
 * atomically, then names the folder for every API process (`dir`) and for the recording job
 * (`last`). A session that ends without a playlist never published: its folder is removed.
 */
export type HlsSessionOptions = {
  ffmpeg: string;
  hlsRoot: string;
  eventId: number;
  /** ffmpeg's input options and `-i`. */
  input: string[];
  /** Whether the picture is written to ffmpeg's stdin (RTMP) rather than read by ffmpeg itself (SRT). */
  stdin: boolean;
  log?(message: string): void;
  onPublish?(eventId: number): void;
  onEnd?(eventId: number): void;
};

export type HlsSession = {
  dir: string;
  /** ffmpeg's stdin, when the picture comes through it. */
  input: Writable | null;
  published(): boolean;
  /** Asks ffmpeg to finish (it closes the playlist and the record file). */
  stop(): void;
  /** Once ffmpeg has exited and the folder is named as the event's last session, or removed. */
  ended: Promise<{ published: boolean }>;
};

/** The session's whole stream, kept beside the live window (MPEG-TS, copied). */
export const RECORD_FILE = 'record.ts';

const PLAYLIST_POLL_MS = 100;
/** A folder waiting for its first playlist is touched this often, so the start-up sweep (session-sweep.ts) knows it is in use. */
export const WAITING_TOUCH_MS = 30_000;

/**
 * The HLS packaging of one publisher read with `input` (ffmpeg's input options and `-i`): copy in,
 * 1 s segments, a sliding window of 60; and the whole of it.
 */
export function hlsArgs(input: string[], dir: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', ...input],
    ...['-map', '0', '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '60'],
    ...['-hls_flags', 'delete_segments+independent_segments', '-hls_segment_filename', path.join(dir, 'seg%05d.ts')],
    path.join(dir, 'index.m3u8'),
    // The whole session as it came, for the recording made when the event finishes.
    ...['-map', '0', '-c', 'copy', '-f', 'mpegts', path.join(dir, RECORD_FILE)],
  ];
}

/** Names the event's session folder for every process: a JSON file replaced atomically. */
export async function pointTo(hlsRoot: string, eventId: number, dir: string | null, last: string) {
  const events = path.join(hlsRoot, 'events');
  await mkdir(events, { recursive: true });
  const file = path.join(events, `${eventId}.json`);
  const scratch = `${file}.${randomUUID().slice(0, 8)}`;
  await writeFile(scratch, JSON.stringify({ dir, last, at: new Date().toISOString() }));
  await rename(scratch, file);
}

/**
 * The only place the ingest starts an ffmpeg: one packager per session, bounded like every run
 * (media/ffmpeg.ts) but with no timeout, since it lasts as long as its publisher.
 */
export function spawnPackager(ffmpeg: string, args: string[], stdin: boolean): ChildProcess {
  return spawnFfmpeg(ffmpeg, args, { timeoutMs: null, memoryBytes: FFMPEG_MEMORY.video, stdin: stdin ? 'pipe' : 'ignore' }).child;
}

export async function startHlsSession(options: HlsSessionOptions): Promise<HlsSession> {
  const { hlsRoot, eventId } = options;
  const dir = path.join(hlsRoot, 'sessions', randomUUID());
  await mkdir(dir, { recursive: true });
  let ffmpeg: ChildProcess;
  try {
    ffmpeg = spawnPackager(options.ffmpeg, hlsArgs(options.input, dir), options.stdin);
  } catch (error) {
    // Refused (the server is stopping): the session never published, so its folder goes.
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  ffmpeg.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.log?.(`ffmpeg (event ${eventId}): ${line.trim()}`);
  });
  // Writes after ffmpeg is gone fail with EPIPE; the exit below tells what happened.
  ffmpeg.stdin?.on('error', () => undefined);
  let published = false;
  let naming: Promise<unknown> = Promise.resolve();
  const notice = () => {
    if (published || !existsSync(path.join(dir, 'index.m3u8'))) return;
    published = true;
    naming = pointTo(hlsRoot, eventId, dir, dir).then(() => options.onPublish?.(eventId));
  };
  const watch = setInterval(notice, PLAYLIST_POLL_MS);
  const touch = setInterval(() => {
    const now = new Date();
    if (!published) void utimes(dir, now, now).catch(() => undefined);
  }, WAITING_TOUCH_MS);
  const ended = new Promise<{ published: boolean }>((resolve) => {
    let exited = false;
    const exit = () => {
      if (exited) return;
      exited = true;
      clearInterval(watch);
      clearInterval(touch);
      notice(); // a session shorter than one look still published
      const tidy = published
        ? naming.then(() => pointTo(hlsRoot, eventId, null, dir)).then(() => options.onEnd?.(eventId))
        : rm(dir, { recursive: true, force: true });
      void tidy
        .catch((error: unknown) => options.log?.(`the session of event ${eventId} was not tidied: ${String(error)}`))
        .finally(() => resolve({ published }));
    };
    ffmpeg.once('exit', exit);
    ffmpeg.once('error', (error) => {
      options.log?.(`ffmpeg did not start: ${String(error)}`);
      exit();
    });
  });
  return {
    dir,
    input: ffmpeg.stdin,
    published: () => published,
    stop: () => void ffmpeg.kill('SIGTERM'),
    ended,
  };
}
