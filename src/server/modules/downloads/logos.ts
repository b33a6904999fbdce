import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Forbidden, Invalid } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import type { DownloadFiles } from './files.ts';

/** A logo file may be this big; it is kept as a PNG at most this wide or high. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_MAX_SIDE = 1200;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const notALogo = () => new Invalid({ code: 'logo_invalid', field: 'logo', message: 'The logo must be a PNG or SVG image of at most 2 MB' });

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
 * PUT /api/current_user/logo: a PNG or SVG (checked by content, at most 2 MB) is redrawn by ffmpeg
 * as a PNG of at most 1200 px a side, so what is kept is a plain picture (no script of an SVG, no
 * metadata), stored once by its hash. Branded files made with an earlier logo stay as they were;
 * new ones carry the new logo (the hash is part of a rendition's key).
 */
export async function uploadLogo(db: Db, files: DownloadFiles, user: UserRow, bytes: Buffer): Promise<{ key: string }> {
  assertMayChange(user);
  const kind = bytes.length <= LOGO_MAX_BYTES ? logoKind(bytes) : null;
  if (!kind) throw notALogo();
  await mkdir(files.workDir, { recursive: true });
  const input = path.join(files.workDir, `logo-${randomUUID()}.${kind}`);
  const output = path.join(files.workDir, `logo-${randomUUID()}.png`);
  try {
    await writeFile(input, bytes);
    const fit = `scale='if(gt(iw,ih),min(${LOGO_MAX_SIDE},iw),-2)':'if(gt(iw,ih),-2,min(${LOGO_MAX_SIDE},ih))'`;
    await runFfmpeg(files.ffmpeg, ['-i', input, '-vf', fit, '-frames:v', '1', '-pix_fmt', 'rgba', output]).catch(() => {
      throw notALogo();
    });
    const png = await readFile(output);
    const key = `logos/${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`;
    if ((await files.store.size(key)) === null) await files.store.put(key, output);
    await setLogoKey(db, logoOwnerOf(user), key);
    return { key };
  } finally {
    await rm(input, { force: true });
    await rm(output, { force: true });
  }
}

/** DELETE /api/current_user/logo: branded files need a logo again before the next download. */
export async function removeLogo(db: Db, user: UserRow): Promise<void> {
  assertMayChange(user);
  await setLogoKey(db, logoOwnerOf(user), null);
}
