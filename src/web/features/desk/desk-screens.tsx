import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import type { DeskRouteName } from '../../../common/desk-routes.ts';
import { loadSections } from '../../lib/i18n.ts';

type Screen = LazyExoticComponent<ComponentType>;

const screenOf = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Screen =>
  lazyRetry(() => load().then((module) => ({ default: pick(module) })));

/** A live desk screen loads with its texts (the deskLive section). */
function liveDesk<M>(screen: Promise<M>): Promise<M> {
  return Promise.all([screen, loadSections(['deskLive'])]).then(([module]) => module);
}

/** A careers desk screen loads with its texts (the deskCareers section). */
function careersDesk<M>(screen: Promise<M>): Promise<M> {
  return Promise.all([screen, loadSections(['deskCareers'])]).then(([module]) => module);
}

/**
 * One lazily loaded screen per desk route of src/common/desk-routes.ts; the type makes sure none is
 * missing. Each desk feature adds its screens here and in DESK_ROUTES.
 */
export const DESK_SCREENS: Record<DeskRouteName, Screen> = {
  deskHome: screenOf(
    () => import('./home-page.tsx'),
    (m) => m.DeskHomePage,
  ),
  deskStaff: screenOf(
    () => import('./staff-page.tsx'),
    (m) => m.StaffPage,
  ),
  deskAudit: screenOf(
    () => import('./audit-page.tsx'),
    (m) => m.AuditPage,
  ),
  deskUploads: screenOf(
    () => Promise.all([import('./ingest/upload-page.tsx'), loadSections(['deskIngest'])]).then(([m]) => m),
    (m) => m.UploadPage,
  ),
  deskContent: screenOf(
    () => Promise.all([import('./content/list-page.tsx'), loadSections(['deskContent'])]).then(([module]) => module),
    (m) => m.ContentListPage,
  ),
  deskContentItem: screenOf(
    () => Promise.all([import('./content/item-page.tsx'), loadSections(['deskContent'])]).then(([module]) => module),
    (m) => m.ContentItemPage,
  ),
  deskLive: screenOf(
    () => liveDesk(import('./live/events-page.tsx')),
    (m) => m.LiveEventsPage,
  ),
  deskLiveNew: screenOf(
    () => liveDesk(import('./live/new-event-page.tsx')),
    (m) => m.NewLiveEventPage,
  ),
  deskLiveEvent: screenOf(
    () => liveDesk(import('./live/event-page.tsx')),
    (m) => m.LiveEventPage,
  ),
  deskAlerts: screenOf(
    () => liveDesk(import('./live/alerts-page.tsx')),
    (m) => m.AlertsPage,
  ),
  deskBanners: screenOf(
    () => liveDesk(import('./live/banners-page.tsx')),
    (m) => m.BannersPage,
  ),
  deskClientErrors: screenOf(
    () => import('./client-errors-page.tsx'),
    (m) => m.ClientErrorsPage,
  ),
  deskChats: screenOf(
    () => import('./chats/chats-page.tsx'),
    (m) => m.ChatsPage,
  ),
  deskChat: screenOf(
    () => import('./chats/chats-page.tsx'),
    (m) => m.ChatsPage,
  ),
  deskPassApplications: screenOf(
    () => import('./pass-applications-page.tsx'),
    (m) => m.PassApplicationsPage,
  ),
  deskCustomers: screenOf(
    () => import('./customers/customers-page.tsx'),
    (m) => m.CustomersPage,
  ),
  deskCustomer: screenOf(
    () => Promise.all([import('./customers/customer-page.tsx'), loadSections(['planDetails'])]).then(([m]) => m),
    (m) => m.CustomerPage,
  ),
  deskPlanRequests: screenOf(
    () => Promise.all([import('./plan-requests-page.tsx'), loadSections(['planDetails'])]).then(([m]) => m),
    (m) => m.PlanRequestsPage,
  ),
  deskReports: screenOf(
    () => Promise.all([import('./reports/reports-page.tsx'), loadSections(['deskReports', 'planDetails'])]).then(([m]) => m),
    (m) => m.ReportsPage,
  ),
  deskPayments: screenOf(
    () => import('./payments-page.tsx'),
    (m) => m.PaymentsPage,
  ),
  deskInbox: screenOf(
    () => import('./inbox/inbox-page.tsx'),
    (m) => m.InboxPage,
  ),
  deskSite: screenOf(
    () => Promise.all([import('./site/site-page.tsx'), loadSections(['deskSite'])]).then(([m]) => m),
    (m) => m.SitePage,
  ),
  deskCareers: screenOf(
    () => careersDesk(import('./careers/applications-page.tsx')),
    (m) => m.ApplicationsPage,
  ),
  deskVacancies: screenOf(
    () => careersDesk(import('./careers/vacancies-page.tsx')),
    (m) => m.VacanciesPage,
  ),
  deskVacancyNew: screenOf(
    () => careersDesk(import('./careers/vacancy-page.tsx')),
    (m) => m.VacancyPage,
  ),
  deskVacancy: screenOf(
    () => careersDesk(import('./careers/vacancy-page.tsx')),
    (m) => m.VacancyPage,
  ),
};

/** The desk's menu, in order: each item shows only to staff holding its screen's role. */
export const DESK_MENU: readonly { name: DeskRouteName; label: string }[] = [
  { name: 'deskHome', label: 'desk.menu.home' },
  { name: 'deskContent', label: 'desk.menu.content' },
  { name: 'deskUploads', label: 'desk.menu.uploads' },
  { name: 'deskLive', label: 'desk.menu.live' },
  { name: 'deskAlerts', label: 'desk.menu.alerts' },
  { name: 'deskBanners', label: 'desk.menu.banners' },
  { name: 'deskCustomers', label: 'desk.menu.customers' },
  { name: 'deskPlanRequests', label: 'desk.menu.planRequests' },
  { name: 'deskPayments', label: 'desk.menu.payments' },
  { name: 'deskInbox', label: 'desk.menu.inbox' },
  { name: 'deskReports', label: 'desk.menu.reports' },
  { name: 'deskSite', label: 'desk.menu.site' },
  { name: 'deskCareers', label: 'desk.menu.careers' },
  { name: 'deskPassApplications', label: 'desk.menu.passApplications' },
  { name: 'deskStaff', label: 'desk.menu.staff' },
  { name: 'deskChats', label: 'desk.menu.chats' },
  { name: 'deskAudit', label: 'desk.menu.audit' },
  { name: 'deskClientErrors', label: 'desk.menu.clientErrors' },
];
