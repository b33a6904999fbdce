import { describe, expect, it } from 'vitest';
import { splitSections } from './content-sections.ts';

describe('content sections (spec: content §4)', () => {
  it('splits at each top-level heading into caption and body', () => {
    expect(splitSections('<h2>Who we are</h2><p>A wire.</p><h2>Contact</h2><p>Desk</p>')).toEqual([
      { caption: 'Who we are', body: '<p>A wire.</p>' },
      { caption: 'Contact', body: '<p>Desk</p>' },
    ]);
  });

  it('drops the text before the first heading', () => {
    expect(splitSections('<p>intro</p><h2 class="x">One</h2><p>1</p>')).toEqual([{ caption: 'One', body: '<p>1</p>' }]);
  });

  it('drops a segment whose heading never closes', () => {
    expect(splitSections('<h2>Open<p>lost</p><h2>Closed</h2><p>kept</p>')).toEqual([{ caption: 'Closed', body: '<p>kept</p>' }]);
  });

  it('keeps lower headings inside a body and strips markup from captions', () => {
    expect(splitSections('<h2><em>Rights</em> and use</h2><h3>Sub</h3><p>x</p>')).toEqual([
      { caption: 'Rights and use', body: '<h3>Sub</h3><p>x</p>' },
    ]);
  });

  it('answers nothing for empty or heading-less text', () => {
    expect(splitSections('')).toEqual([]);
    expect(splitSections('<p>only text</p>')).toEqual([]);
  });
});
