/**
 * The parts of each locale's catalogue that load with the pages that say them, not with the first
 * page: `locales/{locale}/{section}.json` holds the texts under the key `{section}`.
 */
export const SECTIONS = [
  'billing',
  'download',
  'live',
  'myContent',
  'payment',
  'planDetails',
  'planning',
  'planRequest',
  'plans',
  'purchaseHistory',
  'savedCards',
  'team',
] as const;
export type Section = (typeof SECTIONS)[number];
