import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { liveEventConsoleSchema, type LiveEventConsole, type LiveEventInput } from '../../../common/live.ts';
import type { TestApp } from '../../test/harness.ts';
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

/**
 * An ingest session of event `eventId` under `hlsRoot`, once it is packaging: the event's pointer
 * file, the session's folder it names, and the playlist once it lists a second segment.
 */
export async function packagedSession(hlsRoot: string, eventId: number): Promise<{ pointer: string; dir: string; playlist: string }> {
  const pointer = path.join(hlsRoot, 'events', `${eventId}.json`);
  const dir = await eventually(async () => (JSON.parse(await readFile(pointer, 'utf8')) as { dir: string | null }).dir);
  const playlist = await eventually(async () => {
    const text = await readFile(path.join(dir, 'index.m3u8'), 'utf8');
    return text.includes('seg00001.ts') ? text : undefined;
  });
  return { pointer, dir, playlist };
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
