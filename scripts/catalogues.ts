import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** For tests and tools on Node: the catalogues as files, a locale's core with its sections under their keys. */
export type Tree = { [key: string]: string | Tree };

const LOCALES_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'src', 'web', 'i18n', 'locales');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

export function readCatalogue(locale: string): Tree {
  const folder = path.join(LOCALES_DIR, locale);
  const sections = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.json')) : [];
  return {
    ...read(path.join(LOCALES_DIR, `${locale}.json`)),
    ...Object.fromEntries(sections.map((file) => [file.replace(/\.json$/, ''), read(path.join(folder, file))])),
  };
}

/** The text at a dotted key, or undefined. */
export function textAt(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
