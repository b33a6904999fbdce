/**
 * Where each section of each locale's catalogue is (`locales/{locale}/{section}.json`, one chunk
 * each): a map of every section in every language, kept out of the first page's code and loaded
 * the first time a page asks for a section (src/web/lib/i18n.ts).
 */
const sections = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/*.json', { import: 'default' });

export function loadSectionFile(locale: string, section: string): Promise<Record<string, unknown>> {
  const load = sections[`../i18n/locales/${locale}/${section}.json`];
  if (!load) throw new Error(`No section ${section} for ${locale}`);
  return load();
}
