import type { Locale } from '../../../common/locales.ts';

/** Colours per category, so a wall of posters reads at a glance. */
const PALETTE: Record<string, [string, string]> = {
  politics: ['#1d3557', '#0d1b2a'],
  society: ['#2a6f97', '#123b57'],
  'cultural-events-and-celebrations': ['#7b2cbf', '#3c096c'],
  economy: ['#2d6a4f', '#1b4332'],
  world: ['#264653', '#14262e'],
  conflicts: ['#6a040f', '#370617'],
  'disasters-and-accidents': ['#9d4edd', '#5a189a'],
  environment: ['#40916c', '#1b4332'],
  'science-and-technology': ['#3a0ca3', '#240046'],
  health: ['#0096c7', '#023e8a'],
  sport: ['#e76f51', '#9c2c13'],
  'crime-and-justice': ['#495057', '#212529'],
};
const DEFAULT_COLOURS: [string, string] = ['#33415c', '#0d1b2a'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Splits a title into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    if ((current + ' ' + word).trim().length > width && current) {
      out.push(current);
      current = word;
      if (out.length === lines) break;
    } else current = (current + ' ' + word).trim();
  }
  if (out.length < lines && current) out.push(current);
  if (out.length === lines && words.join(' ').length > out.join(' ').length) out[lines - 1] = `${out[lines - 1]?.replace(/[.,;:]?$/, '')}…`;
  return out;
}

/**
 * A player draws its controls over the bottom of the poster (up to a fifth of it on a phone), and a
 * list card its badges over the top-start corner: the category, title and dateline sit between, the
 * dateline right under the title, and the brand in the top-end corner.
 */
const TITLE_Y = 330;
const LINE = 68;
const BRAND_Y = 110;
export const CLEAR_OF_CONTROLS_Y = 576;

/**
 * A generated 16:9 poster for a story: the category's colours, its label, the title and the
 * dateline. Demo material has no photographs of its own, and we ship no copyrighted images.
 */
export function posterSvg(input: {
  title: string;
  category: string;
  categoryName: string;
  dateline: string;
  language: Locale;
  seed: number;
  /** Without title and dateline: a background for places that print the title themselves (banners). */
  plain?: boolean;
}): string {
  const [from, to] = PALETTE[input.category] ?? DEFAULT_COLOURS;
  const rtl = input.language === 'ar';
  // With direction="rtl" on the SVG, "start" is the right-hand edge: the same anchor works both ways.
  const anchor = 'start';
  const x = rtl ? 1224 : 56;
  const lines = input.plain ? [] : wrap(input.title, 34, 3);
  const angle = (input.seed % 40) - 20;
  const stripes = Array.from(
    { length: 9 },
    (_, i) =>
      `<rect x="${i * 160 - 80}" y="-200" width="70" height="1200" fill="#ffffff" opacity="0.035" transform="rotate(${angle} 640 360)"/>`,
  ).join('');
  const title = lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${TITLE_Y + i * LINE}" text-anchor="${anchor}" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720" direction="${rtl ? 'rtl' : 'ltr'}" font-family="Inter, 'Noto Sans Arabic', Arial, sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>${stripes}
${input.categoryName ? `<rect x="${rtl ? 1224 - 12 : 56}" y="186" width="12" height="56" fill="#c8102e"/>` : ''}
<text x="${rtl ? 1224 - 28 : 84}" y="226" text-anchor="${anchor}" font-size="30" font-weight="700" fill="#ffffff" opacity="0.9" letter-spacing="${rtl ? 0 : 2}">${escapeXml(input.categoryName.toUpperCase())}</text>
${title}
${input.plain ? '' : `<text x="${x}" y="${TITLE_Y + (lines.length - 1) * LINE + 56}" text-anchor="${anchor}" font-size="28" fill="#ffffff" opacity="0.75">${escapeXml(input.dateline)}</text>`}
<text x="${rtl ? 56 : 1224}" y="${BRAND_Y}" text-anchor="end" font-size="26" font-weight="700" fill="#ffffff" opacity="0.6">NEWSREEL</text>
</svg>`;
}

/** A square image for a tag: its name on the brand colours. */
export function tagSvg(name: string, rtl: boolean): string {
  const lines = wrap(name, 14, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" font-family="Inter, 'Noto Sans Arabic', Arial, sans-serif">
<rect width="400" height="400" fill="#0d1b2a"/><rect y="360" width="400" height="40" fill="#c8102e"/>
${lines.map((line, i) => `<text x="200" y="${190 + i * 48}" text-anchor="middle" direction="${rtl ? 'rtl' : 'ltr'}" font-size="40" font-weight="700" fill="#ffffff">${i === 0 ? '#' : ''}${escapeXml(line)}</text>`).join('')}
</svg>`;
}
