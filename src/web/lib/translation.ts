import { useMemo, useSyncExternalStore } from 'react';

/**
 * The app's translations: a locale's catalogue as one tree, a dotted key to its text, `{{name}}`
 * values, and plural forms by the locale's Intl plural rules (`key_zero` for a count of 0, then
 * `key_one`, `key_two`, `key_few`, `key_many`, `key_other`; Arabic has all six). It does what the
 * app asked of i18next and react-i18next, in a fraction of their bytes on the first page
 * (docs/decisions.md, "Translations without i18next"). Catalogues load through `loader`
 * (lib/i18n.ts); a component that needs the language before its catalogue is there suspends.
 */
export type Catalogue = { [key: string]: unknown };
export type TranslateOptions = { count?: number; defaultValue?: string; [value: string]: unknown };
export type Translate = (key: string, options?: TranslateOptions) => string;

const catalogues = new Map<string, Catalogue>();
/** Each locale's core catalogue, loading or loaded: asked for once however many ask. */
const cores = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();
let current: string | undefined;
let target: string | undefined;
let version = 0;
let loader: (locale: string) => Promise<Catalogue> = () => Promise.reject(new Error('no catalogue loader'));
let ready: { promise: Promise<void>; resolve: () => void } | undefined;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
  if (current) ready?.resolve();
}

function valueAt(tree: Catalogue | undefined, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Catalogue)[part] : undefined;
  return node;
}

function textAt(locale: string | undefined, key: string): string | undefined {
  const value = locale ? valueAt(catalogues.get(locale), key) : undefined;
  return typeof value === 'string' ? value : undefined;
}

function plural(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** `{{name}}` (or `{{a.b}}`) replaced by the value; a missing value is an empty text. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = valueAt(values, name);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  });
}

function translate(locale: string | undefined, key: string, options: TranslateOptions = {}): string {
  let text: string | undefined;
  if (typeof options.count === 'number' && locale) {
    const count = options.count;
    text =
      (count === 0 ? textAt(locale, `${key}_zero`) : undefined) ??
      textAt(locale, `${key}_${plural(locale, count)}`) ??
      textAt(locale, `${key}_other`);
  }
  text ??= textAt(locale, key) ?? options.defaultValue;
  return text === undefined ? key : interpolate(text, options);
}

/** What the app reads and changes of the language in use. */
export const i18n = {
  /** The language in use; empty until the first catalogue is there (a component that translates never sees that). */
  get language(): string {
    return current ?? '';
  },
  t: ((key, options) => translate(current, key, options)) as Translate,
  /** Whether the language in use has a text at the key (a plural form counts). */
  exists(key: string): boolean {
    return textAt(current, key) !== undefined || textAt(current, `${key}_other`) !== undefined;
  },
  getResource(locale: string, key: string): unknown {
    return valueAt(catalogues.get(locale), key);
  },
  /**
   * Adds top-level parts (sections) to a locale's catalogue. Nothing re-renders for it: a screen
   * waits for its sections before it shows (app/router.tsx), and `t` reads the catalogue as it is.
   */
  addResources(locale: string, parts: Catalogue): void {
    catalogues.set(locale, { ...catalogues.get(locale), ...parts });
  },
  /** The language asked for last, while its catalogue may still be on its way; sections load for it. */
  get targetLanguage(): string {
    return target ?? current ?? '';
  },
  /** Loads the locale's catalogue if it is not there yet, then switches to it; the last call wins. */
  async changeLanguage(locale: string): Promise<void> {
    target = locale;
    await coreOf(locale);
    if (target !== locale || current === locale) return;
    current = locale;
    changed();
  },
};

function coreOf(locale: string): Promise<void> {
  let core = cores.get(locale);
  if (!core) {
    core = loader(locale).then((catalogue) => {
      catalogues.set(locale, { ...catalogue, ...catalogues.get(locale) });
    });
    core.catch(() => cores.delete(locale));
    cores.set(locale, core);
  }
  return core;
}

/** How catalogues are fetched, and the first language (what initI18n in lib/i18n.ts sets up). */
export function startTranslations(locale: string, load: (locale: string) => Promise<Catalogue>): Promise<void> {
  loader = load;
  return i18n.changeLanguage(locale);
}

/** For tests and tools: a locale's whole catalogue at once, and that locale in use. */
export function setCatalogue(locale: string, catalogue: Catalogue): void {
  catalogues.set(locale, catalogue);
  cores.set(locale, Promise.resolve());
  current = target = locale;
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => version;

function whenReady(): Promise<void> {
  if (!ready) {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((done) => (resolve = done));
    ready = { promise, resolve };
  }
  return ready.promise;
}

/** `t` in the language in use, and the language; re-renders when it changes, suspends until the first catalogue is there. */
export function useTranslation(): { t: Translate; i18n: typeof i18n } {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  const locale = current;
  const t = useMemo<Translate>(() => (key, options) => translate(locale, key, options), [locale]);
  // Suspense waits on a thrown promise.
  if (!locale) throw whenReady();
  return { t, i18n };
}
