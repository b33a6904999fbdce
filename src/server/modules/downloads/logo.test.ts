import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { startMediaWork } from '../media/media-work.ts';
import { LOGO_MAX_BYTES, logoKind, uploadLogo } from './logos.ts';

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

/** A real PNG of `side` × `side` grey pixels: tiny, all zeros compressed, hundreds of MiB once decoded. */
function pngBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = deflateSync(Buffer.alloc(side * (side + 1)), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** The bombs: 123 bytes declaring 12,000 px a side; a kilobyte and a half of blur that drew for minutes. */
const HUGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="12000" height="12000"><rect width="12000" height="12000" fill="#c8102e"/></svg>';
const BLURRED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="900"/><feGaussianBlur stdDeviation="900"/></filter></defs>${Array.from(
  { length: 17 },
  (_, i) => `<circle cx="${200 + (i % 11) * 350}" cy="${300 + (i % 4) * 900}" r="700" fill="#c8102e" filter="url(#b)"/>`,
).join('')}</svg>`;
const svg = (body: string, size = 'width="300" height="100"') => `<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`;

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

describe('logo bombs are refused before ffmpeg sees them (issue: security, media bombs)', () => {
  /** The service with no ffmpeg at all: an answer that needs no drawing proves nothing was drawn. */
  const withoutFfmpeg = async (bytes: Buffer | string) => {
    const { user } = await agreementFixtures(t).signedIn();
    const files = { ...t.services.files, ffmpeg: '/nonexistent/ffmpeg' };
    return uploadLogo(t.database.db, files, user, Buffer.from(bytes)).then(
      () => 'kept',
      (error: unknown) => (error instanceof AppError ? [error.status, error.items[0]?.code] : error),
    );
  };

  it('a 12,000 × 12,000 SVG or PNG is refused by its header with a clear 422, without ffmpeg', async () => {
    const bomb = pngBomb(12_000);
    expect(bomb.length).toBeLessThan(300_000);
    expect(await withoutFfmpeg(HUGE_SVG)).toEqual([422, 'logo_too_large']);
    expect(await withoutFfmpeg(bomb)).toEqual([422, 'logo_too_large']);
    // Declared by its viewBox alone, or in other units, it is the same size.
    expect(await withoutFfmpeg(svg('<rect width="1" height="1"/>', 'viewBox="0 0 20000 100"'))).toEqual([422, 'logo_too_large']);
    expect(await withoutFfmpeg(svg('<rect width="1" height="1"/>', 'width="200cm" height="10cm"'))).toEqual([422, 'logo_too_large']);
    // A logo within bounds does need ffmpeg: the refusals above never reached it.
    expect(await withoutFfmpeg(SVG)).toEqual([422, 'logo_invalid']);

    const { browser } = await agreementFixtures(t).signedIn();
    const answer = await put(browser, bomb);
    expect([answer.statusCode, codes(answer)]).toEqual([422, ['logo_too_large']]);
    expect(answer.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'The logo must be at most 4096 px a side (it is 12000 × 12000 px)',
    );
  });

  it('an SVG with filters (the blur), scripts, embedded pictures or outside references is refused; a plain one is drawn', async () => {
    expect(await withoutFfmpeg(BLURRED_SVG)).toEqual([422, 'logo_svg_refused']);
    const refused = [
      svg('<rect width="300" height="100" style="filter: blur(90px)"/>'),
      svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="300" height="100"/>'),
      svg('<use xlink:href="http://example.com/logo.svg#a"/>'),
      svg('<rect width="300" height="100" fill="url(file:///etc/passwd)"/>'),
      svg('<style>rect { \\66 ilter: blur(9px) }</style><rect width="300" height="100"/>'),
      svg('<script>alert(1)</script>'),
    ];
    for (const bytes of refused) expect(await withoutFfmpeg(bytes), bytes).toEqual([422, 'logo_svg_refused']);
    // A doctype declaring entities (expansion) is not taken for an SVG at all.
    const entities = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]>${svg('<text>&a;</text>')}`;
    expect(await withoutFfmpeg(entities)).toEqual([422, 'logo_invalid']);

    const { browser } = await agreementFixtures(t).signedIn();
    const blurred = await put(browser, BLURRED_SVG, 'image/svg+xml');
    expect([blurred.statusCode, codes(blurred)]).toEqual([422, ['logo_svg_refused']]);
    expect(blurred.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'This SVG cannot be a logo (it uses filters); upload it as a PNG',
    );
    // What real logos use: a doctype, gradients and shapes referring to their own document.
    const plain = `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#c8102e"/><stop offset="1" stop-color="#0d1b2a"/></linearGradient></defs><rect id="r" width="300" height="100" fill="url(#g)"/><use href="#r"/>',
      'xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="100"',
    )}`;
    expect((await put(browser, plain, 'image/svg+xml')).statusCode).toBe(200);
    expect(imageSize((await browser.get('/api/current_user/logo')).rawPayload)).toMatchObject({ width: 300, height: 100 });
  });

  it('an SVG is drawn at the size kept (1200 px at most a side), never at a bigger one', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const large = svg('<circle cx="2000" cy="1000" r="900" fill="#c8102e"/>', 'width="4000" height="2000"');
    expect((await put(browser, large, 'image/svg+xml')).statusCode).toBe(200);
    expect(imageSize((await browser.get('/api/current_user/logo')).rawPayload)).toMatchObject({ width: 1200, height: 600 });
  });

  it('a user with all their places in media work taken is asked to wait (429); one place free, the logo is drawn', async () => {
    const { browser, user } = await agreementFixtures(t).signedIn();
    const places = [
      await startMediaWork(t.database.db, { userId: user.id, kind: 'render', leaseSeconds: 60 }),
      await startMediaWork(t.database.db, { userId: user.id, kind: 'render', leaseSeconds: 60 }),
    ];
    expect(await startMediaWork(t.database.db, { userId: user.id, kind: 'render', leaseSeconds: 60 })).toBeNull();
    const busy = await put(browser, png);
    expect([busy.statusCode, codes(busy), busy.headers['retry-after']]).toEqual([429, ['media_busy'], '5']);
    await places[0]?.finish();
    expect((await put(browser, png)).statusCode).toBe(200);
    // The logo's own place was given back: the second render place is still the only one taken.
    expect(await startMediaWork(t.database.db, { userId: user.id, kind: 'render', leaseSeconds: 60 })).not.toBeNull();
    await places[1]?.finish();
  });
});
