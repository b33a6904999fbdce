/**
 * The notice panel with its texts. This module imports nothing itself, so the first page names one
 * small chunk for it instead of the panel's files to preload (e2e/web-budget.spec.ts).
 */
export function loadNoticePanel() {
  return Promise.all([import('./notice-panel.tsx'), import('../../lib/i18n.ts').then((i18n) => i18n.loadSections(['noticeCentre']))]).then(
    ([panel]) => ({ default: panel.NoticePanel }),
  );
}
