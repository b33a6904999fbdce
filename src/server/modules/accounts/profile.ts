import { eq } from 'drizzle-orm';
import type { ProfileUpdate } from '../../../common/accounts.ts';
import type { ServiceContext } from '../../context.ts';
import { countries } from '../reference/schema.ts';
import { isKnownTimeZone } from '../reference/service.ts';
import { encrypt } from '../security/crypto.ts';
import { vetDeliveryServer } from '../downloads/ftp-delivery.ts';
import { accountErrors } from './errors.ts';
import { companies, users } from './schema.ts';
import type { UserRow } from './sessions.ts';

/** PATCH /api/current_user: profile fields, time zone and the company's VAT (spec: accounts §3, §7). */
export async function updateProfile(ctx: ServiceContext, user: UserRow, input: ProfileUpdate): Promise<UserRow> {
  const now = ctx.clock.now();
  if (input.country_id) {
    const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id));
    if (!country) throw accountErrors.unknownCountry();
  }
  if (input.time_zone && !isKnownTimeZone(input.time_zone)) throw accountErrors.unknownTimeZone();
  if (input.ftp_server) await vetDeliveryServer(ctx, input.ftp_server, 'ftp_server');

  return ctx.db.transaction(async (tx) => {
    const { company_attributes: companyInput, ftp_password: ftpPassword } = input;
    let companyId = user.companyId;
    if (companyInput) {
      const vat = companyInput.has_no_vat
        ? { vatId: null, hasNoVat: true }
        : { vatId: companyInput.vat_id ?? null, hasNoVat: companyInput.has_no_vat ?? false };
      if (companyId) await tx.update(companies).set(vat).where(eq(companies.id, companyId));
      else {
        const [company] = await tx
          .insert(companies)
          .values({ name: input.company_name ?? user.companyName, countryId: user.countryId, createdAt: now, ...vat })
          .returning({ id: companies.id });
        companyId = company?.id ?? null;
      }
    }
    const [updated] = await tx
      .update(users)
      .set({
        ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        ...(input.phone_number !== undefined ? { phoneNumber: input.phone_number } : {}),
        ...(input.country_id !== undefined ? { countryId: input.country_id } : {}),
        ...(input.company_name !== undefined ? { companyName: input.company_name } : {}),
        ...(input.tvu_email !== undefined ? { tvuEmail: input.tvu_email } : {}),
        ...(input.notification_locale !== undefined ? { notificationLocale: input.notification_locale } : {}),
        ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
        ...(input.live_event_notifications !== undefined ? { liveEventNotifications: input.live_event_notifications } : {}),
        ...(input.video_branding_notifications !== undefined ? { videoBrandingNotifications: input.video_branding_notifications } : {}),
        ...(input.newsletter !== undefined ? { newsletter: input.newsletter } : {}),
        ...(input.ftp_server !== undefined ? { ftpServer: input.ftp_server } : {}),
        ...(input.ftp_username !== undefined ? { ftpUsername: input.ftp_username } : {}),
        ...(ftpPassword !== undefined ? { ftpPasswordEncrypted: ftpPassword === '' ? null : encrypt(ftpPassword, ctx.secret) } : {}),
        companyId,
        // Whoever creates their company runs it (spec §6).
        ...(companyId !== user.companyId ? { companyRole: 'master' as const } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new Error(`user ${user.id} vanished during a profile update`);
    return updated;
  });
}
