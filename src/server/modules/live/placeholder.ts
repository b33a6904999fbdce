/**
 * The placeholder picture of an event without one of its own (spec: content §3, image_type
 * default), in the spec's sizes: a dark frame with the broadcast mark, drawn as SVG.
 */
export const PLACEHOLDER_SIZES = {
  thumbnail: [320, 180],
  '273x154': [273, 154],
  '575x323': [575, 323],
  '960x540': [960, 540],
  large_brand: [1920, 1080],
} as const satisfies Record<string, readonly [number, number]>;
export type PlaceholderSize = keyof typeof PLACEHOLDER_SIZES;

/** An uploaded picture's file in one size (live/event-images.ts draws them all). */
export const eventImageUrl = (hash: string, size: PlaceholderSize) => `/media/live/images/${hash}-${size}.jpg`;

export function isPlaceholderSize(size: string): size is PlaceholderSize {
  return Object.hasOwn(PLACEHOLDER_SIZES, size);
}

export function placeholderSvg(size: PlaceholderSize): string {
  const [width, height] = PLACEHOLDER_SIZES[size];
  const unit = height / 10;
  const [cx, cy] = [width / 2, height / 2 - unit * 0.6];
  const ring = (r: number, opacity: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${(unit * r).toFixed(1)}" fill="none" stroke="#ffffff" stroke-opacity="${opacity}" stroke-width="${(unit * 0.18).toFixed(1)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Live">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#13233a"/><stop offset="1" stop-color="#0d1b2a"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${ring(1.6, 0.35)}${ring(2.6, 0.2)}${ring(3.6, 0.1)}
<circle cx="${cx}" cy="${cy}" r="${(unit * 0.8).toFixed(1)}" fill="#c8102e"/>
<text x="${cx}" y="${(cy + unit * 3.4).toFixed(1)}" fill="#ffffff" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${(unit * 1.1).toFixed(1)}" letter-spacing="${(unit * 0.2).toFixed(1)}" text-anchor="middle">LIVE</text>
</svg>`;
}
