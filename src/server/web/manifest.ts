import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../common/locales.ts';

type Chunk = { file?: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

/** The modules every screen's first view needs besides its page: the contracts of site and user answers. */
const FRAME_MODULES = ['../common/site.ts', '../common/accounts.ts', '../common/errors.ts'];

/**
 * The typeface files a locale's interface is written in beyond Latin, which the shell preloads: in
 * before the app's first view, where they are used at once; without the preload a face the
 * stylesheet makes optional (src/web/styles/inter.css) would not be used on a first visit.
 */
const LOCALE_FONTS: Partial<Record<Locale, string[]>> = {
  ru: ['../../node_modules/@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2'],
};

/**
 * Preload hints from Vite's manifest (vite.config.ts writes it): for the modules a screen's first
 * view loads lazily (its page, its locale's catalogue, the contracts that parse its answers), the
 * chunks they pull in and their stylesheets, so they travel with the app's first scripts instead
 * of after them. What index.html loads already is left out; a build without a manifest gets none.
 * The screen's own chunks (`screen`) are asked for at low priority: on a slow line they shared it
 * with the app's first scripts and put the first paint of a video page 300 ms later; at low
 * priority they come after those and still before the app would ask for them (docs/performance.md).
 */
export type ShellPreloads = (modules: string[], screen?: string[], locale?: Locale) => string;

export async function shellPreloads(webRoot: string): Promise<ShellPreloads> {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  const inShell = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  walk('index.html', inShell);
  return (modules, screen = [], locale) => {
    const first = new Set<string>();
    for (const module of [...modules, ...FRAME_MODULES]) if (!inShell.has(module)) walk(module, first);
    const wanted = new Set(first);
    for (const module of screen) if (!inShell.has(module)) walk(module, wanted);
    const scripts: string[] = [];
    const styles = new Set<string>();
    for (const key of wanted) {
      if (inShell.has(key)) continue;
      const chunk = manifest[key];
      const priority = first.has(key) ? '' : ' fetchpriority="low"';
      if (chunk?.file?.endsWith('.js')) scripts.push(`<link rel="modulepreload" crossorigin${priority} href="/${chunk.file}">`);
      // Vite's loader asks for a chunk's stylesheet with crossorigin (anonymous); a preload in another
      // credentials mode is not used: Chromium warns and fetches the file a second time.
      for (const css of chunk?.css ?? []) styles.add(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
    // A font is fetched without credentials (crossorigin) whatever its origin: the preload has to say so to be used.
    const fonts = (locale ? (LOCALE_FONTS[locale] ?? []) : []).flatMap((key) => {
      const file = manifest[key]?.file;
      return file ? [`<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`] : [];
    });
    return [...scripts, ...styles, ...fonts].map((tag) => `${tag}\n`).join('');
  };
}
