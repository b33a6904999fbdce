import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Forbidden, Invalid, TooManyRequests, Unavailable } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { FFMPEG_MEMORY, FfmpegError, runFfmpeg } from '../media/ffmpeg.ts';
import { checkImage, fitWithin, IMAGE_MAX_SIDE, type ImageCheck } from '../media/image-checks.ts';
import { startMediaWork } from '../media/media-work.ts';
import type { DownloadFiles } from './files.ts';

/** A logo file may be this big; it is kept as a PNG at most this wide or high. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_MAX_SIDE = 1200;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Drawing a logo of at most 4096 px a side takes well under a second; past this it is a bomb. */
const LOGO_TIMEOUT_MS = 15_000;

const notALogo = () => new Invalid({ code: 'logo_invalid', field: 'logo', message: 'The logo must be a PNG or SVG image of at most 2 MB' });

/** Why a picture is no logo, in words, before ffmpeg is given it. */
function refusal(check: Extract<ImageCheck, { ok: false }>) {
  if (check.problem === 'too_large')
    return new Invalid({
      code: 'logo_too_large',
      field: 'logo',
      message: `The logo must be at most ${IMAGE_MAX_SIDE} px a side (${check.detail})`,
    });
  if (check.problem === 'svg_refused')
    return new Invalid({
      code: 'logo_svg_refused',
      field: 'logo',
      message: `This SVG cannot be a logo (${check.detail}); upload it as a PNG`,
    });
  return notALogo();
}

/** What the bytes are, by their content (never the name or the declared type): png, svg, or null. */
export function logoKind(bytes: Buffer): 'png' | 'svg' | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // An XML declaration, comments and a doctype may come before the root element, which must be <svg.
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest) ? 'svg' : null;
}

/** Whose logo a user's branded files carry: the company's when they have one, else their own. */
export type LogoOwner = { kind: 'company'; id: number } | { kind: 'user'; id: number };
export const logoOwnerOf = (user: Pick<UserRow, 'id' | 'companyId'>): LogoOwner =>
  user.companyId ? { kind: 'company', id: user.companyId } : { kind: 'user', id: user.id };

export async function logoKeyOf(db: Db, user: Pick<UserRow, 'id' | 'companyId' | 'logoKey'>): Promise<string | null> {
  if (!user.companyId) return user.logoKey;
  const [company] = await db.select({ logoKey: companies.logoKey }).from(companies).where(eq(companies.id, user.companyId));
  return company?.logoKey ?? null;
}

/** Only a company's master changes the team's logo; a user without a company changes their own. */
function assertMayChange(user: Pick<UserRow, 'companyId' | 'companyRole'>) {
  if (user.companyId && user.companyRole !== 'master')
    throw new Forbidden({ code: 'not_master', message: 'Only the master of your team can change its logo' });
}

async function setLogoKey(db: Db, owner: LogoOwner, key: string | null) {
  if (owner.kind === 'company') await db.update(companies).set({ logoKey: key }).where(eq(companies.id, owner.id));
  else await db.update(users).set({ logoKey: key }).where(eq(users.id, owner.id));
}

/**
 * PUT /api/current_user/logo: a PNG or SVG (checked by content, at most 2 MB, its size read from its
 * header: at most 4096 px a side; an SVG without filters, scripts or outside references) is redrawn
 * by ffmpeg as a PNG of at most 1200 px a side, so what is kept is a plain picture (no script of an
 * SVG, no metadata), stored once by its hash. An SVG is drawn at that size directly, never at the
 * size it declares. The drawing is bounded (time, memory) and is one of the user's places in media
 * work: with all of them taken the answer is 429. Branded files made with an earlier logo stay as
 * they were; new ones carry the new logo (the hash is part of a rendition's key).
 */
export async function uploadLogo(db: Db, files: DownloadFiles, user: UserRow, bytes: Buffer): Promise<{ key: string }> {
  assertMayChange(user);
  const kind = bytes.length <= LOGO_MAX_BYTES ? logoKind(bytes) : null;
  if (!kind) throw notALogo();
  const check = checkImage(bytes, kind);
  if (!check.ok) throw refusal(check);
  const work = await startMediaWork(db, { userId: user.id, kind: 'logo', leaseSeconds: LOGO_TIMEOUT_MS / 1000 + 30 });
  if (!work)
    throw new TooManyRequests(5, { code: 'media_busy', message: 'Your other files are still being prepared; try again in a moment' });
  await mkdir(files.workDir, { recursive: true });
  const input = path.join(files.workDir, `logo-${randomUUID()}.${kind}`);
  const output = path.join(files.workDir, `logo-${randomUUID()}.png`);
  try {
    await writeFile(input, bytes);
    await runFfmpeg(files.ffmpeg, drawLogoArgs(kind, fitWithin(check, LOGO_MAX_SIDE), input, output), {
      timeoutMs: LOGO_TIMEOUT_MS,
      memoryBytes: FFMPEG_MEMORY.image,
    }).catch((error: unknown) => {
      throw drawingRefusal(error);
    });
    const png = await readFile(output);
    const key = `logos/${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`;
    if ((await files.store.size(key)) === null) await files.store.put(key, output);
    await setLogoKey(db, logoOwnerOf(user), key);
    return { key };
  } finally {
    await work.finish();
    await rm(input, { force: true });
    await rm(output, { force: true });
  }
}

/** What a failed drawing tells the user: too much to draw, not a picture, or the server stopping. */
function drawingRefusal(error: unknown) {
  if (!(error instanceof FfmpegError) || error.reason === 'failed') return notALogo();
  if (error.reason === 'stopped')
    return new Unavailable(
      { code: 'logo_unavailable', message: 'The logo cannot be drawn right now; try again in a moment' },
      { cause: error },
    );
  return new Invalid({
    code: 'logo_too_complex',
    field: 'logo',
    message: 'The logo took too long or too much memory to draw; upload a simpler one, or a PNG',
  });
}

/**
 * One thread (the memory bound is measured for it), the demuxer of the kind the content check found
 * (never one ffmpeg guesses), and the picture drawn at its kept size: an SVG rasterised to fit
 * `size` (librsvg's own width and height), a PNG scaled to it.
 */
function drawLogoArgs(kind: 'png' | 'svg', size: { width: number; height: number }, input: string, output: string): string[] {
  const threads = ['-threads', '1', '-filter_threads', '1'];
  const picture = ['-frames:v', '1', '-pix_fmt', 'rgba', output];
  if (kind === 'svg')
    return [
      ...threads,
      '-f',
      'svg_pipe',
      '-width',
      String(size.width),
      '-height',
      String(size.height),
      '-keep_ar',
      '1',
      '-i',
      input,
      ...picture,
    ];
  return [...threads, '-f', 'png_pipe', '-i', input, '-vf', `scale=${size.width}:${size.height}`, ...picture];
}

/** DELETE /api/current_user/logo: branded files need a logo again before the next download. */
export async function removeLogo(db: Db, user: UserRow): Promise<void> {
  assertMayChange(user);
  await setLogoKey(db, logoOwnerOf(user), null);
}
