import { imageSize } from 'image-size';

/**
 * What an uploaded picture may be before ffmpeg sees it: its size read from its header (never by
 * decoding it), at most 4096 px a side, and, for SVG, nothing whose drawing costs more than its size
 * says. A 123-byte SVG of 12,000 × 12,000 px took 635 MiB to draw; a 1.4 KB blurred one three
 * minutes (docs/decisions.md, "Media bombs").
 */
export const IMAGE_MAX_SIDE = 4096;

export type ImageCheck =
  { ok: true; width: number; height: number } | { ok: false; problem: 'unreadable' | 'too_large' | 'svg_refused'; detail: string };

/**
 * SVG features refused, with why: filters (a blur's cost grows with its radius, not the file),
 * entities (expansion), scripts and embedded pictures (an embedded PNG would be decoded unchecked),
 * references outside the document (librsvg would read files) and CSS escapes (which could spell
 * any of these so that no pattern sees them).
 */
const SVG_REFUSALS: { pattern: RegExp; what: string }[] = [
  { pattern: /<filter\b|<fe[a-z]+\b|\bfilter\s*[=:]/i, what: 'filters' },
  { pattern: /<!ENTITY/i, what: 'entities' },
  { pattern: /<(script|foreignObject|image|iframe|video|audio)\b/i, what: 'scripts or embedded pictures' },
  { pattern: /\bhref\s*=\s*(?!["']\s*#)|url\(\s*(?!['"]?\s*#)|@import/i, what: 'references to other files' },
];

function svgRefusal(text: string): string | null {
  for (const { pattern, what } of SVG_REFUSALS) if (pattern.test(text)) return what;
  if (/<style\b|\bstyle\s*=/i.test(text) && text.includes('\\')) return 'escapes in its styles';
  return null;
}

/** The picture's size from its header, checked against IMAGE_MAX_SIDE; an SVG checked for what is refused. */
export function checkImage(bytes: Buffer, kind: 'png' | 'svg' | 'jpeg'): ImageCheck {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, problem: 'unreadable', detail: 'its size cannot be read from its header' };
  }
  const { width = 0, height = 0 } = size;
  if (size.type !== (kind === 'jpeg' ? 'jpg' : kind) || !(width >= 1 && height >= 1))
    return { ok: false, problem: 'unreadable', detail: 'its size cannot be read from its header' };
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE)
    return { ok: false, problem: 'too_large', detail: `it is ${width} × ${height} px` };
  if (kind === 'svg') {
    const refused = svgRefusal(bytes.toString('utf8'));
    if (refused) return { ok: false, problem: 'svg_refused', detail: `it uses ${refused}` };
  }
  return { ok: true, width, height };
}

/** The size that fits within `box` px a side, proportions kept, never enlarged. */
export function fitWithin(size: { width: number; height: number }, box: number): { width: number; height: number } {
  const scale = Math.min(1, box / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}
