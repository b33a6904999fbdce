import type { DeskRole } from './desk-roles.ts';
import { matchPattern } from './routes.ts';

/**
 * The desk's screens (ARCHITECTURE "Staff side"), as paths below `/{locale}`, each with the desk
 * role it needs (null: any staff). The desk's router builds its routes from these, its menu shows
 * what the signed-in staff member may open, and the server answers 404 for a desk path to anyone
 * who may not open it (src/server/web/spa.ts). Each desk feature adds its screens here.
 */
export const DESK_ROUTES = {
  deskHome: { path: '/desk', role: null },
  deskStaff: { path: '/desk/staff', role: 'admin' },
  deskAudit: { path: '/desk/audit', role: 'admin' },
  deskUploads: { path: '/desk/uploads', role: 'editor' },
  deskContent: { path: '/desk/content', role: 'editor' },
  deskContentItem: { path: '/desk/content/:id', role: 'editor' },
  deskLive: { path: '/desk/live', role: 'live' },
  // Before the event's own path, so `new` is not taken for an id.
  deskLiveNew: { path: '/desk/live/new', role: 'live' },
  deskLiveEvent: { path: '/desk/live/:id', role: 'live' },
  deskAlerts: { path: '/desk/alerts', role: 'live' },
  // The API lets editors curate banners too; the screen sits with the live desk (docs/decisions.md "Live desk").
  deskBanners: { path: '/desk/banners', role: 'live' },
  deskClientErrors: { path: '/desk/client-errors', role: 'admin' },
  deskChats: { path: '/desk/chats', role: 'sales' },
  deskChat: { path: '/desk/chats/:id', role: 'sales' },
  deskPassApplications: { path: '/desk/pass-applications', role: 'sales' },
  deskCustomers: { path: '/desk/customers', role: 'sales' },
  deskCustomer: { path: '/desk/customers/:id', role: 'sales' },
  deskPlanRequests: { path: '/desk/plan-requests', role: 'sales' },
  deskPayments: { path: '/desk/payments', role: 'sales' },
  deskInbox: { path: '/desk/inbox', role: 'sales' },
  deskReports: { path: '/desk/reports', role: 'sales' },
  deskSite: { path: '/desk/site', role: 'sales' },
  deskCareers: { path: '/desk/careers', role: 'sales' },
  deskVacancies: { path: '/desk/careers/vacancies', role: 'sales' },
  // Before the vacancy's own path, so `new` is not taken for an id.
  deskVacancyNew: { path: '/desk/careers/vacancies/new', role: 'sales' },
  deskVacancy: { path: '/desk/careers/vacancies/:id', role: 'sales' },
} as const satisfies Record<string, { path: string; role: DeskRole | null }>;

export type DeskRouteName = keyof typeof DESK_ROUTES;

export const isDeskPath = (path: string) => path === '/desk' || path.startsWith('/desk/');

/** The desk screen a path (without locale prefix and query) names, or null. */
export function matchDeskRoute(path: string): DeskRouteName | null {
  const clean = path.split(/[?#]/)[0] ?? '/';
  for (const [name, route] of Object.entries(DESK_ROUTES) as [DeskRouteName, { path: string }][])
    if (matchPattern(route.path, clean)) return name;
  return null;
}
