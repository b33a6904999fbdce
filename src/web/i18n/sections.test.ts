import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/locales.ts';
import { SCREEN_SECTIONS } from '../../common/screen-sections.ts';
import { SECTIONS, type Section } from './sections.ts';

/**
 * A text of a section only shows when its section has loaded: every page that can render a key of
 * a section names that section in the router, and nothing the first page loads uses one.
 */
const web = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const read = (file: string) => readFileSync(file, 'utf8');

/** The browser modules a module loads, statically or lazily, transitively (relative imports only). */
function reachable(entry: string, into = new Set<string>()): Set<string> {
  if (into.has(entry)) return into;
  into.add(entry);
  for (const match of read(entry).matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+\.tsx?)'/g)) {
    const file = path.resolve(path.dirname(entry), match[1] ?? '');
    if (file.startsWith(web) && existsSync(file) && !file.endsWith('.test.ts')) reachable(file, into);
  }
  return into;
}

/**
 * The error texts load on every page after its first view and no page names them (until then an
 * error shows the server's message). The validation texts load so too, but a page with a form
 * names them, so that a form sent at once already speaks the page's language.
 */
const UNNAMED: readonly Section[] = ['errors'];

/** The sections whose keys a module uses (`t('payment.…')`, `` t(`payment.${…}`) ``, `label: 'payment.…'`). */
function sectionsUsedBy(file: string): Section[] {
  const source = read(file);
  return SECTIONS.filter((section) => !UNNAMED.includes(section) && new RegExp(`['\`]${section}\\.`).test(source));
}

/** A page's list of sections in the router: names, or a screen's shared list (`[...SCREEN_SECTIONS.video]`). */
function sectionsNamed(list: string): string[] {
  const shared = /SCREEN_SECTIONS\.(\w+)/.exec(list)?.[1];
  if (shared) return [...(SCREEN_SECTIONS[shared as keyof typeof SCREEN_SECTIONS] ?? [])];
  return [...list.matchAll(/'(\w+)'/g)].map((s) => s[1] ?? '');
}

/** Each lazily loaded page of the router with the sections it loads. */
function routerPages(): { module: string; sections: string[] }[] {
  const source = read(path.join(web, 'app', 'router.tsx'));
  const loaders = new Map([...source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]));
  return [...source.matchAll(/pageOf\(\s*(?:\(\) => import\('([^']+)'\)|(\w+)),\s*\(m\) => m\.\w+,?\s*(?:\[([^\]]*)\])?/g)].map((m) => ({
    module: path.resolve(web, 'app', m[1] ?? loaders.get(m[2] ?? '') ?? ''),
    sections: sectionsNamed(m[3] ?? ''),
  }));
}

describe('catalogue sections', () => {
  it('has every section in every locale and nothing else beside the cores', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(web, 'i18n', 'locales', locale)).sort();
      expect(files).toEqual(SECTIONS.map((section) => `${section}.json`).sort());
    }
  });

  it('loads, with every page, the sections its modules say', () => {
    const pages = routerPages();
    expect(pages.length).toBeGreaterThan(20);
    const missing: Record<string, string[]> = {};
    for (const page of pages) {
      const modules = [...reachable(page.module)];
      const used = new Set(modules.flatMap(sectionsUsedBy));
      // A part a page loads on demand may load its own sections with its code (loadSections(['lists'])).
      const loadedByParts = modules.flatMap((file) => [...read(file).matchAll(/loadSections\(\[([^\]]*)\]\)/g)].flatMap((m) => m[1] ?? ''));
      const absent = [...used].filter(
        (section) => !page.sections.includes(section) && !loadedByParts.some((list) => list.includes(`'${section}'`)),
      );
      if (absent.length > 0) missing[path.relative(web, page.module)] = absent;
    }
    expect(missing).toEqual({});
  });

  it('keeps every section out of what the first page loads', () => {
    const first = new Set<string>();
    // Static imports only: lazy pages and parts load later, with their sections.
    const walk = (file: string) => {
      if (first.has(file)) return;
      first.add(file);
      for (const match of read(file).matchAll(/from\s*'(\.[^']+\.tsx?)'/g)) {
        const next = path.resolve(path.dirname(file), match[1] ?? '');
        if (next.startsWith(web) && existsSync(next)) walk(next);
      }
    };
    walk(path.join(web, 'main.tsx'));
    expect(first.size).toBeGreaterThan(10);
    expect([...first].filter((file) => sectionsUsedBy(file).length > 0).map((file) => path.relative(web, file))).toEqual([]);
  });
});
