import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../common/locales.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import type { SiteVariant } from '../../../common/site.ts';
import { SUPPORT_LIMITS, type MyConversation } from '../../../common/support.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid } from '../../http/errors.ts';
import { DESK_SUPPORT_STREAM } from '../realtime/channels.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { supportConversations, supportMessages } from './schema.ts';
import { deskSummary, myConversationView, type ConversationRow } from './views.ts';

export type SupportContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer' | 'broadcast'> & {
  /** Where e-mailed links point. */
  publicOrigin: string;
};

/** A customer's chat messages: 20 a minute (counted in the database, so across API processes). */
export const SUPPORT_MESSAGES: RateLimit = { name: 'support-messages', limit: SUPPORT_LIMITS.messagesPerMinute, windowSeconds: 60 };
/** Feedback from the bubble, visitors' too: 5 an hour from one client address. */
export const SUPPORT_FEEDBACK: RateLimit = { name: 'support-feedback', limit: SUPPORT_LIMITS.feedbackPerHour, windowSeconds: 3600 };

export type Customer = { id: number; email: string };
/** The language and site variant a customer writes from: reply e-mails speak and link to them. */
export type Origin = { locale: Locale; siteVariant: SiteVariant };

/** Tells the desk's inbox, in every process, that a conversation changed. */
export async function tellDesk(ctx: SupportContext, conversation: ConversationRow): Promise<void> {
  ctx.broadcast(CHANNELS.deskSupport, DESK_SUPPORT_STREAM, { type: 'conversation', conversation: await deskSummary(ctx.db, conversation) });
}

async function chatOf(ctx: Pick<SupportContext, 'db'>, userId: number): Promise<ConversationRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.userId, userId), eq(supportConversations.kind, 'chat')));
  return row;
}

/** GET /api/support/conversation: the customer's chat with its messages, or null before they first write. */
export async function myConversation(ctx: Pick<SupportContext, 'db'>, userId: number): Promise<MyConversation | null> {
  const conversation = await chatOf(ctx, userId);
  return conversation ? myConversationView(ctx.db, conversation) : null;
}

/**
 * POST /api/support/messages: counted against the customer's limit first; starts their chat, or adds
 * to it and reopens it when it was closed. One statement decides, so two first messages sent at once
 * make one conversation.
 */
export async function sendCustomerMessage(ctx: SupportContext, customer: Customer, origin: Origin, body: string): Promise<MyConversation> {
  const now = ctx.clock.now();
  await consume(ctx.db, SUPPORT_MESSAGES, String(customer.id), now);
  const conversation = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportConversations)
      .values({
        kind: 'chat',
        userId: customer.id,
        email: customer.email,
        locale: origin.locale,
        siteVariant: origin.siteVariant,
        createdAt: now,
        lastMessageAt: now,
      })
      .onConflictDoUpdate({
        target: supportConversations.userId,
        targetWhere: sql`${supportConversations.kind} = 'chat'`,
        set: {
          status: 'open',
          unanswered: true,
          email: customer.email,
          locale: origin.locale,
          siteVariant: origin.siteVariant,
          lastMessageAt: now,
        },
      })
      .returning();
    if (!row) throw new Error('the conversation was not written');
    await tx.insert(supportMessages).values({ conversationId: row.id, author: 'customer', body, createdAt: now });
    return row;
  });
  await tellDesk(ctx, conversation);
  return myConversationView(ctx.db, conversation);
}

/** POST /api/support/conversation/read: every staff reply so far is read; a later one may be e-mailed again. */
export async function markRead(ctx: Pick<SupportContext, 'db'>, userId: number): Promise<{ unread_count: number }> {
  await ctx.db
    .update(supportConversations)
    .set({ customerReadMessageId: sql`${supportConversations.lastStaffMessageId}`, customerMailed: false })
    .where(and(eq(supportConversations.userId, userId), eq(supportConversations.kind, 'chat')));
  return { unread_count: 0 };
}

/**
 * POST /api/support/feedback (the Russian variant's bubble, visitors too): counted against the
 * client address first; a visitor names where the answer goes, a signed-in user's own address is used.
 */
export async function sendFeedback(
  ctx: SupportContext,
  caller: { customer: Customer | null; ip: string },
  origin: Origin,
  input: { body: string; email?: string },
): Promise<{ id: number }> {
  const now = ctx.clock.now();
  const email = caller.customer?.email ?? input.email;
  if (!email) throw new Invalid({ code: 'required', message: 'A reply e-mail address is required', field: 'email' });
  await consume(ctx.db, SUPPORT_FEEDBACK, caller.ip, now);
  const conversation = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportConversations)
      .values({
        kind: 'feedback',
        userId: caller.customer?.id ?? null,
        email,
        locale: origin.locale,
        siteVariant: origin.siteVariant,
        createdAt: now,
        lastMessageAt: now,
      })
      .returning();
    if (!row) throw new Error('the feedback was not written');
    await tx.insert(supportMessages).values({ conversationId: row.id, author: 'customer', body: input.body, createdAt: now });
    return row;
  });
  await tellDesk(ctx, conversation);
  return { id: conversation.id };
}
