import { describe, expect, it } from 'vitest';
import { cueAt, parseStoryboardVtt, storyboardLayout, storyboardVtt, vttTimestamp } from './storyboard.ts';

describe('the storyboard’s tile interval (issue 28)', () => {
  it('is every 2 s up to 200 s, then ceil(duration / 100): never more than 100 tiles, however long the master', () => {
    expect(storyboardLayout(10)).toEqual({ intervalSeconds: 2, tiles: 5, columns: 5, rows: 1 });
    expect(storyboardLayout(9.5)).toEqual({ intervalSeconds: 2, tiles: 5, columns: 5, rows: 1 });
    expect(storyboardLayout(172)).toEqual({ intervalSeconds: 2, tiles: 86, columns: 10, rows: 9 });
    expect(storyboardLayout(200)).toEqual({ intervalSeconds: 2, tiles: 100, columns: 10, rows: 10 });
    expect(storyboardLayout(201)).toEqual({ intervalSeconds: 3, tiles: 67, columns: 10, rows: 7 });
    // A 66-minute recording: a tile every 40 s, 99 of them.
    expect(storyboardLayout(3960)).toEqual({ intervalSeconds: 40, tiles: 99, columns: 10, rows: 10 });
    for (const seconds of [1, 59, 199.9, 200.1, 999, 3601, 12 * 3600, 86_399]) {
      const layout = storyboardLayout(seconds);
      expect(layout.tiles).toBeLessThanOrEqual(100);
      expect(layout.intervalSeconds).toBeGreaterThanOrEqual(2);
      expect(layout.tiles * layout.intervalSeconds).toBeGreaterThanOrEqual(seconds);
      expect(layout.columns * layout.rows).toBeGreaterThanOrEqual(layout.tiles);
    }
  });

  it('still makes one tile of a master whose length is unknown', () => {
    expect(storyboardLayout(0)).toEqual({ intervalSeconds: 2, tiles: 1, columns: 1, rows: 1 });
    expect(storyboardLayout(Number.NaN)).toEqual({ intervalSeconds: 2, tiles: 1, columns: 1, rows: 1 });
  });
});

describe('the storyboard’s VTT', () => {
  it('has one cue a tile, to the next tile or the end, naming the tile’s rectangle of the sprite', () => {
    const vtt = storyboardVtt(storyboardLayout(9.5), 9.5);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.000',
        'sprite.jpg#xywh=0,0,160,90',
        '',
        '00:00:02.000 --> 00:00:04.000',
        'sprite.jpg#xywh=160,0,160,90',
        '',
        '00:00:04.000 --> 00:00:06.000',
        'sprite.jpg#xywh=320,0,160,90',
        '',
        '00:00:06.000 --> 00:00:08.000',
        'sprite.jpg#xywh=480,0,160,90',
        '',
        '00:00:08.000 --> 00:00:09.500',
        'sprite.jpg#xywh=640,0,160,90',
        '',
      ].join('\n'),
    );
  });

  it('wraps to the next row after ten tiles and writes hours', () => {
    const cues = parseStoryboardVtt(storyboardVtt(storyboardLayout(3960), 3960));
    expect(cues).toHaveLength(99);
    expect(cues[10]).toEqual({ start: 400, end: 440, image: 'sprite.jpg', x: 0, y: 90, w: 160, h: 90 });
    expect(cues[98]).toEqual({ start: 3920, end: 3960, image: 'sprite.jpg', x: 1280, y: 810, w: 160, h: 90 });
    expect(vttTimestamp(3723.25)).toBe('01:02:03.250');
  });

  it('is read back by the browser’s parser, the sprite named against the VTT’s address', () => {
    const cues = parseStoryboardVtt(
      storyboardVtt(storyboardLayout(10), 10),
      'http://localhost/media/storyboards/7/0123456789abcdef/storyboard.vtt',
    );
    expect(cues.map((cue) => [cue.start, cue.end, cue.x])).toEqual([
      [0, 2, 0],
      [2, 4, 160],
      [4, 6, 320],
      [6, 8, 480],
      [8, 10, 640],
    ]);
    expect(cues[0]?.image).toBe('http://localhost/media/storyboards/7/0123456789abcdef/sprite.jpg');
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 5.9)?.x).toBe(320);
    expect(cueAt(cues, 6)?.x).toBe(480);
    expect(cueAt(cues, 10)?.x).toBe(640);
    expect(cueAt([], 3)).toBeNull();
  });

  it('reads other thumbnail tracks too (mm:ss times, CRLF, cue ids) and skips cues without a rectangle', () => {
    const text =
      'WEBVTT\r\n\r\n1\r\n00:01.000 --> 00:03.500\r\nthumbs.jpg#xywh=10,20,30,40\r\n\r\n2\r\n00:03.500 --> 00:05.000\r\nwhole.jpg\r\n';
    expect(parseStoryboardVtt(text)).toEqual([{ start: 1, end: 3.5, image: 'thumbs.jpg', x: 10, y: 20, w: 30, h: 40 }]);
  });
});
