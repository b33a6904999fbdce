import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { LOGO_MAX_BYTES, logoKind } from './logos.ts';

let t: TestApp;
let png: Buffer;
const SVG =
  '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#c8102e"/></svg>';

beforeAll(async () => {
  t = await createTestApp();
  const file = path.join(os.tmpdir(), `logo-test-${process.pid}.png`);
  await runFfmpeg(t.services.files.ffmpeg, ['-f', 'lavfi', '-i', 'color=c=0x00ff00:size=400x120', '-frames:v', '1', file]);
  png = await readFile(file);
}, 30_000);
afterAll(() => t.close());

const put = (browser: Browser, body: Buffer | string, type = 'image/png') =>
  browser.request({ method: 'PUT', url: '/api/current_user/logo', payload: body, headers: { 'content-type': type } });
const isPng = (bytes: Buffer) => bytes.subarray(1, 4).toString() === 'PNG';

describe('the customer logo for branded files (issue: downloads)', () => {
  it('tells PNG and SVG by their content, not their name', () => {
    expect(logoKind(png)).toBe('png');
    expect(logoKind(Buffer.from(SVG))).toBe('svg');
    expect(logoKind(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(logoKind(Buffer.from('GIF89a......'))).toBeNull();
  });

  it('a PNG or an SVG is kept as a PNG; anything else, or too big, is refused in words', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    expect(codes(await browser.get('/api/current_user/logo'))).toEqual(['logo_not_found']);
    expect((await put(browser, png)).statusCode).toBe(200);
    const kept = await browser.get('/api/current_user/logo');
    expect([kept.statusCode, kept.headers['content-type']]).toEqual([200, 'image/png']);
    expect(isPng(kept.rawPayload)).toBe(true);

    // Declared as anything, an SVG is read as one and drawn as a PNG (no script of it survives).
    expect((await put(browser, SVG, 'application/octet-stream')).statusCode).toBe(200);
    expect(isPng((await browser.get('/api/current_user/logo')).rawPayload)).toBe(true);

    const fake = await put(browser, 'not an image at all', 'image/png');
    expect([fake.statusCode, codes(fake)]).toEqual([422, ['logo_invalid']]);
    const big = await put(browser, Buffer.concat([png, Buffer.alloc(2 * LOGO_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(codes(big).length).toBe(1);
    expect(isPng((await browser.get('/api/current_user/logo')).rawPayload)).toBe(true);

    expect((await browser.delete('/api/current_user/logo')).statusCode).toBe(204);
    expect((await browser.get('/api/current_user/logo')).statusCode).toBe(404);
  });

  it('a team’s logo is its master’s to change and every member’s to use; guests have none', async () => {
    const { master, member, otherMaster } = await agreementFixtures(t).team();
    expect((await put(master.browser, png)).statusCode).toBe(200);
    expect(isPng((await member.browser.get('/api/current_user/logo')).rawPayload)).toBe(true);
    expect(codes(await put(member.browser, png))).toEqual(['not_master']);
    expect(codes(await member.browser.delete('/api/current_user/logo'))).toEqual(['not_master']);
    expect((await otherMaster.browser.get('/api/current_user/logo')).statusCode).toBe(404);
    expect((await put(new Browser(t.app), png)).statusCode).toBe(401);
  });
});
