import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { localizedPath } from '../../../common/locales.ts';
import { SUPPORT_LIMITS } from '../../../common/support.ts';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { users } from '../accounts/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { supportConversations, supportMessages } from './schema.ts';

/**
 * A chat reply the customer has not read a minute after it came is e-mailed to them, once until they
 * read (markRead clears the mark). A customer online reads it in the widget, where it arrives in real
 * time, and gets no e-mail. The claim and the mails commit together, so a run done twice mails once.
 */
export async function mailUnreadReplies(deps: Pick<JobDeps, 'db' | 'clock' | 'mailer' | 'publicOrigin'>): Promise<{ mailed: number }> {
  const due = new Date(deps.clock.now().getTime() - SUPPORT_LIMITS.replyMailAfterSeconds * 1000);
  const mailed = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(supportConversations)
      .set({ customerMailed: true })
      .where(
        and(
          eq(supportConversations.kind, 'chat'),
          eq(supportConversations.customerMailed, false),
          gt(supportConversations.lastStaffMessageId, sql`${supportConversations.customerReadMessageId}`),
          lte(supportConversations.lastStaffMessageAt, due),
          sql`${supportConversations.userId} IS NOT NULL`,
        ),
      )
      .returning();
    for (const conversation of claimed) {
      if (conversation.userId === null) continue;
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, conversation.userId));
      const [reply] = await tx
        .select({ body: supportMessages.body })
        .from(supportMessages)
        .where(and(eq(supportMessages.conversationId, conversation.id), eq(supportMessages.author, 'staff')))
        .orderBy(desc(supportMessages.id))
        .limit(1);
      if (!user || !reply) continue;
      await deps.mailer.enqueue(
        tx,
        renderMail('support_reply_waiting', conversation.locale, user.email, {
          item: reply.body,
          link: `${deps.publicOrigin}${localizedPath('/', conversation.locale)}`,
        }),
      );
    }
    return claimed.length;
  });
  if (mailed > 0) deps.mailer.kick();
  return { mailed };
}

/** Every minute: an unread reply is e-mailed within two minutes of its coming. */
export const mailUnreadRepliesJob: JobDefinition = {
  queue: 'support.unread-replies',
  schedule: '* * * * *',
  expireInSeconds: 120,
  run: (deps) => mailUnreadReplies(deps),
};
