import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Container, Quality } from '../../../common/catalogue-values.ts';
import type { Db } from '../../db/client.ts';
import { memo } from '../../lib/memo.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';

/**
 * What the download panel says of a file not made yet (issue 28): its size and how long preparing
 * it takes. Estimates, said as such ("about"); a file once made has its real size.
 */

/** Video bitrates of the renditions (media/renditions.ts): H.264 at CRF 20 as news footage averages it; MXF is constant 50 Mb/s. */
const MP4_VIDEO_KBPS: Record<Quality, number> = { full_hd: 5000, hd: 2800, md: 900, sd: 500 };
const MP4_AUDIO_KBPS = 128;
/** MPEG-2 at 50 Mb/s and two channels of 48 kHz 24-bit PCM. */
const MXF_KBPS = 50_000 + 2 * 48 * 24;

export function estimatedBytes(quality: Quality, container: Container, durationSeconds: number): number {
  const kbps = container === 'mxf' ? MXF_KBPS : MP4_VIDEO_KBPS[quality] + MP4_AUDIO_KBPS;
  return Math.round((kbps * 1000 * Math.max(0, durationSeconds)) / 8);
}

/**
 * Seconds of preparing per second of video, when the platform has no renders of its own to go by:
 * the 240p figure is one seen on a 2-core machine (a 240p MP4 of a 66-minute recording took 6
 * minutes); the others grow with the picture, less than its pixels (decoding the master is shared).
 */
const DEFAULT_FACTORS: Record<Quality, number> = { full_hd: 0.5, hd: 0.3, md: 0.12, sd: 0.09 };
const MXF_FACTOR = 1.5;
/** The queue, fetching the master and storing the file. */
const FIXED_SECONDS = 10;
/** The renders the measured factors come from: the newest ones, of the last month. */
const RECENT_RENDERS = 200;
const RECENT_DAYS = 30;

const factors = memo<'all', Map<string, number>>({ ttlMs: 5 * 60_000, max: 1 });

/**
 * How long preparing a file takes, from the time requests of the same quality and container took
 * lately (the first request of a rendition to its file, per second of the master), else from the
 * defaults. The figures are kept for five minutes per process: an estimate needs no fresher.
 */
export async function renderSecondsEstimate(db: Db, quality: Quality, container: Container, durationSeconds: number): Promise<number> {
  const measured = await factors('all', () => measuredFactors(db));
  const factor = measured.get(`${quality}:${container}`) ?? DEFAULT_FACTORS[quality] * (container === 'mxf' ? MXF_FACTOR : 1);
  return Math.round(FIXED_SECONDS + factor * Math.max(0, durationSeconds));
}

async function measuredFactors(db: Db): Promise<Map<string, number>> {
  const since = new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000);
  const recent = db
    .select({
      quality: videoRequests.quality,
      container: videoRequests.container,
      seconds: sql<number>`extract(epoch from (${renditions.createdAt} - min(${videoRequests.createdAt})))`.as('seconds'),
      duration: sql<number>`${videoMasters.durationSeconds}`.as('duration'),
    })
    .from(renditions)
    .innerJoin(videoRequests, eq(videoRequests.renditionKey, renditions.renditionKey))
    .innerJoin(videoMasters, eq(videoMasters.projectId, renditions.projectId))
    .where(and(gt(renditions.createdAt, since), gt(videoMasters.durationSeconds, 0)))
    .groupBy(renditions.renditionKey, videoRequests.quality, videoRequests.container, renditions.createdAt, videoMasters.durationSeconds)
    .orderBy(desc(renditions.createdAt))
    .limit(RECENT_RENDERS)
    .as('recent');
  const rows = await db
    .select({
      quality: recent.quality,
      container: recent.container,
      factor: sql<number>`avg(${recent.seconds} / ${recent.duration})`.mapWith(Number),
    })
    .from(recent)
    .where(gt(recent.seconds, 0))
    .groupBy(recent.quality, recent.container);
  return new Map(rows.map((row) => [`${row.quality}:${row.container}`, row.factor]));
}
