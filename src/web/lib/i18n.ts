import { DEFAULT_LOCALE, type Locale } from '../../common/locales.ts';
import { i18n, startTranslations, type Catalogue } from './translation.ts';

/**
 * Each locale's catalogue is its core (`locales/{locale}.json`: what the frame and the first pages
 * say) and its sections (`locales/{locale}/{section}.json`: what only some screens say, such as
 * checkout), each its own chunk. A page names the sections it needs (src/web/app/router.tsx), so
 * the first page carries none of them.
 */
const catalogues = import.meta.glob<Catalogue>('../i18n/locales/*.json', { import: 'default' });

/** The sections some page has asked for: a change of language loads them with the core. */
const wanted = new Set<string>();

async function loadCatalogue(locale: string): Promise<Catalogue> {
  const load = catalogues[`../i18n/locales/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

/** A section's texts; the map of where sections are loads with the first one asked for (i18n-sections.ts). */
async function loadSection(locale: string, section: string): Promise<Catalogue> {
  const { loadSectionFile } = await import('./i18n-sections.ts');
  return loadSectionFile(locale, section);
}

/** The core and the wanted sections of a locale, as one tree. */
async function loadWithSections(locale: string): Promise<Catalogue> {
  const [core, ...parts] = await Promise.all([loadCatalogue(locale), ...[...wanted].map((name) => loadSection(locale, name))]);
  return { ...core, ...Object.fromEntries([...wanted].map((name, index) => [name, parts[index]])) };
}

/** Adds sections to the language in use (English in place of one that fails to load), once each. */
export async function loadSections(names: readonly string[]): Promise<void> {
  for (const name of names) wanted.add(name);
  // The language on its way, if one is: its catalogue may have been asked for before these sections were wanted.
  const locale = i18n.targetLanguage;
  if (!locale) return;
  await Promise.all(
    names
      .filter((name) => !i18n.getResource(locale, name))
      .map(async (name) => {
        const section = await loadSection(locale, name).catch(() => loadSection(DEFAULT_LOCALE, name));
        i18n.addResources(locale, { [name]: section });
      }),
  );
}

/**
 * Only the page's own catalogue travels; English is fetched in its place only when that one fails
 * to load (spec: a failing translation load falls back to English). Every catalogue has every key
 * (src/web/i18n/catalogues.test.ts), so no other fallback is needed.
 */
export function initI18n(locale: Locale): Promise<void> {
  return startTranslations(locale, (language) => loadWithSections(language).catch(() => loadWithSections(DEFAULT_LOCALE)));
}

/** `t` that answers undefined for a missing key, for "translated by code, else message" lookups. */
export function translateIfExists(key: string): string | undefined {
  return i18n.exists(key) ? i18n.t(key) : undefined;
}
