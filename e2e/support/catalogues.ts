import { readCatalogue, textAt, type Tree } from '../../scripts/catalogues.ts';

const catalogues = new Map<string, Tree>();

/** A text of the app's catalogue for a locale, so a journey in Arabic reads what an Arabic page says. */
export function catalogueText(locale: string, key: string, values: Record<string, string | number> = {}): string {
  let tree = catalogues.get(locale);
  if (!tree) {
    tree = readCatalogue(locale);
    catalogues.set(locale, tree);
  }
  const text = textAt(tree, key);
  if (text === undefined) throw new Error(`no text ${key} in ${locale}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** The plural form of a text for a count, as the app picks it (src/web/lib/translation.ts: Intl plural rules, Arabic has six). */
export function pluralText(locale: string, key: string, count: number): string {
  return catalogueText(locale, `${key}_${new Intl.PluralRules(locale).select(count)}`, { count });
}
