/**
 * The selection bar with its dialogs and texts (download, lists): this module imports nothing
 * itself, so the list pages' chunks carry no preload list of them; they load at the first pick.
 */
export function loadSelectionBar() {
  return Promise.all([
    import('./selection-bar.tsx'),
    import('../../lib/i18n.ts').then((i18n) => i18n.loadSections(['download', 'lists', 'video', 'validation', 'planDetails'])),
  ]).then(([bar]) => ({ default: bar.SelectionBar }));
}
