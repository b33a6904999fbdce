/**
 * Storyboards (issue 28, "Previews you can scrub"): small pictures of a story's master every few
 * seconds, laid out on one JPEG sprite, and a WebVTT file that says which part of the sprite shows
 * which stretch of time (`sprite.jpg#xywh=x,y,w,h`, the thumbnails-track convention players read).
 * The server writes the VTT with `storyboardVtt`, the browser reads it with `parseStoryboardVtt`: one
 * format, described once.
 */

/** One tile's size on the sprite: 16:9, small enough for a hundred of them to stay a light image. */
export const STORYBOARD_TILE = { width: 160, height: 90 } as const;
/** A long recording still makes one bounded sprite: at most this many tiles... */
export const STORYBOARD_MAX_TILES = 100;
/** ...and never more than one every this many seconds (a short story gets one every 2 s). */
export const STORYBOARD_MIN_INTERVAL_SECONDS = 2;
/** Tiles a row: a 100-tile sprite is 1600x900. */
export const STORYBOARD_COLUMNS = 10;

export type StoryboardLayout = {
  /** Seconds between tiles: tile i stands for i × interval to (i + 1) × interval, and shows a picture from that stretch. */
  intervalSeconds: number;
  tiles: number;
  columns: number;
  rows: number;
};

/** The tile interval and the sprite's grid for a master of this length: N = max(2, ceil(duration / 100)). */
export function storyboardLayout(durationSeconds: number): StoryboardLayout {
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0;
  const intervalSeconds = Math.max(STORYBOARD_MIN_INTERVAL_SECONDS, Math.ceil(duration / STORYBOARD_MAX_TILES));
  const tiles = Math.min(STORYBOARD_MAX_TILES, Math.max(1, Math.ceil(duration / intervalSeconds)));
  const columns = Math.min(STORYBOARD_COLUMNS, tiles);
  return { intervalSeconds, tiles, columns, rows: Math.ceil(tiles / columns) };
}

/** A WebVTT timestamp, hh:mm:ss.mmm. */
export function vttTimestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${two(h)}:${two(m)}:${two(s)}.${String(ms % 1000).padStart(3, '0')}`;
}

/**
 * The storyboard's WebVTT: one cue a tile, from its time to the next tile's (the last one to the
 * end of the master), pointing at the tile's rectangle on the sprite, named relative to the VTT.
 */
export function storyboardVtt(layout: StoryboardLayout, durationSeconds: number, sprite = 'sprite.jpg'): string {
  const { width, height } = STORYBOARD_TILE;
  const end = Math.max(durationSeconds, 0);
  const cues: string[] = [];
  for (let i = 0; i < layout.tiles; i += 1) {
    const start = i * layout.intervalSeconds;
    const stop = i === layout.tiles - 1 ? Math.max(end, start + 0.001) : (i + 1) * layout.intervalSeconds;
    const x = (i % layout.columns) * width;
    const y = Math.floor(i / layout.columns) * height;
    cues.push(`${vttTimestamp(start)} --> ${vttTimestamp(stop)}\n${sprite}#xywh=${x},${y},${width},${height}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** One tile of a storyboard: from `start` to `end` seconds, the rectangle of `image` to show. */
export type StoryboardCue = { start: number; end: number; image: string; x: number; y: number; w: number; h: number };

/** Seconds from a WebVTT timestamp (hh:mm:ss.mmm or mm:ss.mmm), or NaN. */
function seconds(text: string): number {
  const found = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(text.trim());
  if (!found) return Number.NaN;
  return Number(found[1] ?? 0) * 3600 + Number(found[2]) * 60 + Number(found[3]) + Number(found[4]) / 1000;
}

/**
 * The cues of a thumbnails VTT, in time order; `image` is resolved against `base` (the VTT's own
 * address) when one is given. Cues without a `#xywh=` rectangle or with unreadable times are left out.
 */
export function parseStoryboardVtt(text: string, base?: string): StoryboardCue[] {
  const cues: StoryboardCue[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const timing = /^\s*(\S+)\s+-->\s+(\S+)/.exec(lines[i] ?? '');
    if (!timing) continue;
    const payload = (lines[i + 1] ?? '').trim();
    const rectangle = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(payload);
    const start = seconds(timing[1] ?? '');
    const end = seconds(timing[2] ?? '');
    if (!rectangle || Number.isNaN(start) || Number.isNaN(end)) continue;
    const image = base ? new URL(rectangle[1] ?? '', base).toString() : (rectangle[1] ?? '');
    const [x, y, w, h] = rectangle.slice(2, 6).map(Number) as [number, number, number, number];
    cues.push({ start, end, image, x, y, w, h });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing at `time` (the first before it, past the start; the last past the end), or null for none. */
export function cueAt(cues: readonly StoryboardCue[], time: number): StoryboardCue | null {
  let found: StoryboardCue | null = cues[0] ?? null;
  for (const cue of cues) {
    if (cue.start > time) break;
    found = cue;
  }
  return found;
}
