import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../common/routes.ts';
import { routeTitleKey } from './page-meta.ts';

const english = JSON.parse(readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../i18n/locales/en.json'), 'utf8')) as {
  titles: Record<string, string>;
};

describe('page titles', () => {
  it('every screen has a title of its own, and an unknown path the not-found title', () => {
    for (const name of Object.keys(ROUTES)) expect(english.titles[name], name).toBeTruthy();
    expect(routeTitleKey('/ar/videos/abc')).toBe('titles.video');
    expect(routeTitleKey('/en')).toBe('titles.dashboard');
    expect(routeTitleKey('/en/plans')).toBe('titles.plans');
    expect(routeTitleKey('/en/plans/request-bundle')).toBe('titles.notFound');
  });
});
