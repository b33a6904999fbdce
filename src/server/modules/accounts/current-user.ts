import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { CurrentUser, Profile } from '../../../common/accounts.ts';
import type { Db } from '../../db/client.ts';
import { agreementSummary, type AgreementsContext } from '../agreements/service.ts';
import { acceptedReleaseNotes, companies, termsVersions, users } from './schema.ts';
import type { UserRow } from './sessions.ts';

export async function latestTermsVersion(db: Db): Promise<number | null> {
  const [row] = await db.select({ version: termsVersions.version }).from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
  return row?.version ?? null;
}

/**
 * The current user as the spec lists it (accounts §3), plus has_limit_agreements; the agreement
 * fields come from the agreements in force; members_count counts the company's other users.
 */
export async function currentUserView(ctx: AgreementsContext, user: UserRow): Promise<CurrentUser> {
  const { db } = ctx;
  const [company] = user.companyId ? await db.select().from(companies).where(eq(companies.id, user.companyId)) : [];
  const [members] = user.companyId
    ? await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, user.companyId), ne(users.id, user.id)))
    : [{ n: 0 }];
  const accepted = await db
    .select({ id: acceptedReleaseNotes.releaseNoteId, at: acceptedReleaseNotes.acceptedAt })
    .from(acceptedReleaseNotes)
    .where(eq(acceptedReleaseNotes.userId, user.id));
  const latestTerms = await latestTermsVersion(db);
  const agreements = await agreementSummary(ctx, user);

  return {
    id: user.id,
    email: user.email,
    country_id: user.countryId,
    company: company ? { country_id: company.countryId, vat_id: company.vatId, has_no_vat: company.hasNoVat } : null,
    time_zone: user.timeZone,
    user_group: user.userGroup,
    admin_group: user.adminGroup ?? null,
    members_count: Number(members?.n ?? 0),
    only_one_off: agreements.only_one_off,
    terms_accepted: latestTerms === null || (user.termsAcceptedVersion ?? 0) >= latestTerms,
    accepted_release_notes: Object.fromEntries(accepted.map((row) => [String(row.id), row.at.toISOString()])),
    agreement_types: agreements.agreement_types,
    has_limit_agreements: agreements.has_limit_agreements,
  };
}

export function profileView(user: UserRow): Profile {
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    country_id: user.countryId,
    company_name: user.companyName,
    tvu_email: user.tvuEmail,
    notification_locale: user.notificationLocale,
    time_zone: user.timeZone,
    live_event_notifications: user.liveEventNotifications,
    video_branding_notifications: user.videoBrandingNotifications,
    newsletter: user.newsletter,
    newsletter_popup_shown_at: user.newsletterPopupShownAt?.toISOString() ?? null,
    ftp: { server: user.ftpServer, username: user.ftpUsername, password_set: user.ftpPasswordEncrypted !== null },
  };
}
