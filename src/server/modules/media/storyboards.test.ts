import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoProjectSchema } from '../../../common/catalogue.ts';
import { liveRecordingsResponseSchema } from '../../../common/live.ts';
import { parseStoryboardVtt, STORYBOARD_TILE } from '../../../common/storyboard.ts';
import { JOB_QUEUES } from '../../jobs/queues.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { videoMasters } from '../downloads/schema.ts';
import { recordEvent } from '../live/recordings.ts';
import { liveSessions } from '../live/schema.ts';
import { segmentName, sessionKey } from '../live/sessions.ts';
import { insertLiveEvents } from '../live/test-support.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { storyboards } from './schema.ts';
import { KEYFRAMES_ONLY_FROM_SECONDS, makeStoryboard, storyboardArgs, type StoryboardDeps } from './storyboard-render.ts';
import { queueMissingStoryboards, STORYBOARD_QUEUE } from './storyboards.ts';

/**
 * Storyboards (issue 28, "Previews you can scrub"): a master's sprite and VTT made by real ffmpeg
 * from a few seconds of small video, kept in the file store, named by the video answer and served
 * to whoever may see the video's page. Tests that wait on ffmpeg have generous limits: they must
 * pass on a busy 2-core machine.
 */
const FFMPEG_TEST_MS = 120_000;
const run = promisify(execFile);

let t: TestApp;
let dir: string;
let deps: StoryboardDeps;
let ffmpeg: string;
/** A 7-second 320x180 master whose picture changes every moment (testsrc2 draws a moving pattern and a clock). */
const MASTER_KEY = 'masters/storyboard-test.mp4';

async function project(title: string, masterKey?: string): Promise<number> {
  const [id] = await insertProjects(
    t.database.db,
    [
      {
        projectId: `SB-${randomUUID().slice(0, 8)}`,
        language: 'en',
        title,
        datelineDate: '2026-11-28',
        duration: 7,
        freeAccess: true,
        publishedAt: new Date('2026-11-28T12:00:00Z'),
      },
    ],
    t.services.clock.now(),
  );
  if (id === undefined) throw new Error('no project');
  if (masterKey) await t.database.db.insert(videoMasters).values({ projectId: id, storageKey: masterKey, durationSeconds: 7 });
  return id;
}

/** A stored file's bytes. */
async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of t.services.files.store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A JPEG's width and height, from its frame header. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let at = 2; at < bytes.length - 9;) {
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('not a JPEG');
}

/** The sprite as grey pixels, a row after another. */
async function greyPixels(sprite: Buffer): Promise<Buffer> {
  const file = path.join(dir, `sprite-${randomUUID().slice(0, 8)}.jpg`);
  await writeFile(file, sprite);
  const { stdout } = await run(ffmpeg, ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], {
    encoding: 'buffer',
    maxBuffer: 1 << 24,
  });
  return stdout;
}

/** The mean difference between two tiles of a one-row sprite. */
function tileDifference(pixels: Buffer, spriteWidth: number, a: number, b: number): number {
  const { width, height } = STORYBOARD_TILE;
  let sum = 0;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      sum += Math.abs((pixels[y * spriteWidth + a * width + x] ?? 0) - (pixels[y * spriteWidth + b * width + x] ?? 0));
  return sum / (width * height);
}

