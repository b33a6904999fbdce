/**
 * Content pages are split into sections at each top-level heading, <h2> (spec: content §4
 * "Content page"): text before the first heading is dropped, and so is a segment whose heading
 * never closes. Each section is a caption (the heading's text) and a body (the HTML after it).
 */
export type ContentSection = { caption: string; body: string };

const HEADING = /^<h2(?:\s[^>]*)?>([\s\S]*?)<\/h2>([\s\S]*)$/i;

export function splitSections(html: string): ContentSection[] {
  const segments = html.split(/(?=<h2[\s>])/i).filter((segment) => /^<h2[\s>]/i.test(segment));
  const sections: ContentSection[] = [];
  for (const segment of segments) {
    const match = HEADING.exec(segment);
    if (!match) continue;
    const caption = (match[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (caption) sections.push({ caption, body: (match[2] ?? '').trim() });
  }
  return sections;
}
