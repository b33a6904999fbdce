import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FFMPEG_VIDEO_THREADS, runFfmpeg } from './ffmpeg.ts';

/**
 * The demo's masters: 1080p25 H.264/AAC files that look like an agency's news footage (a slate,
 * a panning city shot with a lower third and burnt-in timecode, ambient sound), drawn by ffmpeg's
 * own sources because the demo ships no downloaded or copyrighted footage.
 */
export const DEMO_MASTER_COUNT = 20;

/** The title and dateline on the slate; `listedSeconds`, the story's length the slate gives (else the file's). */
export type DemoMasterInfo = { title: string; dateline: string; listedSeconds?: number };

/** The slate's length at the start of a demo master (of ten seconds or more): a render that loops the footage skips it. */
export const DEMO_SLATE_SECONDS = 2;

const FPS = 25;
/** The scene is composed at 960x540 in 4:4:4, so a pan can move one pixel a frame, then scaled once. */
const CW = 960;
const CH = 540;
/** Where the street begins in the composed scene. */
const GROUND = 500;
/** Window pitch in the composed scene; building edges snap to it so every building has whole windows. */
const WX = 10;
const WY = 14;

type Light = {
  skyTop: string;
  skyHorizon: string;
  cloud: string;
  cloudAlpha: number;
  far: string;
  near: string[];
  /** Lit and unlit window glass, as r,g,b. */
  lit: [number, number, number];
  unlit: [number, number, number];
  litShare: number;
  street: string;
  /** Car lamps and an aircraft beacon only show in the dark. */
  lamps: boolean;
};

/** Times of day, muted so the footage reads as a camera's, not a test pattern. */
const LIGHTS: Light[] = [
  {
    skyTop: '0x0b1230',
    skyHorizon: '0x33406a',
    cloud: '0x2a3556',
    cloudAlpha: 0.5,
    far: '0x1e2742',
    near: ['0x10141f', '0x141a28', '0x0d111a', '0x181d2b'],
    lit: [255, 206, 128],
    unlit: [28, 34, 50],
    litShare: 0.32,
    street: '0x07090e',
    lamps: true,
  },
  {
    skyTop: '0x2e3f6e',
    skyHorizon: '0xe8935a',
    cloud: '0xc98a78',
    cloudAlpha: 0.45,
    far: '0x5a4c63',
    near: ['0x2a2433', '0x30293a', '0x221d2b', '0x3a3040'],
    lit: [255, 196, 120],
    unlit: [70, 58, 78],
    litShare: 0.18,
    street: '0x16121c',
    lamps: true,
  },
  {
    skyTop: '0x3f77b5',
    skyHorizon: '0xc9dcec',
    cloud: '0xf4f6f8',
    cloudAlpha: 0.75,
    far: '0x98a9bc',
    near: ['0x5c6875', '0x6f7b88', '0x4d5763', '0x857f76'],
    lit: [196, 216, 236],
    unlit: [52, 66, 84],
    litShare: 0.3,
    street: '0x3b3f45',
    lamps: false,
  },
  {
    skyTop: '0x4a5a86',
    skyHorizon: '0xf1c29a',
    cloud: '0xf2d2c0',
    cloudAlpha: 0.5,
    far: '0x8d87a3',
    near: ['0x3c3a50', '0x47435a', '0x34324a', '0x524a5e'],
    lit: [255, 214, 150],
    unlit: [62, 62, 86],
    litShare: 0.12,
    street: '0x24222f',
    lamps: true,
  },
  {
    skyTop: '0x737d88',
    skyHorizon: '0xb9bfc5',
    cloud: '0x9aa2aa',
    cloudAlpha: 0.8,
    far: '0x939aa2',
    near: ['0x565c64', '0x4b5158', '0x61666c', '0x5b5650'],
    lit: [214, 206, 170],
    unlit: [58, 64, 72],
    litShare: 0.16,
    street: '0x34373b',
    lamps: false,
  },
];

