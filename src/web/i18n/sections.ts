/**
 * The parts of each locale's catalogue that load with the pages that say them, not with the first
 * page: `locales/{locale}/{section}.json` holds the texts under the key `{section}`.
 */
export const SECTIONS = [
  'accountTransfer',
  'billing',
  'broadcast',
  'careers',
  'desk',
  'deskIngest',
  'deskContent',
  'deskCareers',
  'deskLive',
  'deskReports',
  'deskSite',
  'deliveryRules',
  'download',
  'errors',
  'live',
  'integrations',
  'lists',
  'myContent',
  'noticeCentre',
  'payment',
  'planDetails',
  'planning',
  'planRequest',
  'plans',
  'purchaseHistory',
  'push',
  'savedCards',
  'savedSearches',
  'support',
  'team',
  'validation',
  'video',
  'webhooks',
] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * Sections every page may say, loaded for all of them once the first view is up (locale-layout.tsx):
 * the error and validation texts, which only show after an action; until then an error shows the
 * server's message and a field its validator's English default (src/web/lib/forms.ts).
 */
export const EVERY_PAGE_SECTIONS: readonly Section[] = ['errors', 'validation'];
