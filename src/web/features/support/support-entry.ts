/**
 * The support bubble with its texts. This module imports nothing itself, so the first page's entry
 * names one small chunk for it instead of the bubble's dozen files to preload (e2e/web-budget.spec.ts).
 */
export function loadSupportBubble() {
  return Promise.all([
    import('./support-bubble.tsx'),
    import('../../lib/i18n.ts').then((i18n) => i18n.loadSections(['support', 'validation'])),
  ]).then(([bubble]) => ({ default: bubble.SupportBubble }));
}
