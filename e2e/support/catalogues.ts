import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };
const catalogues = new Map<string, Tree>();

/** A locale's core with its sections under their keys (src/web/i18n/sections.ts). */
function readCatalogue(locale: string): Tree {
  const dir = path.join(process.cwd(), 'src', 'web', 'i18n', 'locales');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;
  const sections = existsSync(path.join(dir, locale)) ? readdirSync(path.join(dir, locale)) : [];
  return {
    ...read(path.join(dir, `${locale}.json`)),
    ...Object.fromEntries(sections.map((file) => [file.replace(/\.json$/, ''), read(path.join(dir, locale, file))])),
  };
}

/** A text of the app's catalogue for a locale, so a journey in Arabic reads what an Arabic page says. */
export function catalogueText(locale: string, key: string, values: Record<string, string | number> = {}): string {
  let tree = catalogues.get(locale);
  if (!tree) {
    tree = readCatalogue(locale);
    catalogues.set(locale, tree);
  }
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** The plural form of a text for a count, as i18next picks it (Intl plural rules: Arabic has six). */
export function pluralText(locale: string, key: string, count: number): string {
  return catalogueText(locale, `${key}_${new Intl.PluralRules(locale).select(count)}`, { count });
}
