import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Invalid } from '../../http/errors.ts';
import type { DownloadFiles } from '../downloads/files.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { eventNotFound, type EventRow, type LiveContext } from './events.ts';
import { PLACEHOLDER_SIZES, type PlaceholderSize } from './placeholder.ts';
import { liveEvents } from './schema.ts';

/**
 * An event's own picture (spec: content §3 "Live event" image, image_type custom), uploaded by the
 * newsroom console: a JPEG or PNG (checked by its content) of at most 8 MB, drawn by ffmpeg in each
 * of the spec's sizes as a 16:9 JPEG cropped to fill, kept in the file store by the picture's hash
 * and served at /media/live/images/{hash}-{size}.jpg. What is kept is a plain picture: no
 * metadata, no other format.
 */
export const EVENT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const SIZES = Object.keys(PLACEHOLDER_SIZES) as PlaceholderSize[];
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file names of one uploaded picture: {hash}-{size}.jpg. */
export const EVENT_IMAGE_FILE = /^([0-9a-f]{32})-(thumbnail|273x154|575x323|960x540|large_brand)\.jpg$/;
export const eventImageStoreKey = (file: string) => `live-images/${file}`;

function imageKind(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

const notAnImage = () =>
  new Invalid({ code: 'image_invalid', field: 'image', message: 'The picture must be a JPEG or PNG image of at most 8 MB' });

/** ffmpeg's drawing of every size from one input (a picture, or a frame of a master): scaled to cover 16:9, then cropped. */
export function drawArgs(input: string, outputs: Record<PlaceholderSize, string>): string[] {
  const labels = SIZES.map((_, n) => `s${n}`);
  const graph = [
    `[0:v]split=${SIZES.length}${labels.map((label) => `[${label}]`).join('')}`,
    ...SIZES.map((size, n) => {
      const [w, h] = PLACEHOLDER_SIZES[size];
      return `[s${n}]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1,format=yuvj444p[o${n}]`;
    }),
  ].join(';');
  return [
    ...['-i', input, '-filter_complex', graph],
    ...SIZES.flatMap((size, n) => ['-map', `[o${n}]`, '-frames:v', '1', '-q:v', '3', outputs[size]]),
  ];
}

/** PUT …/events/{id}/image: the event's picture becomes this one, in every size; the change is the console's answer. */
export async function uploadEventImage(ctx: LiveContext & { files: DownloadFiles }, id: number, bytes: Buffer): Promise<EventRow> {
  const kind = bytes.length <= EVENT_IMAGE_MAX_BYTES ? imageKind(bytes) : null;
  if (!kind) throw notAnImage();
  const [event] = await ctx.db.select({ id: liveEvents.id }).from(liveEvents).where(eq(liveEvents.id, id));
  if (!event) throw eventNotFound();
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const scratch = path.join(ctx.files.workDir, `event-image-${randomUUID()}`);
  await mkdir(scratch, { recursive: true });
  try {
    const input = path.join(scratch, `upload.${kind}`);
    await writeFile(input, bytes);
    const outputs = Object.fromEntries(SIZES.map((size) => [size, path.join(scratch, `${size}.jpg`)])) as Record<PlaceholderSize, string>;
    // Staff pictures may be camera-sized (over the logos' 4096 px): runFfmpeg's time and memory bounds hold them.
    await runFfmpeg(ctx.files.ffmpeg, drawArgs(input, outputs)).catch(() => {
      throw notAnImage();
    });
    for (const size of SIZES) {
      const key = eventImageStoreKey(`${hash}-${size}.jpg`);
      if ((await ctx.files.store.size(key)) === null) await ctx.files.store.put(key, outputs[size]);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const [row] = await ctx.db
    .update(liveEvents)
    .set({ imageKey: hash, imageUrl: null, updatedAt: ctx.clock.now() })
    .where(eq(liveEvents.id, id))
    .returning();
  if (!row) throw eventNotFound();
  return row;
}

/** DELETE …/events/{id}/image: back to the placeholder set (image_type default). */
export async function removeEventImage(ctx: LiveContext, id: number): Promise<EventRow> {
  const [row] = await ctx.db
    .update(liveEvents)
    .set({ imageKey: null, imageUrl: null, updatedAt: ctx.clock.now() })
    .where(eq(liveEvents.id, id))
    .returning();
  if (!row) throw eventNotFound();
  return row;
}
