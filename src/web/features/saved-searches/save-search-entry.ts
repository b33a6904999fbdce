/**
 * The save dialog with its texts, contracts and calls. This module imports nothing itself, so the
 * search page's chunk carries none of it (no zod, no section): they load on the click.
 */
export function loadSaveSearchDialog() {
  return Promise.all([
    import('./save-search-dialog.tsx'),
    import('../../lib/i18n.ts').then((i18n) => i18n.loadSections(['savedSearches', 'validation'])),
  ]).then(([dialog]) => ({ default: dialog.SaveSearchDialog }));
}
