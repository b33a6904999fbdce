import { createHmac, timingSafeEqual } from 'node:crypto';
import { QUALITY_LABELS, type Container, type Quality, type VideoFormat } from '../../../common/catalogue-values.ts';
import type { S3Settings } from './storage-s3.ts';
import type { FileStore } from './storage.ts';

/** What rendering and serving downloads need: the store, ffmpeg, a scratch folder, the credit and the link secret. */
export type DownloadFiles = {
  store: FileStore;
  ffmpeg: string;
  /** A scratch folder for renders in progress. */
  workDir: string;
  /** The agency credit burnt into credit files. */
  credit: string;
  /** Signs file links: the app's secret. */
  secret: string;
  /** The logo of branded files until a customer has uploaded their own. */
  logoFile?: string;
  /** The demo: projects without a master of their own share the generated ones. */
  sharedMasters?: boolean;
  /**
   * Ingest's folders (newsroom/ingest/storage.ts): tus uploads in progress and the drop folder, and
   * the bucket uploads go to in production; unset: `uploads` in the work folder, `dropfolder` beside it.
   */
  ingest?: { uploadsDir: string; dropDir: string; s3?: S3Settings };
};

/** How long a download link works: long enough to start a big file, short enough that a shared link dies. */
export const LINK_TTL_SECONDS = 6 * 3600;
export const FILE_ROUTE = '/files';

/** The file name a customer's browser saves: the slug and the rendition, e.g. `storm-hits-coast_720p_branded.mp4`. */
export function downloadName(slug: string, rendition: { quality: Quality; container: Container; format: VideoFormat }): string {
  const base =
    slug
      .replace(/[^a-z0-9-]+/gi, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'video';
  return `${base}_${QUALITY_LABELS[rendition.quality]}_${rendition.format}.${rendition.container}`;
}

type Link = { key: string; name: string; expires: number; request?: number | undefined; owner?: number | undefined };
const signature = (secret: string, link: Link) =>
  createHmac('sha256', `files:${secret}`)
    .update(`${link.key}\n${link.name}\n${link.expires}\n${link.request ?? ''}\n${link.owner ?? ''}`)
    .digest('base64url');

/**
 * A link to a stored file that works until `expires` (seconds since 1970) and only as signed. A
 * requested file's link names its request, so my content can tell "download now" from "ready",
 * and its owner: only that user's session fetches it, so a link passed on is worth nothing.
 * Links without an owner are those made to be handed on (an embedded recording's player).
 */
export function signedFileUrl(
  secret: string,
  input: { key: string; name: string; now: Date; request?: number; owner?: number; ttlSeconds?: number },
): string {
  const expires = Math.floor(input.now.getTime() / 1000) + (input.ttlSeconds ?? LINK_TTL_SECONDS);
  const link = { key: input.key, name: input.name, expires, request: input.request, owner: input.owner };
  const query = new URLSearchParams({ name: input.name, expires: String(expires) });
  if (input.request !== undefined) query.set('request', String(input.request));
  if (input.owner !== undefined) query.set('owner', String(input.owner));
  query.set('sig', signature(secret, link));
  return `${FILE_ROUTE}/${input.key}?${query.toString()}`;
}

export type LinkCheck = 'ok' | 'expired' | 'tampered';

/** Whether a link is as signed (key, name, request and expiry untouched) and not expired. */
export function checkFileLink(secret: string, input: Link & { sig: string; now: Date }): LinkCheck {
  const expected = Buffer.from(signature(secret, input));
  const given = Buffer.from(input.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
  return input.expires * 1000 < input.now.getTime() ? 'expired' : 'ok';
}
