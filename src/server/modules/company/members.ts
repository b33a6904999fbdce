import { and, count, eq, ne } from 'drizzle-orm';
import type { CompanyMember, Invitation } from '../../../common/company.ts';
import type { Locale } from '../../../common/locales.ts';
import { Conflict } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { deleteUserSessions, type UserRow } from '../accounts/sessions.ts';
import { issueToken } from '../accounts/tokens.ts';
import { renderMail } from '../mail/templates.ts';
import { userLimits } from './schema.ts';
import { invitationsOf, memberAccountsLimit, memberView, type CompanyContext, type CompanyRow } from './service.ts';

/** Where the e-mail's links point: appBaseUrl of the request, as for the accounts' e-mails. */
type MailLinks = { base: string };

const DAY_MS = 24 * 3600 * 1000;
/** An invitation's link works for 14 days, once. */
const INVITATION_DAYS = 14;

const ownersUntouchable = () => new Conflict({ code: 'owner_unchangeable', message: 'The master account cannot be changed here' });

/**
 * The invitation e-mail: its link to /{locale}/join-team, the final-step page, with a new single-use
 * token. The link's origin is the one every e-mail sent from a request has (http/app-url.ts).
 */
async function sendInvitation(
  ctx: CompanyContext,
  tx: Parameters<Parameters<CompanyContext['db']['transaction']>[0]>[0],
  invitee: UserRow,
  company: CompanyRow,
  locale: Locale,
  links: MailLinks,
) {
  const now = ctx.clock.now();
  const token = await issueToken(tx, { userId: invitee.id, kind: 'confirmation', now, ttlMs: INVITATION_DAYS * DAY_MS });
  await ctx.mailer.enqueue(
    tx,
    renderMail('team_invitation', locale, invitee.email, {
      company: company.name,
      link: `${links.base}/${locale}/join-team?confirmation_token=${token}`,
    }),
  );
}

/**
 * POST /api/current_user/company/members {email} (spec §4 Invitations): an account inside the
 * company waits for the invitee, who sets a password on /join-team. An address with an account of
 * its own is refused (docs/decisions.md "Company teams"). A pass's 2 member accounts are counted
 * under the company's row lock, so invitations sent at once never pass the limit.
 */
export async function invite(
  ctx: CompanyContext,
  inviter: UserRow,
  company: CompanyRow,
  email: string,
  locale: Locale,
  links: MailLinks,
): Promise<Invitation> {
  const now = ctx.clock.now();
  const inviteeId = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    if (existing?.companyId === company.id && existing.confirmedAt === null)
      throw new Conflict({ code: 'already_invited', message: 'This address is invited already', field: 'email' });
    if (existing) throw new Conflict({ code: 'already_registered', message: 'This address already has an account', field: 'email' });
    const limit = await memberAccountsLimit(tx, company.id, now);
    if (limit !== null) {
      const [members] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, company.id), ne(users.companyRole, 'master')));
      if ((members?.n ?? 0) >= limit)
        throw new Conflict({
          code: 'member_accounts_limit',
          message: `Your plan allows ${limit} member accounts`,
          meta: { limit: String(limit) },
        });
    }
    const [invitee] = await tx
      .insert(users)
      .values({
        email,
        companyId: company.id,
        companyRole: 'member',
        companyName: company.name,
        countryId: company.countryId,
        userGroup: inviter.userGroup,
        profileLocale: locale,
        notificationLocale: locale,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!invitee) throw new Error('the invitee was not created');
    await sendInvitation(ctx, tx, invitee, company, locale, links);
    return invitee.id;
  });
  ctx.mailer.kick();
  const [invitation] = await invitationsOf(ctx.db, company.id, inviteeId);
  if (!invitation) throw new Error('the invitation vanished');
  return invitation;
}

/** PATCH …/members/{id} {member}: activate or deactivate, the member's details, or the invitation again. */
export async function changeMember(
  ctx: CompanyContext,
  company: CompanyRow,
  member: UserRow,
  input: { active?: boolean; first_name?: string; last_name?: string; phone_number?: string; resend_invitation?: true },
  locale: Locale,
  links: MailLinks,
): Promise<CompanyMember | Invitation> {
  const now = ctx.clock.now();
  if (input.resend_invitation) {
    if (member.confirmedAt !== null) throw new Conflict({ code: 'not_an_invitation', message: 'This member has joined already' });
    await ctx.db.transaction((tx) => sendInvitation(ctx, tx, member, company, locale, links));
    ctx.mailer.kick();
    const [invitation] = await invitationsOf(ctx.db, company.id, member.id);
    if (!invitation) throw new Error('the invitation vanished');
    return invitation;
  }
  if (member.companyRole === 'master' && input.active === false) throw ownersUntouchable();
  const [updated] = await ctx.db
    .update(users)
    .set({
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.phone_number !== undefined ? { phoneNumber: input.phone_number } : {}),
      ...(input.active === false ? { deactivatedAt: member.deactivatedAt ?? now } : {}),
      ...(input.active === true ? { deactivatedAt: null } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, member.id))
    .returning();
  if (!updated) throw new Error('the member vanished');
  // Spec §4: a deactivated member's sessions and real-time connections end at once.
  if (input.active === false) {
    await deleteUserSessions(ctx.db, member.id);
    ctx.sessionsEnded({ userId: member.id });
  }
  return memberView(updated);
}

/**
 * DELETE …/members/{id}: an invitation is withdrawn (its account, never used, goes); a member
 * leaves the company and keeps their account; what they downloaded stays theirs in the history.
 */
export async function removeMember(ctx: CompanyContext, member: UserRow): Promise<void> {
  if (member.companyRole === 'master') throw ownersUntouchable();
  await ctx.db.transaction(async (tx) => {
    if (member.confirmedAt === null) {
      await tx.delete(users).where(eq(users.id, member.id));
      return;
    }
    await tx.delete(userLimits).where(eq(userLimits.userId, member.id));
    await tx.update(users).set({ companyId: null, companyRole: null, updatedAt: ctx.clock.now() }).where(eq(users.id, member.id));
  });
}