function collectingJobs(): JobSender & { sent: { queue: string; data?: object }[] } {
  const sent: { queue: string; data?: object }[] = [];
  return {
    sent,
    send: async (queue, data) => {
      sent.push({ queue, data });
      return randomUUID();
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'storyboard-'));
  ffmpeg = t.services.files.ffmpeg;
  const master = path.join(dir, 'master.mp4');
  await runFfmpeg(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '7', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', master],
  ]);
  await t.services.files.store.put(MASTER_KEY, master);
  deps = { db: t.database.db, clock: t.services.clock, files: t.services.files, caches: t.services.caches };
}, FFMPEG_TEST_MS);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('making a storyboard', () => {
  it('is one ffmpeg pass: a picture every interval, scaled and padded into 160x90 tiles, laid out as one JPEG', () => {
    const args = storyboardArgs('in.mp4', 'out.jpg', { intervalSeconds: 2, tiles: 4, columns: 4, rows: 1 });
    const filter = args[args.indexOf('-vf') + 1];
    expect(filter).toBe(
      'fps=1/2,scale=160:90:force_original_aspect_ratio=decrease:flags=bicubic,pad=160:90:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,tile=4x1',
    );
    expect(args).toEqual(expect.arrayContaining(['-frames:v', '1', '-an']));
    expect(args).not.toContain('-skip_frame');
    // Long masters are read from their key frames only.
    const long = storyboardArgs('in.mp4', 'out.jpg', { intervalSeconds: KEYFRAMES_ONLY_FROM_SECONDS, tiles: 99, columns: 10, rows: 10 });
    expect(long.slice(0, 2)).toEqual(['-skip_frame', 'nokey']);
  });

  it(
    'stores the sprite and the VTT in the file store and records them; the video answer names the VTT at once; a second run makes nothing',
    async () => {
      const id = await project('Storyboard of a shared master', MASTER_KEY);
      const visitor = new Browser(t.app);
      const before = videoProjectSchema.parse((await visitor.get(`/api/content/video_projects/${id}`)).json());
      expect(before.storyboard_url).toBeNull();

      expect(await makeStoryboard(deps, { masterKey: MASTER_KEY })).toEqual({ made: 1, tiles: 4 });
      const [row] = await t.database.db.select().from(storyboards).where(eq(storyboards.masterKey, MASTER_KEY));
      expect(row).toMatchObject({ intervalSeconds: 2, tiles: 4 });
      expect(row?.durationMs).toBeGreaterThan(6500);
      expect(row?.durationMs).toBeLessThan(7500);
      const token = row?.token ?? '';
      expect(token).toMatch(/^[0-9a-f]{16}$/);

      // 7 s at one tile every 2 s: four tiles in a row, each a different moment of the master.
      const sprite = await stored(`storyboards/${token}/sprite.jpg`);
      expect(jpegSize(sprite)).toEqual({ width: 640, height: 90 });
      const pixels = await greyPixels(sprite);
      expect(tileDifference(pixels, 640, 0, 1)).toBeGreaterThan(3);
      expect(tileDifference(pixels, 640, 1, 3)).toBeGreaterThan(3);
      const cues = parseStoryboardVtt((await stored(`storyboards/${token}/storyboard.vtt`)).toString());
      expect(cues.map((cue) => [cue.start, cue.x, cue.y, cue.w, cue.h, cue.image])).toEqual([
        [0, 0, 0, 160, 90, 'sprite.jpg'],
        [2, 160, 0, 160, 90, 'sprite.jpg'],
        [4, 320, 0, 160, 90, 'sprite.jpg'],
        [6, 480, 0, 160, 90, 'sprite.jpg'],
      ]);
      expect(cues.map((cue) => cue.end).slice(0, 3)).toEqual([2, 4, 6]);
      expect(cues[3]?.end).toBeCloseTo((row?.durationMs ?? 0) / 1000, 2);

      // The micro-cached answer was dropped when the storyboard was recorded.
      const after = videoProjectSchema.parse((await visitor.get(`/api/content/video_projects/${id}`)).json());
      expect(after.storyboard_url).toBe(`/media/storyboards/${id}/${token}/storyboard.vtt`);

      expect(await makeStoryboard(deps, { masterKey: MASTER_KEY })).toEqual({ made: 0, already: 1 });
    },
    FFMPEG_TEST_MS,
  );
});

