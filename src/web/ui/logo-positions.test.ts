import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogue, textAt } from '../../../scripts/catalogues.ts';
import { LOGO_POSITIONS } from '../../common/catalogue.ts';
import { LOCALES } from '../../common/locales.ts';
import { DEFAULT_LOGO_POSITION, LOGO_POSITION_KEYS, logoMarkClass, logoPlacement, offeredLogoPositions } from './logo-positions.ts';

const hasKey = (locale: string, key: string): boolean => (textAt(readCatalogue(locale), key) ?? '').trim() !== '';

describe('logo positions for branded footage (spec: accounts §9, content §2)', () => {
  it('puts each of the six positions in its own corner or edge of the frame', () => {
    expect(logoPlacement('top_left')).toEqual({ block: 'start', inline: 'start' });
    expect(logoPlacement('top_center')).toEqual({ block: 'start', inline: 'center' });
    expect(logoPlacement('top_right')).toEqual({ block: 'start', inline: 'end' });
    expect(logoPlacement('bottom_left')).toEqual({ block: 'end', inline: 'start' });
    expect(logoPlacement('bottom_center')).toEqual({ block: 'end', inline: 'center' });
    expect(logoPlacement('bottom_right')).toEqual({ block: 'end', inline: 'end' });
    const distinct = new Set(LOGO_POSITIONS.map((position) => logoMarkClass(position)));
    expect(distinct.size).toBe(6);
  });

  it('names the classes the stylesheet draws', () => {
    expect(logoMarkClass('bottom_center')).toBe('logo-example__mark logo-example__mark--block-end logo-example__mark--inline-center');
    const css = readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'logo-example.css'), 'utf8');
    for (const position of LOGO_POSITIONS) for (const name of logoMarkClass(position).split(' ')) expect(css, name).toContain(`.${name}`);
  });

  it('offers the positions the formats call lists, in the spec order, and all six before it answers', () => {
    expect(offeredLogoPositions(undefined)).toEqual([...LOGO_POSITIONS]);
    expect(offeredLogoPositions(['bottom_right', 'top_left'])).toEqual(['top_left', 'bottom_right']);
    expect(LOGO_POSITIONS).toContain(DEFAULT_LOGO_POSITION);
  });

  it.each(LOCALES)('has a %s name for every position', (locale) => {
    for (const position of LOGO_POSITIONS) expect(hasKey(locale, LOGO_POSITION_KEYS[position]), `${locale} ${position}`).toBe(true);
  });
});
