import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEventConsoleSchema, liveEventDetailSchema } from '../../../common/live.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { resolveFfmpeg } from '../media/ffmpeg.ts';
import { createLiveEvent } from './test-support.ts';

/** The console uploads an event's picture; every size is drawn from it and served to anyone. */
const ffmpeg = resolveFfmpeg(undefined);
let t: TestApp;
let admin: Browser;
let scratch: string;
let png: Buffer;
const ADMIN = '/api/admin/content/live/events';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await agreementFixtures(t).signedIn({ isAdmin: true })).browser;
  scratch = await mkdtemp(path.join(os.tmpdir(), 'event-image-'));
  // A 4:3 picture, so that drawing it 16:9 has to crop.
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=800x600',
    '-frames:v',
    '1',
    path.join(scratch, 'in.png'),
  ]);
  png = await readFile(path.join(scratch, 'in.png'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A JPEG's width and height, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): [number, number] {
  for (let at = 2; at < bytes.length;) {
    const marker = bytes.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffc3) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame in this JPEG');
}

const upload = (who: Browser, id: number, body: Buffer, type = 'image/png') =>
  who.request({ method: 'PUT', url: `${ADMIN}/${id}/image`, payload: body, headers: { 'content-type': type } });

describe('an event’s own picture (console)', () => {
  it('draws an uploaded PNG in every size of the spec as 16:9 JPEGs, shown on the event instead of the placeholder', async () => {
    const event = await createLiveEvent(t, admin);
    expect(event.image_type).toBe('default');
    const answer = await upload(admin, event.id, png, 'application/octet-stream');
    expect(answer.statusCode, answer.body).toBe(200);
    const changed = liveEventConsoleSchema.parse(answer.json());
    expect(changed.image_type).toBe('custom');

    const visitor = new Browser(t.app);
    const shown = liveEventDetailSchema.parse((await visitor.get(`/api/content/live/events/${event.slug}`)).json());
    const expected = { thumbnail: [320, 180], w273: [273, 154], w575: [575, 323], w960: [960, 540], large_brand: [1920, 1080] } as const;
    for (const [size, dimensions] of Object.entries(expected)) {
      const url = shown.image[size as keyof typeof expected];
      expect(url).toMatch(/^\/media\/live\/images\/[0-9a-f]{32}-[\w]+\.jpg$/);
      const file = await visitor.get(url);
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
      expect(file.headers['cache-control']).toContain('immutable');
      expect(jpegSize(file.rawPayload)).toEqual(dimensions);
    }

    const back = liveEventConsoleSchema.parse((await admin.request({ method: 'DELETE', url: `${ADMIN}/${event.id}/image` })).json());
    expect(back.image_type).toBe('default');
    expect(back.image.w273).toMatch(/placeholder-273x154/);
  });

  it('refuses what is not a JPEG or PNG by its content, whatever its declared type, and a picture over 8 MB', async () => {
    const event = await createLiveEvent(t, admin);
    const text = await upload(admin, event.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect([text.statusCode, codes(text)]).toEqual([422, ['image_invalid']]);
    const broken = await upload(admin, event.id, Buffer.concat([png.subarray(0, 64), Buffer.alloc(500)]));
    expect([broken.statusCode, codes(broken)]).toEqual([422, ['image_invalid']]);
    const huge = await upload(admin, event.id, Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ errors: unknown[] }>().errors).toHaveLength(1);
    const shown = liveEventDetailSchema.parse((await new Browser(t.app).get(`/api/content/live/events/${event.slug}`)).json());
    expect(shown.image_type).toBe('default');
    expect(codes(await upload(admin, 99_999_999, png))).toEqual(['live_event_not_found']);
    expect((await new Browser(t.app).get('/media/live/images/not-a-picture.jpg')).statusCode).toBe(404);
  });

  it('is the console’s only: a guest gets 401, a customer 403', async () => {
    const event = await createLiveEvent(t, admin);
    expect((await upload(new Browser(t.app), event.id, png)).statusCode).toBe(401);
    const { browser } = await agreementFixtures(t).signedIn();
    expect((await upload(browser, event.id, png)).statusCode).toBe(403);
    expect((await browser.request({ method: 'DELETE', url: `${ADMIN}/${event.id}/image` })).statusCode).toBe(403);
  });
});
