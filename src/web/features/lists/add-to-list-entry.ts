/**
 * The add-to-list dialog with its texts (the lists section), contracts and calls. This module
 * imports nothing itself, so the video card's chunk, which the dashboard loads first, carries no
 * list of the dialog's thirty files to preload (e2e/web-budget.spec.ts); they load on the click.
 */
export function loadAddToListDialog() {
  return Promise.all([
    import('./add-to-list-dialog.tsx'),
    import('../../lib/i18n.ts').then((i18n) => i18n.loadSections(['lists', 'validation'])),
  ]).then(([dialog]) => ({ default: dialog.AddToListDialog }));
}
