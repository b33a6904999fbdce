import { and, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  DESK_CONVERSATIONS_PAGE_SIZE,
  type DeskConversation,
  type DeskConversationsPage,
  type DeskConversationsQuery,
  type SupportStatus,
} from '../../../common/support.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import { NotFound } from '../../http/errors.ts';
import type { AssignmentChange } from '../../../common/desk-inbox.ts';
import { users } from '../accounts/schema.ts';
import { assignItem, inboxFilters } from '../business/inbox.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { renderMail } from '../mail/templates.ts';
import { SUPPORT_YOUR_MESSAGE } from '../mail/support-texts.ts';
import { userStream } from '../realtime/channels.ts';
import { supportConversations, supportMessages } from './schema.ts';
import { tellDesk, type SupportContext } from './service.ts';
import { deskSummaries, deskSummary, messagesOf, messageView, unreadCount } from './views.ts';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const notFound = () => new NotFound({ code: 'conversation_not_found', message: 'No such conversation' });

/**
 * GET /api/desk/support/conversations: open before closed, unanswered before answered, then the
 * latest message first; filtered by status and by text (the customer's address or name, any message).
 */
export async function listConversations(
  ctx: Pick<SupportContext, 'db'>,
  actor: Actor,
  query: DeskConversationsQuery,
): Promise<DeskConversationsPage> {
  const filters: SQL[] = inboxFilters(
    { state: supportConversations.status, assigneeId: supportConversations.assigneeId },
    { state: query.status, assignee: query.assignee },
    actor,
  );
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(supportConversations.email, pattern),
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(users)
          .where(
            and(
              eq(users.id, supportConversations.userId),
              or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)),
            ),
          ),
      ),
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(supportMessages)
          .where(and(eq(supportMessages.conversationId, supportConversations.id), ilike(supportMessages.body, pattern))),
      ),
    );
    if (text) filters.push(text);
  }
  const offset = query.offset ?? 0;
  const rows = await ctx.db
    .select()
    .from(supportConversations)
    .where(and(...filters))
    .orderBy(
      sql`(${supportConversations.status} = 'open') desc`,
      desc(supportConversations.unanswered),
      desc(supportConversations.lastMessageAt),
      desc(supportConversations.id),
    )
    .limit(DESK_CONVERSATIONS_PAGE_SIZE + 1)
    .offset(offset);
  const page = rows.slice(0, DESK_CONVERSATIONS_PAGE_SIZE);
  return {
    conversations: await deskSummaries(ctx.db, page),
    next_offset: rows.length > DESK_CONVERSATIONS_PAGE_SIZE ? offset + DESK_CONVERSATIONS_PAGE_SIZE : null,
  };
}

async function conversationOf(ctx: Pick<SupportContext, 'db'>, id: number) {
  const [row] = await ctx.db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row) throw notFound();
  return row;
}

/** GET /api/desk/support/conversations/:id */
export async function readConversation(ctx: Pick<SupportContext, 'db'>, id: number): Promise<DeskConversation> {
  const conversation = await conversationOf(ctx, id);
  return { ...(await deskSummary(ctx.db, conversation)), messages: await messagesOf(ctx.db, id) };
}

/** PATCH /api/desk/support/conversations/:id: who at the desk has it, and the desk's note. */
export async function assignConversation(
  ctx: SupportContext,
  actor: Actor,
  id: number,
  change: AssignmentChange,
): Promise<DeskConversation> {
  if (!(await assignItem(ctx, actor, { table: supportConversations, subject: 'support_conversation', id }, change))) throw notFound();
  return readConversation(ctx, id);
}

/**
 * POST /api/desk/support/conversations/:id/messages: a staff reply, under the conversation's row
 * lock. A signed-in customer's chat hears it in real time (and by e-mail if it stays unread, see
 * reply-mails.ts); feedback has no widget to hear it, so its answer is e-mailed at once.
 */
export async function replyToConversation(ctx: SupportContext, actor: Actor, id: number, body: string): Promise<DeskConversation> {
  const now = ctx.clock.now();
  const { conversation, message, staffName } = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
    if (!locked) throw notFound();
    const [written] = await tx
      .insert(supportMessages)
      .values({ conversationId: id, author: 'staff', staffId: actor.userId, body, createdAt: now })
      .returning();
    if (!written) throw new Error('the reply was not written');
    const byMail = locked.kind === 'feedback' || locked.userId === null;
    const [updated] = await tx
      .update(supportConversations)
      .set({
        unanswered: false,
        lastMessageAt: now,
        lastStaffMessageId: written.id,
        lastStaffMessageAt: now,
        // Answered by e-mail now: the unread-reply mail has nothing left to say.
        ...(byMail ? { customerMailed: true, customerReadMessageId: written.id } : {}),
      })
      .where(eq(supportConversations.id, id))
      .returning();
    if (!updated) throw notFound();
    if (byMail)
      await ctx.mailer.enqueue(
        tx,
        renderMail('support_reply', locked.locale, locked.email, {
          item: body,
          facts: [{ label: SUPPORT_YOUR_MESSAGE[locked.locale], value: (await lastCustomerMessage(tx, id)) ?? '' }],
        }),
      );
    const [staff] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, actor.userId));
    await recordAudit(tx, actor, { action: 'support.reply', subject: 'support_conversation', subjectId: id, after: { body } }, now);
    return { conversation: updated, message: written, staffName: staff?.firstName ?? null };
  });
  ctx.mailer.kick();
  if (conversation.kind === 'chat' && conversation.userId !== null)
    ctx.broadcast(CHANNELS.support, userStream(conversation.userId), {
      type: 'message',
      conversation_id: id,
      message: messageView(message, staffName),
      unread_count: await unreadCount(ctx.db, conversation),
    });
  await tellDesk(ctx, conversation);
  return readConversation(ctx, id);
}

async function lastCustomerMessage(db: Pick<SupportContext['db'], 'select'>, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ body: supportMessages.body })
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, id), eq(supportMessages.author, 'customer')))
    .orderBy(desc(supportMessages.id))
    .limit(1);
  return row?.body;
}

/** PUT /api/desk/support/conversations/:id/status: close or reopen; the customer's widget hears it. */
export async function setConversationStatus(
  ctx: SupportContext,
  actor: Actor,
  id: number,
  status: SupportStatus,
): Promise<DeskConversation> {
  const now = ctx.clock.now();
  const conversation = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx.update(supportConversations).set({ status }).where(eq(supportConversations.id, id)).returning();
    if (!after) throw notFound();
    if (before.status !== status)
      await recordAudit(
        tx,
        actor,
        {
          action: status === 'closed' ? 'support.close' : 'support.reopen',
          subject: 'support_conversation',
          subjectId: id,
          before: { status: before.status },
          after: { status },
        },
        now,
      );
    return after;
  });
  if (conversation.kind === 'chat' && conversation.userId !== null)
    ctx.broadcast(CHANNELS.support, userStream(conversation.userId), { type: 'status', conversation_id: id, status });
  await tellDesk(ctx, conversation);
  return readConversation(ctx, id);
}
