/**
 * Screens of the browser app, as paths below the `/{locale}` prefix (spec: accounts §2, content §2).
 * The web router builds its routes from these, and the server answers 404 for a path that matches
 * none (the app still renders its not-found page). Later features add their screens here.
 */
export const ROUTES = {
  dashboard: '/',
  oldBrowsers: '/old-browsers',
  serverError: '/server-error',
  signin: '/signin',
  signinDeactivated: '/signin-deactivated',
  signup: '/signup',
  checkEmail: '/check-email',
  alreadyConfirmed: '/already-confirmed',
  joinTeam: '/join-team',
  finalStep: '/final-step',
  restorePassword: '/restore-password',
  restorePasswordCheckEmail: '/restore-password/check-email',
  newPassword: '/new-password',
  newPasswordChanged: '/new-password/changed',
  accountLocked: '/account-locked',
  unlock: '/unlock',
  accountTransfer: '/account-transfer',
  user: '/user',
  userProfile: '/user/profile',
  userPlanDetails: '/user/plan-details',
  userBillingSettings: '/user/billing-settings',
  userPlanning: '/user/planning',
  purchaseHistory: '/user/purchase-history',
  userMembers: '/user/members',
  userMember: '/user/members/:id',
  userLimits: '/user/user-limits',
  userIntegrations: '/user/integrations',
  myContent: '/user/my-content',
  myLists: '/user/my-lists',
  myList: '/user/my-lists/:id',
  savedSearches: '/user/saved-searches',
  purchaseReceipt: '/user/purchase-history/:id',
  plans: '/plans',
  // Only the two plans that are requested have a form: any other request-{name} is not found.
  planRequestEnterprise: '/plans/request-enterprise',
  planRequestRegional: '/plans/request-regional',
  payment: '/payment/:type',
  paymentProcessing: '/payment-processing',
  videos: '/videos',
  videosFiltered: '/videos/:filter/:name',
  video: '/videos/:id',
  search: '/search',
  tagLanding: '/landing/:id',
  events: '/events',
  // Before the event view, whose pattern takes any slug: the first pattern that matches names the screen.
  myEvents: '/events/my-events',
  liveRecordings: '/events/recordings',
  archivedEvents: '/events/archived-events',
  liveEvent: '/events/:slug',
  publicList: '/lists/:id',
  about: '/about',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
  impressum: '/impressum',
  career: '/career',
  careerVacancy: '/career/:id',
  broadcast: '/broadcast-services',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * The landing variant's small public page set (spec: accounts §1, §2): the landing dashboard, the
 * videos and a video (its landing download), tag landings, plans and paying, the account pages and
 * the landing profile menu's screens (my content, profile, members), and the site's content pages.
 * Every other screen is not found there (HTTP 404), as a path that matches none.
 */
export const LANDING_ROUTES: readonly RouteName[] = [
  'dashboard',
  'oldBrowsers',
  'serverError',
  'signin',
  'signinDeactivated',
  'signup',
  'checkEmail',
  'alreadyConfirmed',
  'joinTeam',
  'finalStep',
  'restorePassword',
  'restorePasswordCheckEmail',
  'newPassword',
  'newPasswordChanged',
  'accountLocked',
  'unlock',
  'accountTransfer',
  'user',
  'userProfile',
  'userMembers',
  'userMember',
  'myContent',
  'plans',
  'planRequestEnterprise',
  'planRequestRegional',
  'payment',
  'paymentProcessing',
  'videos',
  'videosFiltered',
  'video',
  'search',
  'tagLanding',
  'about',
  'termsOfService',
  'privacyPolicy',
  'cookiePolicy',
  'impressum',
];

/** Whether a screen exists on a site variant: every screen on the standard and Russian sites, the landing set on the landing site. */
export function screenOnVariant(route: RouteName, variant: 'standard' | 'landing' | 'ru'): boolean {
  return variant !== 'landing' || LANDING_ROUTES.includes(route);
}

/** Screens that need a signed-in user; signed out, they send the visitor to sign-in (spec: accounts §2). */
export const PRIVATE_ROUTES: readonly RouteName[] = [
  'user',
  'userProfile',
  'userPlanDetails',
  'userBillingSettings',
  'userPlanning',
  'purchaseHistory',
  'purchaseReceipt',
  'userMembers',
  'userMember',
  'userLimits',
  'userIntegrations',
  'myContent',
  'myLists',
  'myList',
  'savedSearches',
  'myEvents',
  'payment',
  'paymentProcessing',
];

/**
 * Paths the menus link to. Screens that a later feature builds are listed here before they exist;
 * the menus show an item only once its path matches a screen of ROUTES (web layout/menus.ts).
 */
export const LINKS = {
  videos: '/videos',
  videoCategory: (slug: string) => `/videos/category/${slug}`,
  videoFilter: (kind: string, name: string) => `/videos/${kind}/${encodeURIComponent(name)}`,
  video: (slug: string) => `/videos/${encodeURIComponent(slug)}`,
  tagLanding: (slug: string) => `/landing/${encodeURIComponent(slug)}`,
  search: '/search',
  events: '/events',
  myEvents: '/events/my-events',
  liveRecordings: '/events/recordings',
  archivedEvents: '/events/archived-events',
  liveEvent: (slug: string) => `/events/${encodeURIComponent(slug)}`,
  plans: '/plans',
  planRequest: (name: 'enterprise' | 'regional') => `/plans/request-${name}`,
  payment: (type: 'video' | 'subscription' | 'top-up' | 'apply-for-pass') => `/payment/${type}`,
  myContent: '/user/my-content',
  about: '/about',
  career: '/career',
  broadcast: '/broadcast-services',
  signin: '/signin',
  signup: '/signup',
  profile: '/user/profile',
  planDetails: '/user/plan-details',
  billingSettings: '/user/billing-settings',
  purchaseHistory: '/user/purchase-history',
  myLists: '/user/my-lists',
  myList: (id: string) => `/user/my-lists/${encodeURIComponent(id)}`,
  savedSearches: '/user/saved-searches',
  publicList: (id: string) => `/lists/${encodeURIComponent(id)}`,
  members: '/user/members',
  member: (id: number) => `/user/members/${id}`,
  userLimits: '/user/user-limits',
  integrations: '/user/integrations',
  planning: '/user/planning',
  impressum: '/impressum',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
} as const;

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Matches a path (without locale prefix and query) against a pattern with `:param` segments. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = segments(pattern);
  const have = segments(path);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export function matchRoute(path: string): RouteName | null {
  const clean = path.split(/[?#]/)[0] ?? '/';
  for (const [name, pattern] of Object.entries(ROUTES) as [RouteName, string][]) {
    if (matchPattern(pattern, clean)) return name;
  }
  return null;
}
