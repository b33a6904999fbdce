import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INGEST_STAGES, type IngestStage } from '../../../../common/newsroom-ingest.ts';
import { CHANNELS } from '../../../../common/realtime.ts';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { Browser } from '../../../test/http.ts';
import { auditLog } from '../../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../../desk/test-support.ts';
import { CHANNEL_DEFINITIONS, DESK_INGEST_STREAM } from '../../realtime/channels.ts';
import { createDraft } from '../items.ts';
import { contentItems } from '../schema.ts';
import { DROP_SUBFOLDERS } from './drop-files.ts';
import { scanDropFolder } from './drop-folder.ts';
import { INGEST_QUEUE, ingestMaster, type IngestJobData } from './pipeline.ts';
import { contentItemMedia } from './schema.ts';
import { ingestStorage } from './storage.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
let dir: string;
let clip: Buffer;
const sent: { queue: string; data: IngestJobData }[] = [];

const TUS = { 'tus-resumable': '1.0.0' };
const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

beforeAll(async () => {
  t = await createTestApp({
    services: {
      jobs: {
        send: async (queue, data) => {
          sent.push({ queue, data: data as IngestJobData });
          return 'job';
        },
        stop: async () => undefined,
      },
    },
  });
  callers = await deskCallers(t);
  dir = await mkdtemp(path.join(tmpdir(), 'ingest-test-'));
  // A 4-second 320x180 H.264/AAC clip: big enough to be cut in two, small enough to process in a second.
  await runFfmpeg(t.services.files.ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '4', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', path.join(dir, 'clip.mp4')],
  ]);
  clip = await readFile(path.join(dir, 'clip.mp4'));
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sent.length = 0;
});

const deps = () => ({
  db: t.database.db,
  clock: t.services.clock,
  files: t.services.files,
  broadcast: t.services.broadcaster.broadcast,
  jobs: t.services.jobs,
});

async function create(who: Browser, fields: Record<string, string>, length: number) {
  return who.post('/api/desk/uploads', undefined, {
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': meta(fields) },
  });
}
async function patch(who: Browser, location: string, offset: number, bytes: Buffer) {
  return who.request({
    method: 'PATCH',
    url: location,
    payload: bytes,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  });
}
const itemRow = async (id: number) => (await t.database.db.select().from(contentItems).where(eq(contentItems.id, id)))[0];

