import { open } from 'node:fs/promises';
import { z } from 'zod';
import type { Probe } from '../../../../common/newsroom.ts';
import type { IngestRefusal } from '../../../../common/newsroom-ingest.ts';
import { FFMPEG_MEMORY, FFMPEG_SHORT_TIMEOUT_MS, FfmpegError, ffprobeBeside, spawnFfmpeg } from '../../media/ffmpeg.ts';

/** A master the platform cannot use, with a message the desk shows and a stable code it translates. */
export class MasterRefused extends Error {
  readonly code: IngestRefusal;
  constructor(code: IngestRefusal, message: string) {
    super(message);
    this.name = 'MasterRefused';
    this.code = code;
  }
}

/** The shortest master that is a news clip rather than a stray frame. */
export const MIN_DURATION_SECONDS = 1;

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  channels: z.number().optional(),
  duration: z.string().optional(),
  nb_read_frames: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
});
const probeOutputSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional(), size: z.string().optional() }).optional(),
});

/** "30000/1001" → 29.97; "0/0" and nonsense → 0. */
function rate(text: string | undefined): number {
  const [num = NaN, den = 1] = (text ?? '').split('/').map(Number);
  const value = num / den;
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : 0;
}

async function startsAsIsoMedia(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(12), 0, 12, 0);
    return bytesRead === 12 && buffer.toString('latin1', 4, 8) === 'ftyp';
  } finally {
    await handle.close();
  }
}

/** ffprobe's JSON for a file, through the one ffmpeg wrapper (bounded time and memory). */
async function ffprobeJson(ffmpeg: string, args: string[], signal?: AbortSignal): Promise<string> {
  const { child, done } = spawnFfmpeg(ffprobeBeside(ffmpeg), ['-v', 'error', '-of', 'json', ...args], {
    tool: 'ffprobe',
    stdout: 'pipe',
    timeoutMs: FFMPEG_SHORT_TIMEOUT_MS,
    memoryBytes: FFMPEG_MEMORY.video,
    signal,
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  await done;
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What a master is (container, codecs, duration, picture, frame rate, sound), or a MasterRefused
 * saying why it is not usable video: not a media file at all (a text file renamed .mp4), no
 * picture, or cut short (a truncated MP4: its index names more than the file holds, so ffprobe
 * cannot read it, or a frame count that falls short of the length it declares).
 */
export async function probeMaster(ffmpeg: string, file: string, sizeBytes: number, signal?: AbortSignal): Promise<Probe> {
  let output: string;
  try {
    output = await ffprobeJson(ffmpeg, ['-show_format', '-show_streams', file], signal);
  } catch (error) {
    if (error instanceof FfmpegError && error.reason !== 'failed') throw error;
    const said = error instanceof Error ? error.message : '';
    // An MP4/MOV that begins as one (its `ftyp` box) but whose index never came: cut short in transfer.
    if (/moov atom not found/i.test(said) && (await startsAsIsoMedia(file)))
      throw new MasterRefused('truncated', 'The file is cut short: its index (moov) is missing. Upload the whole file again.');
    throw new MasterRefused('not_video', 'The file is not a video the platform can read (ffprobe found no media in it).');
  }
  const parsed = probeOutputSchema.safeParse(JSON.parse(output || '{}'));
  if (!parsed.success) throw new MasterRefused('not_video', 'The file is not a video the platform can read.');
  const { streams, format } = parsed.data;
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new MasterRefused('no_video_stream', 'The file has no moving picture (no video stream).');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const duration = Number(format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(duration) || duration < MIN_DURATION_SECONDS)
    throw new MasterRefused(
      'too_short',
      `The video lasts ${Number.isFinite(duration) ? duration.toFixed(2) : 'no'} s: too short to be a clip.`,
    );
  return {
    container: format?.format_name ?? 'unknown',
    duration_seconds: Math.round(duration * 1000) / 1000,
    video_codec: video.codec_name ?? 'unknown',
    width: video.width,
    height: video.height,
    frame_rate: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    audio_codec: audio?.codec_name ?? null,
    audio_channels: audio?.channels ?? null,
    size_bytes: sizeBytes,
  };
}

/**
 * Reads the picture to its end (decoding nothing else): a file whose header is whole but whose
 * data stops early (cut mid-transfer) shows as errors or as a last frame well before its length.
 */
export async function checkWhole(ffmpeg: string, file: string, probe: Probe, signal?: AbortSignal): Promise<void> {
  let output: string;
  try {
    output = await ffprobeJson(ffmpeg, ['-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file], signal);
  } catch (error) {
    if (error instanceof FfmpegError && error.reason !== 'failed') throw error;
    throw new MasterRefused('truncated', 'The file is cut short: its picture stops before its stated length. Upload the whole file again.');
  }
  const times = output
    .split('\n')
    .map((line) => Number(line.split(',')[0]))
    .filter((value) => Number.isFinite(value));
  const last = times.length ? Math.max(...times) : 0;
  const frame = probe.frame_rate > 0 ? 1 / probe.frame_rate : 0.04;
  // A second of slack (and a frame) for containers whose duration counts the sound's tail.
  if (last + frame + 1 < probe.duration_seconds)
    throw new MasterRefused(
      'truncated',
      `The file is cut short: its picture stops at ${last.toFixed(1)} s of the ${probe.duration_seconds.toFixed(1)} s it states. Upload the whole file again.`,
    );
}
