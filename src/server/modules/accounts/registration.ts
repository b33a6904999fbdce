import { eq } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../common/accounts.ts';
import type { z } from 'zod';
import type { confirmationBodySchema, signUpSchema } from '../../../common/accounts.ts';
import type { Locale } from '../../../common/locales.ts';
import type { ServiceContext } from '../../context.ts';
import { countries } from '../reference/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { consume, countEvent, type RateLimit } from '../security/rate-limit.ts';
import { accountErrors } from './errors.ts';
import { latestTermsVersion } from './current-user.ts';
import { recordMarketingOptIn } from './marketing.ts';
import { hashPassword } from './passwords.ts';
import { companies, users } from './schema.ts';
import { createSession, type UserRow } from './sessions.ts';
import { findToken, isUsable, issueToken, useToken } from './tokens.ts';
import { findUserByEmail } from './sign-in.ts';

const DAY = 24 * 3600 * 1000;
export const SIGN_UPS_PER_ADDRESS: RateLimit = { name: 'sign_ups', limit: 20, windowSeconds: 3600 };
export const RESENDS_PER_ADDRESS: RateLimit = { name: 'confirmation_resends', limit: 10, windowSeconds: 3600 };
export const RESENDS_PER_USER: RateLimit = { name: 'confirmation_resends_user', limit: 5, windowSeconds: 3600 };
export const EMAIL_CHECKS_PER_ADDRESS: RateLimit = { name: 'email_checks', limit: 30, windowSeconds: 600 };

type Links = { base: string };
type Client = { ip: string; userAgent: string | undefined };

export async function sendConfirmation(
  ctx: Pick<ServiceContext, 'clock' | 'mailer'>,
  tx: ServiceContext['db'],
  user: UserRow,
  links: Links,
) {
  const now = ctx.clock.now();
  const token = await issueToken(tx, { userId: user.id, kind: 'confirmation', now, ttlMs: ACCOUNT_LIMITS.confirmationTokenDays * DAY });
  const link = `${links.base}/${user.profileLocale}/final-step?confirmation_token=${token}`;
  await ctx.mailer.enqueue(tx, renderMail('confirmation', user.profileLocale, user.email, { link }));
}

/** Sign-up (spec: accounts §2, §5): an unconfirmed account and a confirmation e-mail. */
export async function signUp(ctx: ServiceContext, input: z.infer<typeof signUpSchema>, locale: Locale, client: Client, links: Links) {
  const now = ctx.clock.now();
  await consume(ctx.db, SIGN_UPS_PER_ADDRESS, client.ip, now);
  if (await findUserByEmail(ctx, input.email)) throw accountErrors.emailTaken();
  const profileLocale = input.profile_locale ?? locale;
  const terms = await latestTermsVersion(ctx.db);
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        newsletter: input.newsletter_notify,
        isLandingUser: input.is_landing_user,
        externalLandingId: input.is_landing_user ? (input.external_landing_id ?? null) : null,
        profileLocale,
        notificationLocale: profileLocale,
        // Ticking the box at sign-up is accepting the current terms of service.
        termsAcceptedVersion: terms,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw accountErrors.emailTaken();
    await sendConfirmation(ctx, tx, created, links);
    return created;
  });
  ctx.mailer.kick();
  return { id: user.id, email: user.email };
}

/** What a confirmation link stands for: its address, and whether it was already used to confirm. */
export async function checkConfirmationToken(ctx: ServiceContext, raw: string) {
  const now = ctx.clock.now();
  const token = await findToken(ctx.db, 'confirmation', raw);
  if (!token) throw accountErrors.tokenInvalid();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, token.userId));
  if (!user) throw accountErrors.tokenInvalid();
  if (user.confirmedAt) return { email: user.email, confirmed: true };
  if (!isUsable(token, now)) throw accountErrors.tokenInvalid();
  return { email: user.email, confirmed: false };
}

/** The unconfirmed account a (possibly expired) confirmation link belongs to, to send a new one. */
export async function unconfirmedUser(ctx: ServiceContext, raw: string) {
  const token = await findToken(ctx.db, 'confirmation', raw);
  const [user] = token ? await ctx.db.select().from(users).where(eq(users.id, token.userId)) : [];
  if (!user || user.confirmedAt) throw accountErrors.tokenInvalid();
  return { id: user.id, email: user.email };
}

/**
 * Sends the confirmation again; answers the same, in the same time, whether or not there was
 * anything to send: only the address's budget is counted before answering.
 */
export async function resendConfirmation(ctx: ServiceContext, who: { email: string } | { id: number }, client: Client, links: Links) {
  const now = ctx.clock.now();
  await consume(ctx.db, RESENDS_PER_ADDRESS, client.ip, now);
  ctx.background.run('confirmation resend', async () => {
    const [user] = await ctx.db
      .select()
      .from(users)
      .where('email' in who ? eq(users.email, who.email) : eq(users.id, who.id));
    if (!user || user.confirmedAt) return;
    if ((await countEvent(ctx.db, RESENDS_PER_USER, String(user.id), now)) > RESENDS_PER_USER.limit) return;
    await ctx.db.transaction((tx) => sendConfirmation(ctx, tx, user, links));
    ctx.mailer.kick();
  });
}

export async function checkEmail(ctx: ServiceContext, email: string, client: Client) {
  await consume(ctx.db, EMAIL_CHECKS_PER_ADDRESS, client.ip, ctx.clock.now());
  return { email, available: !(await findUserByEmail(ctx, email)) };
}

/**
 * The final step (spec: accounts §2 join-team / final-step): profile and password; the account is
 * confirmed and signed in. A company is created unless the user said they are not one.
 */
export async function confirmAccount(ctx: ServiceContext, input: z.infer<typeof confirmationBodySchema>['user'], client: Client) {
  const now = ctx.clock.now();
  const token = await findToken(ctx.db, 'confirmation', input.confirmation_token);
  if (!isUsable(token, now)) throw accountErrors.tokenInvalid();
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id));
  if (!country) throw accountErrors.unknownCountry();
  const passwordHash = await hashPassword(input.password);

  const user = await ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, token, now))) throw accountErrors.tokenInvalid();
    const [current] = await tx.select().from(users).where(eq(users.id, token.userId));
    if (!current || current.confirmedAt) throw accountErrors.tokenInvalid();
    let companyId = current.companyId;
    // An invitee joins as the member they were invited as; whoever names a new company runs it.
    let companyRole = current.companyRole;
    if (!companyId && !input.not_a_company) {
      companyRole = 'master';
      const [company] = await tx
        .insert(companies)
        .values({ name: input.company_name, countryId: input.country_id, createdAt: now })
        .returning();
      companyId = company?.id ?? null;
    }
    const [updated] = await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        phoneNumber: input.phone_number,
        countryId: input.country_id,
        notificationLocale: input.notification_locale,
        companyName: input.not_a_company ? '' : input.company_name,
        notACompany: input.not_a_company,
        promoCode: input.promo_code,
        companyId,
        companyRole,
        passwordHash,
        confirmedAt: now,
        // The final step signs the new account in: its first sign-in.
        lastSignInAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, current.id))
      .returning();
    if (!updated) throw accountErrors.tokenInvalid();
    if (updated.newsletter) await recordMarketingOptIn(tx, updated, now, 'sign_up');
    return updated;
  });
  const session = await createSession(ctx.db, { userId: user.id, now, ip: client.ip, userAgent: client.userAgent });
  return { user, session };
}