describe('serving a storyboard', () => {
  it(
    'answers the VTT and the sprite with cache headers to visitors and users alike; 304 when unchanged',
    async () => {
      if ((await t.database.db.select().from(storyboards).where(eq(storyboards.masterKey, MASTER_KEY))).length === 0)
        await makeStoryboard(deps, { masterKey: MASTER_KEY });
      const id = await project('Served storyboard', MASTER_KEY);
      const user = (await agreementFixtures(t).signedIn()).browser;
      for (const caller of [new Browser(t.app), user]) {
        const url = videoProjectSchema.parse((await caller.get(`/api/content/video_projects/${id}`)).json()).storyboard_url ?? '';
        expect(url).toMatch(new RegExp(`^/media/storyboards/${id}/[0-9a-f]{16}/storyboard\\.vtt$`));
        const vtt = await caller.get(url);
        expect(vtt.statusCode).toBe(200);
        expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
        expect(vtt.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
        expect(vtt.body).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:02\.000\nsprite\.jpg#xywh=0,0,160,90\n/);

        const spriteUrl = new URL('sprite.jpg', `http://localhost${url}`).pathname;
        const sprite = await caller.get(spriteUrl);
        expect(sprite.statusCode).toBe(200);
        expect(sprite.headers['content-type']).toBe('image/jpeg');
        expect(sprite.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
        expect(sprite.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
        const etag = String(sprite.headers.etag ?? '');
        expect(etag).not.toBe('');
        expect((await caller.get(spriteUrl, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      }
    },
    FFMPEG_TEST_MS,
  );

  it('answers 404 for a video without one, a made-up token or file, and a withheld or killed story', async () => {
    const visitor = new Browser(t.app);
    const without = await project('No storyboard yet', 'masters/never-made.mp4');
    expect(videoProjectSchema.parse((await visitor.get(`/api/content/video_projects/${without}`)).json()).storyboard_url).toBeNull();
    const noMaster = await project('No master at all');
    expect(videoProjectSchema.parse((await visitor.get(`/api/content/video_projects/${noMaster}`)).json()).storyboard_url).toBeNull();

    if ((await t.database.db.select().from(storyboards).where(eq(storyboards.masterKey, MASTER_KEY))).length === 0)
      await makeStoryboard(deps, { masterKey: MASTER_KEY });
    const [row] = await t.database.db.select().from(storyboards).where(eq(storyboards.masterKey, MASTER_KEY));
    const token = row?.token ?? '';
    const shared = await project('Killed later', MASTER_KEY);
    expect((await visitor.get(`/media/storyboards/${shared}/${token}/storyboard.vtt`)).statusCode).toBe(200);

    for (const url of [
      `/media/storyboards/${without}/${token}/storyboard.vtt`,
      `/media/storyboards/${noMaster}/${token}/sprite.jpg`,
      `/media/storyboards/${shared}/0123456789abcdef/storyboard.vtt`,
      `/media/storyboards/${shared}/${token}/master.mp4`,
      `/media/storyboards/${shared}/${token}/..%2F..%2Fmasters%2Fstoryboard-test.mp4`,
      `/media/storyboards/${shared}/not-a-token/sprite.jpg`,
      `/media/storyboards/0/${token}/sprite.jpg`,
      `/media/storyboards/abc/${token}/sprite.jpg`,
    ]) {
      const answer = await visitor.get(url);
      expect([url, answer.statusCode, codes(answer)]).toEqual([url, 404, ['storyboard_not_found']]);
    }

    // A story taken out of the catalogue shows nothing of itself, as its page does; the master's other stories still do.
    for (const state of ['withheld', 'killed'] as const) {
      await t.database.db.update(videoProjects).set({ editorialState: state }).where(eq(videoProjects.id, shared));
      const answer = await visitor.get(`/media/storyboards/${shared}/${token}/sprite.jpg`);
      expect([answer.statusCode, codes(answer)]).toEqual([404, ['storyboard_not_found']]);
    }
    const other = await project('Still listed', MASTER_KEY);
    expect((await visitor.get(`/media/storyboards/${other}/${token}/sprite.jpg`)).statusCode).toBe(200);
  });
});

describe('asking for storyboards', () => {
  it('the worker serves the queue, one run per master; masters without one are asked for; a master gone from the store makes nothing', async () => {
    const definition = JOB_QUEUES.find((queue) => queue.queue === STORYBOARD_QUEUE);
    expect(definition?.key?.({ masterKey: 'masters/a.mp4' })).toBe('masters/a.mp4');

    // Two stories of one master and one of another: each master is asked for once.
    await project('Without a storyboard', 'masters/missing-a.mp4');
    await project('Sharing its master', 'masters/missing-a.mp4');
    await project('Another without', 'masters/missing-b.mp4');
    const jobs = collectingJobs();
    expect(await queueMissingStoryboards(t.database.db, jobs)).toBe(jobs.sent.length);
    const asked = jobs.sent.map((job) => (job.data as { masterKey: string }).masterKey);
    expect(asked).toEqual(expect.arrayContaining(['masters/missing-a.mp4', 'masters/missing-b.mp4']));
    expect(new Set(asked).size).toBe(asked.length);
    expect(jobs.sent.every((job) => job.queue === STORYBOARD_QUEUE)).toBe(true);

    expect(await makeStoryboard(deps, { masterKey: 'masters/missing-a.mp4' })).toEqual({ made: 0, missing: 1 });
    expect(await makeStoryboard(deps, {})).toEqual({ made: 0 });
  });

  it(
    'a finished live event’s recording asks for its storyboard, and its video page can then be scrubbed',
    async () => {
      const [eventId = 0] = await insertLiveEvents(t.database.db, 1, { status: 'finished' });
      // One stored session of five seconds, as the ingest stores segments.
      const segment = path.join(dir, 'seg.ts');
      await runFfmpeg(ffmpeg, [
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
        ...[
          '-t',
          '5',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-g',
          '10',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-f',
          'mpegts',
          segment,
        ],
      ]);
      const sessionId = randomUUID();
      const now = new Date();
      await t.database.db
        .insert(liveSessions)
        .values({ id: sessionId, eventId, owner: 'test', startedAt: now, publishedAt: now, seenAt: now, endedAt: now, segments: 1 });
      await t.services.files.store.put(sessionKey(eventId, sessionId, segmentName(0)), segment);

      const jobs = collectingJobs();
      expect(await recordEvent({ ...deps, jobs }, { eventId })).toMatchObject({ recorded: 1 });
      const masterKey = `masters/live/${eventId}.mp4`;
      expect(jobs.sent.filter((job) => job.queue === STORYBOARD_QUEUE)).toEqual([{ queue: STORYBOARD_QUEUE, data: { masterKey } }]);

      const visitor = new Browser(t.app);
      const listed = async () =>
        liveRecordingsResponseSchema
          .parse((await visitor.get('/api/content/live/recordings')).json())
          .recordings.find((item) => item.event.id === eventId);
      // Listed at once; its card has no storyboard until the job has made it.
      expect((await listed())?.storyboard_url).toBeNull();

      expect(await makeStoryboard(deps, { masterKey })).toEqual({ made: 1, tiles: 3 });
      const [recording] = await t.database.db.select().from(videoMasters).where(eq(videoMasters.storageKey, masterKey));
      const video = videoProjectSchema.parse((await visitor.get(`/api/content/video_projects/${recording?.projectId}`)).json());
      expect(video.live_recording).not.toBeNull();
      expect(video.preview_video_url).toBeNull();
      const vtt = await visitor.get(video.storyboard_url ?? '');
      expect(vtt.statusCode).toBe(200);
      expect(parseStoryboardVtt(vtt.body).map((cue) => [cue.start, cue.x])).toEqual([
        [0, 0],
        [2, 160],
        [4, 320],
      ]);
      // The recordings list names the same storyboard for the recording's card, served to a visitor.
      const card = await listed();
      expect(card?.storyboard_url).toBe(video.storyboard_url);
      expect(card?.storyboard_url).toMatch(new RegExp(`^/media/storyboards/${recording?.projectId}/[0-9a-f]{16}/storyboard\\.vtt$`));
      const sprite = await visitor.get((card?.storyboard_url ?? '').replace('storyboard.vtt', 'sprite.jpg'));
      expect([sprite.statusCode, sprite.headers['content-type']]).toEqual([200, 'image/jpeg']);
    },
    FFMPEG_TEST_MS,
  );
});
