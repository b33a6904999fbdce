import type { DeskRole } from '../../common/desk-roles.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RELEASE_NOTE_ACCOUNTS, TERMS_V1 } from '../modules/accounts/data/terms.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { companies, releaseNotes, users } from '../modules/accounts/schema.ts';
import { seedDemoAgreements } from '../modules/agreements/seed.ts';
import { seedDemoPayments } from '../modules/payments/seed.ts';
import { alerts } from '../modules/alerts/schema.ts';
import { seedDemoCatalogue } from '../modules/catalogue/seed.ts';
import { DEMO_LIVE_SLUG, seedDemoLiveEvents } from '../modules/live/seed.ts';
import { seedDemoVacancies } from './careers.ts';
import { seedDemoBroadcast } from './broadcast.ts';
import { countries } from '../modules/reference/schema.ts';

/** The password of every demo account (README lists the accounts). */
export const DEMO_PASSWORD = 'Newsreel2026';

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  company?: string;
  companyRole?: 'master' | 'member';
  userGroup: 'client' | 'customer' | 'other';
  isAdmin?: boolean;
  deskRoles?: DeskRole[];
  /** A client supervisor (spec: accounts §2) follows the client group's account without its own mix of content. */
  adminGroup?: 'client_supervisor';
  /** Moved over from the earlier platform without a password: it chooses one on the account-transfer page. */
  notMigrated?: true;
};

/** One account per role of the spec (visitor aside); see README "Demo accounts". */
export const DEMO_USERS: DemoUser[] = [
  { email: 'user@newsreel.example', firstName: 'Rita', lastName: 'Registered', country: 'GB', userGroup: 'other' },
  {
    email: 'subscriber@newsreel.example',
    firstName: 'Sam',
    lastName: 'Subscriber',
    country: 'ES',
    company: 'Canal Sur Noticias',
    companyRole: 'master',
    userGroup: 'customer',
  },
  {
    email: 'master@newsreel.example',
    firstName: 'Marta',
    lastName: 'Master',
    country: 'DE',
    company: 'Rheinland TV',
    companyRole: 'master',
    userGroup: 'customer',
  },
  {
    email: 'member@newsreel.example',
    firstName: 'Max',
    lastName: 'Member',
    country: 'DE',
    company: 'Rheinland TV',
    companyRole: 'member',
    userGroup: 'customer',
  },
  {
    email: 'admin@newsreel.example',
    firstName: 'Ada',
    lastName: 'Admin',
    country: 'GB',
    userGroup: 'other',
    isAdmin: true,
    deskRoles: ['admin'],
  },
  // A second admin: the newsroom desk (editor and live) that posts alerts (its browser tests run beside the admin's own).
  {
    email: 'newsroom@newsreel.example',
    firstName: 'Nina',
    lastName: 'Newsroom',
    country: 'GB',
    userGroup: 'other',
    isAdmin: true,
    deskRoles: ['editor', 'live'],
  },
  // The business desk: plan requests, refunds, inboxes (also the address sales notices go to).
  {
    email: 'sales@newsreel.example',
    firstName: 'Sam',
    lastName: 'Sales',
    country: 'GB',
    userGroup: 'other',
    isAdmin: true,
    deskRoles: ['sales'],
  },
  {
    email: 'client@newsreel.example',
    firstName: 'Chris',
    lastName: 'Client',
    country: 'FR',
    company: 'Agence Client',
    companyRole: 'master',
    userGroup: 'client',
  },
  {
    email: 'supervisor@newsreel.example',
    firstName: 'Sasha',
    lastName: 'Supervisor',
    country: 'FR',
    userGroup: 'client',
    adminGroup: 'client_supervisor',
  },
  {
    email: 'transfer@newsreel.example',
    firstName: 'Tom',
    lastName: 'Transfer',
    country: 'IE',
    userGroup: 'other',
    notMigrated: true,
  },
];

/**
 * Demo data for the embedded default (never run silently against a configured database).
 * Idempotent: existing accounts are left as they are.
 */
export async function seedDemoData(db: Db): Promise<void> {
  const now = new Date();
  // Hashed only when a demo user is missing: argon2 costs a warm start a fifth of a second for nothing.
  let hashed: Promise<string> | undefined;
  const passwordHash = () => (hashed ??= hashPassword(DEMO_PASSWORD));
  const companyIds = new Map<string, number>();
  for (const demo of DEMO_USERS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) continue;
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, demo.country));
    let companyId: number | null = null;
    if (demo.company) {
      companyId = companyIds.get(demo.company) ?? null;
      if (!companyId) {
        const [company] = await db
          .insert(companies)
          .values({ name: demo.company, countryId: country?.id ?? null, createdAt: now })
          .returning();
        companyId = company?.id ?? null;
        if (companyId) companyIds.set(demo.company, companyId);
      }
    }
    await db.insert(users).values({
      email: demo.email,
      passwordHash: demo.notMigrated ? null : await passwordHash(),
      firstName: demo.firstName,
      lastName: demo.lastName,
      countryId: country?.id ?? null,
      companyId,
      companyRole: demo.companyRole ?? null,
      companyName: demo.company ?? '',
      notACompany: !demo.company,
      userGroup: demo.userGroup,
      isAdmin: demo.isAdmin ?? false,
      deskRoles: demo.deskRoles ?? [],
      adminGroup: demo.adminGroup ?? null,
      termsAcceptedVersion: TERMS_V1.version,
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  const [note] = await db.select({ id: releaseNotes.id }).from(releaseNotes).limit(1);
  if (!note) await db.insert(releaseNotes).values({ published: true, publishedAt: now, ...RELEASE_NOTE_ACCOUNTS });
  await seedDemoCatalogue(db, now);
  await seedDemoLiveEvents(db, now);
  await seedDemoAlerts(db, now);
  await seedDemoAgreements(db, now);
  await seedDemoPayments(db, now);
  await seedDemoVacancies(db, now);
  await seedDemoBroadcast(db, now);
}

/** One alert bar of each kind; the yellow one leads to the demo's live event. */
export async function seedDemoAlerts(db: Db, now: Date) {
  const [existing] = await db.select({ id: alerts.id }).from(alerts).limit(1);
  if (existing) return;
  await db.insert(alerts).values([
    {
      title: 'Live: press conference on the flood relief plan',
      alertType: 'yellow',
      targetLinkTo: 'live_event',
      liveEventExtid: DEMO_LIVE_SLUG,
      createdAt: now,
      updatedAt: now,
    },
    {
      title: 'Breaking: earthquake footage now available',
      alertType: 'red',
      targetLinkTo: 'custom',
      customUrl: '/videos',
      createdAt: now,
      updatedAt: now,
    },
  ]);
}
