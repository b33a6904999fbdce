import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/locales.ts';
import { NOTICE_TEXT_KEYS } from '../../../common/notice-centre.ts';
import { noticeValues } from './notice-text.ts';

const locales = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'i18n', 'locales');

describe('notice texts', () => {
  it.each(LOCALES)('%s says every text key the server may send', (locale) => {
    const section = JSON.parse(readFileSync(path.join(locales, locale, 'noticeCentre.json'), 'utf8')) as { texts: Record<string, string> };
    expect(Object.keys(section.texts).sort()).toEqual([...NOTICE_TEXT_KEYS].sort());
  });

  it("takes a value in the page's language when the notice has it, and isolates each value's direction", () => {
    const values = { title: 'Summit opens', title_ar: 'افتتاح القمة', file: '720p MP4' };
    expect(noticeValues(values, 'ar')).toEqual({ title: '\u2068افتتاح القمة\u2069', file: '\u2068720p MP4\u2069' });
    expect(noticeValues(values, 'es')).toEqual({ title: '\u2068Summit opens\u2069', file: '\u2068720p MP4\u2069' });
    expect(noticeValues({}, 'en')).toEqual({});
  });
});