describe('resumable uploads at /api/desk/uploads (tus)', () => {
  it('only editors (and admins) may create, send, ask about and give up uploads, and read an item’s media', async () => {
    const own = await create(callers.editor, { filename: 'table.mp4' }, 10);
    const location = own.headers.location as string;
    const item = Number(own.headers['upload-item-id']);
    const calls: Record<string, StatusCall> = {
      'POST create': {
        call: async (who) => (await create(who, { filename: 'a.mp4' }, 10)).statusCode,
        expected: deskExpectation('editor', 201),
      },
      'HEAD offset': {
        call: async (who) => (await who.request({ method: 'HEAD', url: location, headers: TUS })).statusCode,
        expected: deskExpectation('editor', 200),
      },
      'PATCH bytes': {
        call: async (who) => (await patch(who, location, 0, Buffer.alloc(0))).statusCode,
        expected: deskExpectation('editor', 204),
      },
      'DELETE upload': {
        call: async (who) => {
          const fresh = (await create(callers.editor, { filename: 'gone.mp4' }, 10)).headers.location as string;
          return (await who.request({ method: 'DELETE', url: fresh, headers: TUS })).statusCode;
        },
        expected: deskExpectation('editor', 204),
      },
      'GET item media': {
        call: async (who) => (await who.get(`/api/desk/ingest/items/${item}`)).statusCode,
        expected: deskExpectation('editor', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('an upload cut in two resumes from the offset the server has, and its last byte starts the ingest of its new draft', async () => {
    const created = await create(callers.editor, { filename: 'storm.mp4', filetype: 'video/mp4' }, clip.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/desk\/uploads\/[\w-]+$/);
    const itemId = Number(created.headers['upload-item-id']);
    expect(await itemRow(itemId)).toMatchObject({ mediaState: 'uploading', sourceName: 'storm.mp4', state: 'draft' });

    const half = Math.floor(clip.length / 2);
    expect((await patch(callers.editor, location, 0, clip.subarray(0, half))).statusCode).toBe(204);
    // The connection dropped: the client asks where to go on from.
    const head = await callers.editor.request({ method: 'HEAD', url: location, headers: TUS });
    expect(head.headers['upload-offset']).toBe(String(half));
    // A PATCH from the wrong offset is refused and changes nothing.
    expect((await patch(callers.editor, location, half + 10, clip.subarray(half + 10))).statusCode).toBe(409);
    expect(sent).toEqual([]);
    const last = await patch(callers.editor, location, half, clip.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-item-id']).toBe(String(itemId));
    expect(sent).toEqual([{ queue: INGEST_QUEUE, data: { itemId, source: { kind: 'upload', id: location.split('/').at(-1) } } }]);
    expect(await itemRow(itemId)).toMatchObject({ mediaState: 'probing' });

    // The job: probe, then what the catalogue needs; each step told on the desk's channel.
    const told: string[] = [];
    const result = await ingestMaster(
      {
        ...deps(),
        broadcast: (channel, stream, message) =>
          told.push(`${channel}/${stream}/${'item' in message ? `${message.item.media_state}:${message.item.media_stage ?? ''}` : ''}`),
      },
      sent[0]!.data,
    );
    expect(result).toEqual({ ready: 1 });
    const item = await itemRow(itemId);
    expect(item).toMatchObject({ mediaState: 'ready', mediaProgress: 100, mediaError: null });
    expect(item?.probe).toMatchObject({
      video_codec: 'h264',
      width: 320,
      height: 180,
      frame_rate: 25,
      audio_codec: 'aac',
      audio_channels: 1,
      size_bytes: clip.length,
    });
    expect(item?.probe?.container).toContain('mp4');
    expect(item?.probe?.duration_seconds).toBeCloseTo(4, 0);
    expect(told[0]).toBe(`${CHANNELS.deskIngest}/${DESK_INGEST_STREAM}/probing:probe`);
    expect(told).toContain(`${CHANNELS.deskIngest}/${DESK_INGEST_STREAM}/processing:preview`);
    expect(told.at(-1)).toBe(`${CHANNELS.deskIngest}/${DESK_INGEST_STREAM}/ready:`);
    // The desk never sees an earlier stage after a later one (progress reports go out in order).
    const order = told.map((entry) => INGEST_STAGES.indexOf(entry.split(':').at(-1) as IngestStage)).filter((index) => index >= 0);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const [media] = await t.database.db.select().from(contentItemMedia).where(eq(contentItemMedia.itemId, itemId));
    const store = t.services.files.store;
    expect(await store.size(item!.masterKey!)).toBe(clip.length);
    expect(item!.masterKey).toMatch(/^masters\/ingest-[0-9a-f-]{36}\.mp4$/);
    expect(await store.size(media!.previewKey!)).toBeGreaterThan(1000);
    expect(Object.keys(media!.thumbnailKeys).sort()).toEqual(['273x154', '575x323', '960x540', 'large_brand', 'thumbnail']);
    for (const key of [...Object.values(media!.thumbnailKeys), ...media!.animatedKeys]) expect(await store.size(key)).toBeGreaterThan(100);
    expect(media!.animatedKeys).toHaveLength(8);
    // The finished upload is gone from the uploads folder: the master lives in the store.
    expect(existsSync(path.join(ingestStorage(t.services.files).uploadsDir, location.split('/').at(-1)!))).toBe(false);

    const view = await callers.editor.get(`/api/desk/ingest/items/${itemId}`);
    expect(view.json()).toMatchObject({
      id: itemId,
      media_state: 'ready',
    });
    expect(view.json<{ preview_url: string }>().preview_url).toMatch(/^\/media\/clips\/ingest-.*\.mp4$/);
    // /media/clips/ serves DATA_DIR/storage/previews: the store's `previews/` folder on the embedded default.
    expect(await store.size(view.json<{ poster_url: string }>().poster_url.replace('/media/clips/', 'previews/'))).toBeGreaterThan(100);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(itemId)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['content_item.create', 'content_item.media_ready']);
    // Run again (a retry after the work was done): nothing more happens.
    expect(await ingestMaster(deps(), sent[0]!.data)).toEqual({ skipped: 1 });
  }, 60_000);

  it('an upload names its file; it may be the master of a story without one, never of one that has its own', async () => {
    const nameless = await callers.editor.post('/api/desk/uploads', undefined, { headers: { ...TUS, 'upload-length': '10' } });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json()).toMatchObject({ errors: [{ code: 'upload_metadata' }] });
    const story = await createDraft({ db: t.database.db, clock: t.services.clock }, null, {});
    const attached = await create(callers.editor, { filename: 'late.mp4', item_id: String(story.id) }, 10);
    expect([attached.statusCode, attached.headers['upload-item-id']]).toEqual([201, String(story.id)]);
    expect(await itemRow(story.id)).toMatchObject({ mediaState: 'uploading', sourceName: 'late.mp4' });
    const again = await create(callers.editor, { filename: 'twice.mp4', item_id: String(story.id) }, 10);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: [{ code: 'media_present' }] });
    expect((await create(callers.editor, { filename: 'x.mp4', item_id: '99999999' }, 10)).statusCode).toBe(404);
  });

  it('a file over the configured maximum is refused before a byte is sent', async () => {
    const small = await createTestApp({ config: { uploadMaxBytes: 1000 } });
    try {
      const editor = (await deskCallers(small)).editor;
      const big = await create(editor, { filename: 'big.mp4' }, 1001);
      expect(big.statusCode).toBe(413);
      expect((await create(editor, { filename: 'fits.mp4' }, 1000)).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('probing refuses what is not usable video', () => {
  async function ingestFile(name: string, bytes: Buffer | string) {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    const item = await createDraft({ db: t.database.db, clock: t.services.clock }, null, { sourceName: name, media: true });
    const result = await ingestMaster(deps(), { itemId: item.id, source: { kind: 'drop', file } });
    return {
      result,
      item: await itemRow(item.id),
      media: (await t.database.db.select().from(contentItemMedia).where(eq(contentItemMedia.itemId, item.id)))[0],
    };
  }

  it('a text file renamed .mp4', async () => {
    const { result, item, media } = await ingestFile('notes.mp4', 'Minutes of the editorial meeting\n'.repeat(200));
    expect(result).toEqual({ refused: 1 });
    expect(item).toMatchObject({ mediaState: 'failed', masterKey: null });
    expect(item?.mediaError).toContain('not a video');
    expect(media?.errorCode).toBe('not_video');
  });

  it('an MP4 cut short, whether its index came first or never came', async () => {
    const withIndex = await ingestFile('cut-early.mp4', clip.subarray(0, Math.floor(clip.length / 2)));
    expect(withIndex.result).toEqual({ refused: 1 });
    expect(withIndex.item?.mediaState).toBe('failed');
    expect(withIndex.item?.mediaError).toContain('cut short');
    expect(withIndex.media?.errorCode).toBe('truncated');
    // The same clip with its index at the end (as cameras write it), cut before the index.
    const tail = path.join(dir, 'index-last.mp4');
    await runFfmpeg(t.services.files.ffmpeg, ['-i', path.join(dir, 'clip.mp4'), '-c', 'copy', tail]);
    const indexLast = await readFile(tail);
    const noIndex = await ingestFile('cut-late.mp4', indexLast.subarray(0, Math.floor(indexLast.length * 0.8)));
    expect(noIndex.result).toEqual({ refused: 1 });
    expect(noIndex.media?.errorCode).toBe('truncated');
  });

  it('sound without a picture', async () => {
    const file = path.join(dir, 'sound.m4a');
    await runFfmpeg(t.services.files.ffmpeg, ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '3', '-c:a', 'aac', file]);
    const { result, media } = await ingestFile('sound.mp4', await readFile(file));
    expect(result).toEqual({ refused: 1 });
    expect(media?.errorCode).toBe('no_video_stream');
  });
});

describe('the drop folder', () => {
  const dropDir = () => ingestStorage(t.services.files).dropDir;

  it('takes a media file once it stops growing, with its ninjs sidecar as the draft’s fields, and moves it out of the way', async () => {
    await mkdir(dropDir(), { recursive: true });
    await writeFile(path.join(dropDir(), 'flood.mp4'), clip.subarray(0, 1000));
    await writeFile(
      path.join(dropDir(), 'flood.json'),
      JSON.stringify({
        headline: 'River bursts its banks',
        body_text: 'Water reached the town square overnight.',
        located: 'Passau',
        language: 'de',
        subject: [{ name: 'Floods' }, { code: 'weather' }],
        copyrightnotice: '© Stringer',
        firstcreated: '2026-11-20T06:00:00Z',
        urgency: 3,
      }),
    );
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 1, badSidecars: 0 });
    // Still being written: the next scan sees another size and waits again.
    await appendFile(path.join(dropDir(), 'flood.mp4'), clip.subarray(1000));
    expect(await scanDropFolder(deps())).toEqual({ taken: 0, waiting: 1, badSidecars: 0 });
    expect(sent).toEqual([]);
    // Two workers scanning at once: one takes it.
    const scans = await Promise.all([scanDropFolder(deps()), scanDropFolder(deps())]);
    expect(scans.reduce((sum, scan) => sum + scan.taken, 0)).toBe(1);
    expect(sent).toHaveLength(1);
    const { itemId, source } = sent[0]!.data;
    expect(source.kind).toBe('drop');
    expect(await readdir(dropDir())).not.toContain('flood.mp4');
    expect(await readdir(dropDir())).not.toContain('flood.json');
    const item = await itemRow(itemId);
    // German is no content language: the story is filed in English, with the sidecar's words.
    expect(item).toMatchObject({ sourceName: 'flood.mp4', mediaState: 'probing' });
    expect(item?.fields).toMatchObject({
      language: 'en',
      texts: { en: { headline: 'River bursts its banks', script: 'Water reached the town square overnight.', shotlist: [] } },
      dateline_place: 'Passau',
      dateline_date: '2026-11-20',
      tag_slugs: ['floods', 'weather'],
      credit: '© Stringer',
    });
    expect(await ingestMaster(deps(), sent[0]!.data)).toEqual({ ready: 1 });
    const done = await readdir(path.join(dropDir(), DROP_SUBFOLDERS.done));
    expect(done.some((name) => name.endsWith('-flood.mp4'))).toBe(true);
  }, 60_000);

  it('a bad sidecar sets the pair aside with the reason, and the other files are still taken', async () => {
    await writeFile(path.join(dropDir(), 'a-bad.mp4'), clip);
    await writeFile(path.join(dropDir(), 'a-bad.json'), '{"headline": 42');
    await writeFile(path.join(dropDir(), 'b-good.mp4'), clip);
    await writeFile(path.join(dropDir(), 'notes.txt'), 'not media');
    await scanDropFolder(deps());
    expect(await scanDropFolder(deps())).toEqual({ taken: 1, waiting: 0, badSidecars: 1 });
    const failed = await readdir(path.join(dropDir(), DROP_SUBFOLDERS.failed));
    const report = failed.find((name) => name.endsWith('a-bad.error.txt'));
    expect(report).toBeDefined();
    expect(await readFile(path.join(dropDir(), DROP_SUBFOLDERS.failed, report!), 'utf8')).toContain('not JSON');
    expect(failed.some((name) => name.endsWith('-a-bad.mp4'))).toBe(true);
    expect(await readdir(dropDir())).toContain('notes.txt');
    expect(sent).toHaveLength(1);
    expect(await itemRow(sent[0]!.data.itemId)).toMatchObject({ sourceName: 'b-good.mp4' });
    expect((await stat(path.join(dropDir(), 'notes.txt'))).isFile()).toBe(true);
  });
});

describe("the desk's ingest channel", () => {
  it('is for staff with the editor role (or admin) only', () => {
    const channel = CHANNEL_DEFINITIONS.get(CHANNELS.deskIngest)!;
    const who = (deskRoles?: string[]) => ({ userId: 1, sessionIdHash: 'x', ...(deskRoles ? { deskRoles } : {}) });
    expect(channel.stream(who(['editor']), {})).toBe(DESK_INGEST_STREAM);
    expect(channel.stream(who(['admin']), {})).toBe(DESK_INGEST_STREAM);
    expect(channel.stream(who(['live', 'sales']), {})).toBeNull();
    expect(channel.stream(who([]), {})).toBeNull();
    expect(channel.stream(who(), {})).toBeNull();
    expect(channel.stream(null, {})).toBeNull();
  });
});
