import type { BroadcastPhotoScene } from './schema.ts';

/**
 * A studio town's pictures, drawn as SVG (issue: broadcast services, "original generated media"):
 * a studio set, a control room and the skyline outside, each in the town's own colours and with
 * its own skyline, so no two towns look alike and no outside picture is shipped.
 */
const WIDTH = 960;
const HEIGHT = 540;
type Palette = readonly [dark: string, mid: string, accent: string, light: string];
const PALETTES: readonly Palette[] = [
  ['#0d1b2a', '#1b3a5c', '#c8102e', '#f2b134'],
  ['#101820', '#2a2f4f', '#e4572e', '#76b041'],
  ['#0b1d26', '#164e63', '#f59e0b', '#38bdf8'],
  ['#1a1423', '#3d2c5a', '#ef476f', '#ffd166'],
  ['#0f172a', '#334155', '#22d3ee', '#f472b6'],
  ['#111d13', '#2f4a31', '#f4a259', '#8cb369'],
];

/** A small deterministic generator: the same town always draws the same picture. */
function randomFrom(seed: string) {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0 || 1, 2166136261);
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function skyline(random: () => number, base: number, maxHeight: number, fill: string, windows: string, x0 = 0, x1 = WIDTH): string {
  const parts: string[] = [];
  for (let x = x0; x < x1;) {
    const width = 30 + Math.floor(random() * 60);
    const height = maxHeight * (0.3 + random() * 0.7);
    parts.push(`<rect x="${x}" y="${(base - height).toFixed(0)}" width="${width - 4}" height="${height.toFixed(0)}" fill="${fill}"/>`);
    for (let wy = base - height + 10; wy < base - 12; wy += 18)
      for (let wx = x + 6; wx < x + width - 12; wx += 14)
        if (random() > 0.55) parts.push(`<rect x="${wx}" y="${wy.toFixed(0)}" width="6" height="8" fill="${windows}" opacity="0.8"/>`);
    x += width;
  }
  return parts.join('');
}

function studio(random: () => number, [dark, mid, accent, light]: Palette, city: string): string {
  const screen = `<rect x="180" y="70" width="600" height="250" rx="6" fill="${mid}" stroke="${accent}" stroke-width="4"/>
<clipPath id="screen"><rect x="180" y="70" width="600" height="250" rx="6"/></clipPath>
<g clip-path="url(#screen)">${skyline(random, 320, 170, dark, light, 180, 780)}</g>
<rect x="180" y="270" width="600" height="50" fill="${accent}" opacity="0.9"/>
<text x="480" y="305" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="30" letter-spacing="6" text-anchor="middle">${city}</text>`;
  const lights = [120, 300, 480, 660, 840]
    .map(
      (x) =>
        `<polygon points="${x - 10},0 ${x + 10},0 ${x + 90},540 ${x - 90},540" fill="${light}" opacity="0.05"/><rect x="${x - 14}" y="0" width="28" height="14" fill="#2b2b2b"/>`,
    )
    .join('');
  const desk = `<path d="M250 400 Q480 360 710 400 L690 470 Q480 440 270 470 Z" fill="${mid}" stroke="${accent}" stroke-width="3"/>`;
  const camera = `<g fill="#1c1c1c"><rect x="60" y="360" width="110" height="60" rx="6"/><rect x="160" y="372" width="40" height="36" rx="4"/><rect x="105" y="420" width="12" height="70"/><path d="M111 488 L70 535 M111 488 L152 535 M111 488 L111 535" stroke="#1c1c1c" stroke-width="8"/></g>`;
  return `${lights}${screen}<rect y="470" width="${WIDTH}" height="70" fill="#0a0a0a" opacity="0.6"/>${desk}${camera}`;
}

function controlRoom(random: () => number, [dark, mid, accent, light]: Palette, city: string): string {
  const monitors: string[] = [];
  for (let row = 0; row < 3; row += 1)
    for (let col = 0; col < 6; col += 1) {
      const x = 60 + col * 142;
      const y = 50 + row * 96;
      const live = random() > 0.8;
      const shade = [mid, accent, light, dark][Math.floor(random() * 4)] ?? mid;
      monitors.push(
        `<rect x="${x}" y="${y}" width="130" height="84" rx="4" fill="#050505" stroke="${live ? '#c8102e' : '#333'}" stroke-width="3"/><rect x="${x + 6}" y="${y + 6}" width="118" height="72" fill="${shade}" opacity="${(0.35 + random() * 0.5).toFixed(2)}"/>`,
      );
    }
  const board = `<path d="M0 420 L960 420 L960 540 L0 540 Z" fill="#141414"/><path d="M40 410 L920 410 L900 450 L60 450 Z" fill="${mid}"/>`;
  const faders = Array.from({ length: 40 }, (_, index) => {
    const x = 90 + index * 20;
    const y = 418 + random() * 20;
    return `<rect x="${x}" y="416" width="4" height="30" fill="#000" opacity="0.6"/><rect x="${x - 4}" y="${y.toFixed(0)}" width="12" height="6" fill="${index % 7 === 0 ? accent : light}"/>`;
  }).join('');
  const label = `<rect x="330" y="350" width="300" height="44" rx="4" fill="${accent}"/><text x="480" y="381" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="24" letter-spacing="4" text-anchor="middle">${city}</text>`;
  return `${monitors.join('')}${label}${board}${faders}`;
}

function skylineView(random: () => number, [dark, mid, accent, light]: Palette, city: string): string {
  const stars = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${(random() * WIDTH).toFixed(0)}" cy="${(random() * 200).toFixed(0)}" r="${(random() * 1.8 + 0.4).toFixed(1)}" fill="#ffffff" opacity="0.7"/>`,
  ).join('');
  const moon = `<circle cx="${(700 + random() * 160).toFixed(0)}" cy="90" r="36" fill="${light}" opacity="0.85"/>`;
  const far = skyline(random, 430, 220, mid, light);
  const near = skyline(random, 470, 150, dark, accent);
  const frame = `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="none" stroke="#050505" stroke-width="36"/><rect x="474" y="0" width="12" height="${HEIGHT}" fill="#050505"/>`;
  const sign = `<text x="60" y="520" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="34" letter-spacing="6">${city}</text>`;
  return `${stars}${moon}${far}${near}<rect y="470" width="${WIDTH}" height="70" fill="#050505" opacity="0.75"/>${sign}${frame}`;
}

const SCENES: Record<BroadcastPhotoScene, typeof studio> = { studio, control_room: controlRoom, skyline: skylineView };

export function townPhotoSvg(slug: string, name: string, scene: BroadcastPhotoScene, position: number): string {
  const random = randomFrom(`${slug}:${scene}`);
  const palette = PALETTES[position % PALETTES.length] ?? (['#0d1b2a', '#1b3a5c', '#c8102e', '#f2b134'] as const);
  const city = escapeXml(name.toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${SCENES[scene](random, palette, city)}
</svg>`;
}
