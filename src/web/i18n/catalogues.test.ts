import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/errors.ts';
import { LOCALES } from '../../common/locales.ts';
import { VALIDATION_MESSAGES } from '../../common/validators.ts';
import { VOD_CATEGORIES } from '../features/layout/menus.ts';
import { readCatalogue, type Tree } from '../../../scripts/catalogues.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[full] = value;
    else Object.assign(flat, flatten(value, full));
  }
  return flat;
}

const flat = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(readCatalogue(locale))]));
const english = flat.en ?? {};
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Plural forms differ per language (Arabic has six, Russian four): compare their base keys. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const baseKeys = (table: Record<string, string>) => [...new Set(Object.keys(table).map(baseKey))].sort();
const englishPlaceholders = (key: string) =>
  new Set(
    Object.entries(english)
      .filter(([other]) => baseKey(other) === baseKey(key))
      .flatMap(([, text]) => placeholders(text)),
  );

/** Every literal key passed to t('…') in the browser sources. */
function keysUsedInSources(root: string): string[] {
  const keys = new Set<string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) keys.add(match[1] ?? '');
        for (const match of readFileSync(file, 'utf8').matchAll(/label: '([a-z][\w]*\.[\w.-]+)'/g)) keys.add(match[1] ?? '');
      }
    }
  };
  walk(root);
  return [...keys];
}

describe('i18n catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the keys of en', (locale) => {
    expect(baseKeys(flat[locale] ?? {})).toEqual(baseKeys(english));
  });

  it.each(LOCALES)('%s has no empty text and only placeholders that en has', (locale) => {
    for (const [key, text] of Object.entries(flat[locale] ?? {})) {
      expect(text.trim(), key).not.toBe('');
      if (PLURAL.test(key)) {
        // A plural form may leave out the number ("one video"), never add an unknown value.
        const known = englishPlaceholders(key);
        expect(
          placeholders(text).filter((name) => !known.has(name ?? '')),
          key,
        ).toEqual([]);
      } else expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it('gives every plural key its "other" form in every language', () => {
    for (const locale of LOCALES) {
      const table = flat[locale] ?? {};
      for (const key of Object.keys(table).filter((k) => PLURAL.test(k)))
        expect(table, `${locale} ${key}`).toHaveProperty([`${baseKey(key)}_other`]);
    }
  });

  it('translates every validator message and every error code', () => {
    for (const key of Object.keys(VALIDATION_MESSAGES)) expect(english, key).toHaveProperty([key]);
    for (const code of Object.values(ERROR_CODES)) expect(english, code).toHaveProperty([`errors.${code}`]);
    for (const slug of VOD_CATEGORIES) expect(english).toHaveProperty([`menu.categories.${slug}`]);
  });

  it('has every key the browser code asks for', () => {
    const used = keysUsedInSources(path.join(dir, '..'));
    expect(used.length).toBeGreaterThan(50);
    const missing = used.filter((key) => !(key in english) && !(`${key}_other` in english));
    expect(missing).toEqual([]);
  });
});
