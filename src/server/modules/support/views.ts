import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DeskConversationSummary, MyConversation, SupportMessage } from '../../../common/support.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/schema.ts';
import { assigneeView } from '../business/inbox.ts';
import { type supportConversations, supportMessages } from './schema.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

export const messageView = (message: MessageRow, staffName: string | null): SupportMessage => ({
  id: message.id,
  author: message.author,
  staff_name: message.author === 'staff' ? staffName : null,
  body: message.body,
  created_at: message.createdAt.toISOString(),
});

/** A conversation's messages, oldest first, with the first name of each staff member who replied. */
export async function messagesOf(db: Db, conversationId: number): Promise<SupportMessage[]> {
  const rows = await db
    .select({ message: supportMessages, staffName: users.firstName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.staffId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(supportMessages.id);
  return rows.map(({ message, staffName }) => messageView(message, staffName ?? null));
}

/** Staff replies after the customer's read marker. */
export async function unreadCount(db: Db, conversation: ConversationRow): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversation.id),
        eq(supportMessages.author, 'staff'),
        gt(supportMessages.id, conversation.customerReadMessageId),
      ),
    );
  return row?.count ?? 0;
}

export async function myConversationView(db: Db, conversation: ConversationRow): Promise<MyConversation> {
  return {
    id: conversation.id,
    status: conversation.status,
    unread_count: await unreadCount(db, conversation),
    messages: await messagesOf(db, conversation.id),
  };
}

/** The desk's rows for these conversations, in the order given: customer, last message, count. */
export async function deskSummaries(db: Db, conversations: ConversationRow[]): Promise<DeskConversationSummary[]> {
  if (conversations.length === 0) return [];
  const ids = conversations.map((conversation) => conversation.id);
  const userIds = conversations.flatMap((conversation) => (conversation.userId === null ? [] : [conversation.userId]));
  const [lastMessages, counts, customers] = await Promise.all([
    db
      .selectDistinctOn([supportMessages.conversationId])
      .from(supportMessages)
      .where(inArray(supportMessages.conversationId, ids))
      .orderBy(supportMessages.conversationId, desc(supportMessages.id)),
    db
      .select({ id: supportMessages.conversationId, count: sql<number>`count(*)::int` })
      .from(supportMessages)
      .where(inArray(supportMessages.conversationId, ids))
      .groupBy(supportMessages.conversationId),
    userIds.length
      ? db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
  ]);
  const holderIds = conversations.flatMap((conversation) => (conversation.assigneeId === null ? [] : [conversation.assigneeId]));
  const holders = holderIds.length ? await db.select().from(users).where(inArray(users.id, holderIds)) : [];
  return conversations.map((conversation) => {
    const last = lastMessages.find((message) => message.conversationId === conversation.id);
    const customer = customers.find((user) => user.id === conversation.userId);
    const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : '';
    const holder = holders.find((user) => user.id === conversation.assigneeId);
    return {
      id: conversation.id,
      kind: conversation.kind,
      status: conversation.status,
      unanswered: conversation.unanswered,
      customer: { user_id: conversation.userId, email: customer?.email ?? conversation.email, name: name || null },
      locale: conversation.locale,
      site_variant: conversation.siteVariant,
      last_message: {
        author: last?.author ?? 'customer',
        body: last?.body ?? '',
        created_at: (last?.createdAt ?? conversation.lastMessageAt).toISOString(),
      },
      messages_count: counts.find((count) => count.id === conversation.id)?.count ?? 0,
      created_at: conversation.createdAt.toISOString(),
      assignee: holder ? assigneeView(holder) : null,
      desk_note: conversation.deskNote,
    };
  });
}

export async function deskSummary(db: Db, conversation: ConversationRow): Promise<DeskConversationSummary> {
  const [summary] = await deskSummaries(db, [conversation]);
  if (!summary) throw new Error(`no summary of conversation ${conversation.id}`);
  return summary;
}
