/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RIGHT_TO_LEFT_FIRST = /^[^\p{L}]*[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * The direction an event's own text reads in, from its first letter: an event names no language of
 * its own, and the catalogue lays out a video's text in its language's direction (catalogue/video-card.tsx).
 */
export function textDirection(text: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT_FIRST.test(text) ? 'rtl' : 'ltr';
}
