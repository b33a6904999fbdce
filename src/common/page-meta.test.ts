import { describe, expect, it } from 'vitest';
import { pageTitle, shortDescription } from './page-meta.ts';

describe('page titles and descriptions', () => {
  it('names the page, then the site', () => {
    expect(pageTitle('Floods hit northern Italy')).toBe('Floods hit northern Italy · Newsreel');
    expect(pageTitle('  ')).toBe('Newsreel');
  });

  it('folds whitespace and cuts long text at a word', () => {
    expect(shortDescription('Rivers  burst\ntheir banks.')).toBe('Rivers burst their banks.');
    const long = shortDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});