/** A small seeded generator: the same index always draws the same city. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value for a filter option, escaped for the option parser and then for the filtergraph parser. */
function filterValue(value: string): string {
  const option = value.replace(/[\\':]/g, '\\$&');
  return option.replace(/[\\'[\],;]/g, '\\$&');
}

/** One row of buildings on a transparent strip, as drawbox filters, and the highest point drawn. */
function skyline(width: number, next: () => number, colours: string[], rows: { min: number; max: number; towers: number }) {
  const boxes: string[] = [];
  let highest = GROUND;
  const box = (x: number, y: number, w: number, h: number, colour: string) => {
    boxes.push(`drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=${colour}@1:t=fill:replace=1`);
    highest = Math.min(highest, y);
  };
  for (let x = -WX * 2; x < width;) {
    const w = WX * (3 + Math.floor(next() * 8));
    const tower = next() < rows.towers;
    // Roofs sit on the window grid, so the top floor's windows are whole.
    const top = WY * Math.floor((GROUND - rows.min - next() * (rows.max - rows.min) * (tower ? 1.3 : 1)) / WY);
    const colour = colours[Math.floor(next() * colours.length)] ?? '0x202020';
    box(x, top, w, GROUND - top, colour);
    const roof = tower && w >= WX * 5 ? top - WY * 2 : top;
    if (roof < top) box(x + WX, roof, w - WX * 2, WY * 2, colour);
    if (next() < 0.3) box(x + Math.floor(w / 2) - 1, roof - 40, 2, 40, colour);
    x += w + (next() < 0.35 ? WX : 0);
  }
  return { boxes: boxes.join(','), top: WY * Math.floor(Math.max(0, highest - 2) / WY) };
}

/**
 * Lit and dark windows on every building wide enough around the pixel, a hash of the window's cell
 * deciding which are lit. `top` is where the strip was cut (a multiple of the pitch). The cheap grid
 * test comes first: `if` evaluates only the branch it takes.
 */
function windows(light: Light, seed: number, top: number): string {
  const inGrid = `between(mod(X,${WX}),3,7)*between(mod(Y,${WY}),4,9)*lt(Y,${GROUND - top - 8})`;
  const inBuilding = `gt(alpha(X-4,Y),0)*gt(alpha(X+4,Y),0)`;
  const lit = `lt(mod(sin(floor(X/${WX})*12.9898+floor(Y/${WY})*78.233+${seed % 997})*43758.5453,1),${light.litShare})`;
  const channel = (name: 'r' | 'g' | 'b', i: 0 | 1 | 2) =>
    `${name}='if(${inGrid},if(${inBuilding},if(${lit},${light.lit[i]},${light.unlit[i]}),${name}(X,Y)),${name}(X,Y))'`;
  return `geq=${channel('r', 0)}:${channel('g', 1)}:${channel('b', 2)}:a='alpha(X,Y)'`;
}

type Shot = { seconds: number; slate: number; width: number; height: number; index: number };

/**
 * The moving picture: sky, a hazy far skyline and a near one with windows, panned at different
 * speeds (parallax), with cars on the street and a blinking beacon at night. Every layer is a still
 * drawn once; per frame there is only cropping and overlaying, which keeps a 1080p render fast.
 */
function sceneGraph(shot: Shot): string[] {
  const next = random(shot.index * 7919 + 17);
  const light = LIGHTS[shot.index % LIGHTS.length] ?? LIGHTS[0]!;
  const frames = Math.ceil((shot.seconds - shot.slate) * FPS) + 2;
  const nearStep = 2 + (Math.floor(shot.index / LIGHTS.length) % 2);
  const rightward = Math.floor(shot.index / 2) % 2 === 0;
  const nearWidth = CW + nearStep * frames + WX * 4;
  const farWidth = CW + frames + WX * 4;
  const skyWidth = CW + Math.ceil(frames / 3) + 8;
  const pan = (width: number, step: string) => (rightward ? `-${step}` : `${CW - width}+${step}`);
  const still = ',trim=end_frame=1';
  const far = skyline(farWidth, next, [light.far], { min: 110, max: 260, towers: 0.15 });
  const near = skyline(nearWidth, next, light.near, { min: 70, max: 230, towers: 0.2 });
  // Clouds: coarse noise stretched wide and blurred into soft banks, laid over the sky's gradient.
  const clouds = `color=c=0x808080:s=12x18:r=${FPS}${still},noise=alls=100:allf=u:all_seed=${shot.index + 1},format=gray,scale=${skyWidth}:${CH}:flags=bicubic,gblur=sigma=24,lut=y='clip((val-118)*2.4,0,255)'`;
  // Layers are cut to the rows they cover: overlaying costs per pixel, every frame.
  const layer = (width: number, top: number) => `crop=${width}:${CH - top}:0:${top},format=yuva444p`;
  const graph = [
    `gradients=s=${skyWidth}x${CH}:c0=${light.skyTop}:c1=${light.skyHorizon}:x0=0:y0=0:x1=0:y1=${GROUND}:speed=0.00001:r=${FPS}${still},format=rgba[skybase]`,
    `${clouds}[cloudmask]`,
    `color=c=${light.cloud}:s=${skyWidth}x${CH}:r=${FPS}${still},format=rgba[cloudcolour]`,
    `[cloudcolour][cloudmask]alphamerge,colorchannelmixer=aa=${light.cloudAlpha}[clouds]`,
    `[skybase][clouds]overlay=format=rgb,format=yuv444p,loop=loop=-1:size=1,setpts='round(N/(${FPS}*TB))',crop=${CW}:${CH}:x='${rightward ? '' : `${skyWidth - CW}-`}floor(n/3)':y=0[sky]`,
    `color=c=black@0:s=${farWidth}x${CH}:r=${FPS}${still},format=yuva444p,${far.boxes},gblur=sigma=0.8,${layer(farWidth, far.top)}[far]`,
    `color=c=black@0:s=${nearWidth}x${CH}:r=${FPS}${still},format=yuva444p,${near.boxes},${layer(nearWidth, near.top)},format=rgba,${windows(light, shot.index, near.top)},format=yuva444p,drawbox=x=0:y=${GROUND - near.top}:w=${nearWidth}:h=${CH - GROUND}:color=${light.street}@1:t=fill:replace=1,drawbox=x=0:y=${GROUND - near.top + 19}:w=${nearWidth}:h=2:color=0x8a8a80@0.5:t=fill[near]`,
    `[sky][far]overlay=x='${pan(farWidth, 'n')}':y=${far.top}:format=yuv444[s1]`,
    `[s1][near]overlay=x='${pan(nearWidth, `n*${nearStep}`)}':y=${near.top}:format=yuv444[s2]`,
  ];
  // Cars: a pair of lamps each way along the street, in the dark, or a glint of bodywork by day.
  let last = 's2';
  for (let car = 0; car < 5; car += 1) {
    const east = car % 2 === 0;
    const speed = 70 + Math.round(next() * 60);
    const offset = Math.round(next() * 1200);
    const colour = light.lamps ? (east ? '0xfff1c8' : '0xd8343a') : ['0xb8bcc2', '0x2d3b55', '0x8c2f2f', '0xdedede'][car % 4];
    const y = GROUND + (east ? 24 : 10);
    const x = east ? `mod(t*${speed}+${offset}\\,${CW + 80})-40` : `${CW + 40}-mod(t*${speed}+${offset}\\,${CW + 80})`;
    graph.push(`color=c=${colour}:s=${light.lamps ? '14x3' : '18x6'}:r=${FPS}${still}[car${car}]`);
    graph.push(`[${last}][car${car}]overlay=x='${x}':y=${y}:format=yuv444[c${car}]`);
    last = `c${car}`;
  }
  if (light.lamps) {
    graph.push(`color=c=0xff3b30:s=3x3:r=${FPS}${still}[beacon]`);
    graph.push(
      `[${last}][beacon]overlay=x='${CW}*0.15+t*18':y=${60 + Math.round(next() * 80)}:enable='lt(mod(t\\,1.2)\\,0.15)':format=yuv444[lit]`,
    );
    last = 'lit';
  }
  graph.push(
    `[${last}]trim=end_frame=${frames},setpts=PTS-STARTPTS,scale=${shot.width}:${shot.height}:flags=bicubic,format=yuv420p,setsar=1[scene]`,
  );
  return graph;
}

const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** Breaks a title into at most `lines` lines of `width` characters, the last one cut short if it must be. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const current = out.at(-1);
    if (current !== undefined && `${current} ${word}`.length <= width) out[out.length - 1] = `${current} ${word}`;
    else out.push(word);
  }
  const kept = out.length > lines ? [...out.slice(0, lines - 1), out.slice(lines - 1).join(' ')] : out;
  return kept.map((line) => clip(line, width));
}

function clock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The slate, the lower third and the timecode; every string goes through a text file, never the filter syntax. */
async function graphicsGraph(shot: Shot, info: DemoMasterInfo, dir: string): Promise<string[]> {
  const { width: W, height: H } = shot;
  const u = H / 1080;
  const px = (value: number) => Math.round(value * u);
  let files = 0;
  const text = async (content: string, font: string, size: number, colour: string, x: number | string, y: number, extra = '') => {
    const file = path.join(dir, `text-${(files += 1)}.txt`);
    await writeFile(file, content);
    return `drawtext=textfile=${filterValue(file)}:expansion=none:${font}:fontsize=${px(size)}:fontcolor=${colour}:x=${typeof x === 'number' ? px(x) : x}:y=${px(y)}:line_spacing=${px(size * 0.25)}${extra}`;
  };
  // drawtext's `font` is a family only; a fontconfig pattern in `fontfile` (tried after the file fails) picks the weight.
  const sans = `font=${filterValue('DejaVu Sans')}`;
  const bold = `fontfile=${filterValue('DejaVu Sans:style=Bold')}`;
  const title = info.title.replace(/\s+/g, ' ').trim() || 'Untitled';
  const dateline = info.dateline.replace(/\s+/g, ' ').trim().toUpperCase() || ' ';
  const titleLines = wrap(title, 44, 3);
  const rowsTop = 470 + titleLines.length * 72;
  const rows: [string, string][] = [
    ['DATELINE', dateline],
    ['DURATION', clock(info.listedSeconds ?? shot.seconds)],
    ['FORMAT', `${H}p25 · H.264 · STEREO 48 kHz`],
  ];
  const slate = [
    `gradients=s=${W}x${H}:c0=0x14233a:c1=0x070b12:x0=0:y0=0:x1=${W}:y1=${H}:speed=0.00001:r=${FPS},trim=end_frame=1,format=yuv420p`,
    `drawbox=x=${px(150)}:y=${px(190)}:w=${px(12)}:h=${px(110)}:color=0xc8102e@1:t=fill`,
    await text('NEWSREEL', bold, 92, 'white', 190, 196),
    await text(`ITEM ${String(shot.index + 1).padStart(4, '0')}`, sans, 30, '0x8a98ab', `w-tw-${px(150)}`, 236),
    `drawbox=x=${px(150)}:y=${px(350)}:w=${W - px(300)}:h=${Math.max(1, px(3))}:color=0x8a98ab@0.6:t=fill`,
    await text(titleLines.join('\n'), bold, 56, 'white', 150, 420),
    ...(await Promise.all(
      rows.flatMap(([label, value], i) => [
        text(label, sans, 32, '0x8a98ab', 150, rowsTop + i * 58),
        text(value, sans, 32, 'white', 450, rowsTop + i * 58),
      ]),
    )),
    await text('CLEAN FEED', bold, 34, 'white', 150, rowsTop + rows.length * 58 + 40, `:box=1:boxcolor=0xc8102e@1:boxborderw=${px(14)}`),
    `loop=loop=-1:size=1,setpts='round(N/(${FPS}*TB))',trim=end_frame=${Math.round(shot.slate * FPS)},setsar=1[slate]`,
  ].join(',');
  // The lower third: a red agency tag over a dark band sized to its longer line.
  const lowerTitle = clip(title, 58);
  const band = Math.min(1620, Math.max(760, Math.max(lowerTitle.length * 27, dateline.length * 20) + 90));
  const lower = [
    `color=c=black@0:s=${W}x${px(190)}:r=${FPS},trim=end_frame=1,format=yuva420p`,
    `drawbox=x=${px(96)}:y=0:w=${px(200)}:h=${px(46)}:color=0xc8102e@1:t=fill:replace=1`,
    await text('NEWSREEL', bold, 26, 'white', 118, 9),
    `drawbox=x=${px(96)}:y=${px(46)}:w=${px(band)}:h=${px(132)}:color=0x0d1b2a@0.86:t=fill:replace=1`,
    await text(lowerTitle, bold, 44, 'white', 130, 66),
    await text(dateline, sans, 30, '0xd0d6dc', 130, 128),
    `format=yuva420p[lower]`,
  ].join(',');
  // Lower third slides in just after the slate; the timecode runs from 10:00:00:00 as on a tape.
  const slideIn = `if(lt(t\\,${shot.slate + 0.5})\\,-w+w*sin(PI/2*(t-${shot.slate})/0.5)\\,0)`;
  const timecode = `drawtext=font=${filterValue('DejaVu Sans Mono')}:timecode=${filterValue('10:00:00:00')}:rate=${FPS}:fontsize=${px(30)}:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=${px(8)}:x=w-tw-${px(96)}:y=${px(60)}`;
  return [
    slate,
    lower,
    `[slate][scene]concat=n=2:v=1:a=0[cut]`,
    `[cut][lower]overlay=x='${slideIn}':y=${Math.round(H * 0.74)}:enable='gte(t\\,${shot.slate})'[graphics]`,
    `[graphics]${timecode},format=yuv420p[v]`,
  ];
}

/** Line-up tone under the slate (sine's own level, 1 kHz at -18 dBFS), then street ambience: two decorrelated brown noises and a low hum. */
function soundGraph(shot: Shot): string[] {
  const hum = 55 * (2 + (shot.index % 3));
  const rest = shot.seconds - shot.slate;
  return [
    `sine=frequency=1000:sample_rate=48000,atrim=duration=${shot.slate},pan=stereo|c0=c0|c1=c0[tone]`,
    `anoisesrc=color=brown:amplitude=0.3:seed=${shot.index * 2 + 1}:sample_rate=48000,lowpass=f=700,tremolo=f=0.15:d=0.4[left]`,
    `anoisesrc=color=brown:amplitude=0.3:seed=${shot.index * 2 + 2}:sample_rate=48000,lowpass=f=700,tremolo=f=0.11:d=0.4[right]`,
    `sine=frequency=${hum}:sample_rate=48000,volume=0.15,aformat=channel_layouts=stereo[hum]`,
    `[left][right]join=inputs=2:channel_layout=stereo[noise]`,
    `[noise][hum]amix=inputs=2:normalize=0,atrim=duration=${rest},afade=t=in:d=0.3,afade=t=out:st=${Math.max(0, rest - 0.5)}:d=0.5[ambience]`,
    `[tone][ambience]concat=n=2:v=0:a=1,aresample=48000[a]`,
  ];
}

/** A 10-second generated master takes 10–20 s here; at the lowest priority on a busy machine, longer. */
const DEMO_MASTER_TIMEOUT_MS = 10 * 60_000;

/** Renders master number `index` (0-based, each visibly different) to `file` atomically (write `file.part.mp4`, then rename). */
export async function renderDemoMaster(
  ffmpeg: string,
  file: string,
  index: number,
  info: DemoMasterInfo,
  options: { seconds?: number; height?: 1080 | 360 } = {},
): Promise<void> {
  const seconds = options.seconds ?? 10;
  const height = options.height ?? 1080;
  const shot: Shot = { seconds, slate: Math.min(DEMO_SLATE_SECONDS, seconds / 2), width: (height * 16) / 9, height, index };
  const dir = await mkdtemp(path.join(tmpdir(), 'demo-master-'));
  const partial = `${file}.part.mp4`;
  try {
    const graph = [...sceneGraph(shot), ...(await graphicsGraph(shot, info, dir)), ...soundGraph(shot)].join(';');
    await runFfmpeg(
      ffmpeg,
      [
        ...['-filter_complex_threads', String(FFMPEG_VIDEO_THREADS), '-filter_complex', graph],
        ...['-map', '[v]', '-map', '[a]', '-t', String(seconds), '-r', String(FPS), '-threads', String(FFMPEG_VIDEO_THREADS)],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-g', '50', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart', partial],
      ],
      // At the lowest priority it may wait on everything else: generous, but not endless.
      { background: true, timeoutMs: DEMO_MASTER_TIMEOUT_MS },
    );
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
    await rm(dir, { recursive: true, force: true });
  }
}
