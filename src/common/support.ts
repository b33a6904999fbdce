import { z } from 'zod';
import { assigneeSchema, inboxQuerySchema } from './desk-inbox.ts';
import { MAX_ID, zod } from './validators.ts';

/**
 * Live chat and feedback (spec accounts §2 "Dialogs and overlays": a live-chat widget for signed-in
 * users; a feedback bubble with a support link on the Russian variant). One inbox at the desk holds
 * both: a signed-in customer's chat (one conversation each, reopened when they write again) and
 * each piece of feedback a visitor sends from the bubble (answered by e-mail).
 */

export const SUPPORT_LIMITS = {
  /** Characters of one message, after surrounding blanks are trimmed. */
  bodyMax: 2000,
  /** A customer's chat messages a minute. */
  messagesPerMinute: 20,
  /** Feedback a client address may send an hour. */
  feedbackPerHour: 5,
  /** A staff reply unread this long is e-mailed to the customer (once until they read). */
  replyMailAfterSeconds: 60,
} as const;

export const SUPPORT_KINDS = ['chat', 'feedback'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Control characters (C0, DEL, C1) other than the line feed, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
export const hasOnlyTextCharacters = (value: string) => !CONTROL_BUT_NEWLINE.test(value);

/**
 * A message: multi-line text, 1..2000 characters once trimmed; Windows line ends become line feeds,
 * any other control character is refused (a tab too: the desk and e-mail show text, not layout).
 */
export const messageBodySchema = z
  .string({ error: 'validation.required' })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, 'validation.required')
      .refine((text) => [...text].length <= SUPPORT_LIMITS.bodyMax, 'validation.max_length')
      .refine(hasOnlyTextCharacters, 'validation.control_characters'),
  );

/** POST /api/support/messages (the customer) and POST /api/desk/support/conversations/:id/messages (staff). */
export const supportMessageBodySchema = z.object({ body: messageBodySchema });
export type SupportMessageBody = z.input<typeof supportMessageBodySchema>;

/** POST /api/support/feedback: a visitor names a reply address; a signed-in user's own is used. */
export const feedbackBodySchema = z.object({ body: messageBodySchema, email: zod.email().optional() });
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const supportMessageSchema = z.object({
  id: z.number(),
  author: z.enum(['customer', 'staff']),
  /** The staff member's first name, for the customer to see who answered; null for the customer's own. */
  staff_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** The customer's conversation as the widget shows it. */
export const myConversationSchema = z.object({
  id: z.number(),
  status: z.enum(SUPPORT_STATUSES),
  /** Staff replies the customer has not read. */
  unread_count: z.number(),
  messages: z.array(supportMessageSchema),
});
export type MyConversation = z.infer<typeof myConversationSchema>;
export const myConversationResponseSchema = z.object({ conversation: myConversationSchema.nullable() });
export type MyConversationResponse = z.infer<typeof myConversationResponseSchema>;
export const sentMessageSchema = z.object({ conversation: myConversationSchema });
export const feedbackSentSchema = z.object({ id: z.number() });
export const readAnswerSchema = z.object({ unread_count: z.number() });

/** A row of the desk's inbox. */
export const deskConversationSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(SUPPORT_KINDS),
  status: z.enum(SUPPORT_STATUSES),
  /** The last message is the customer's: nobody has answered it yet. */
  unanswered: z.boolean(),
  customer: z.object({ user_id: z.number().nullable(), email: z.string(), name: z.string().nullable() }),
  locale: z.string(),
  site_variant: z.string(),
  last_message: z.object({ author: z.enum(['customer', 'staff']), body: z.string(), created_at: z.string() }),
  messages_count: z.number(),
  created_at: z.string(),
  // Who at the desk has it, and the desk's note (issue 29's inboxes).
  assignee: assigneeSchema.nullable(),
  desk_note: z.string(),
});
export type DeskConversationSummary = z.infer<typeof deskConversationSummarySchema>;

export const DESK_CONVERSATIONS_PAGE_SIZE = 50;

/** GET /api/desk/support/conversations: open first, unanswered first, then the latest message first. */
export const deskConversationsQuerySchema = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  q: zod.line(200).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_ID).optional(),
  assignee: inboxQuerySchema(SUPPORT_STATUSES).shape.assignee,
});
export type DeskConversationsQuery = z.infer<typeof deskConversationsQuerySchema>;
export const deskConversationsPageSchema = z.object({
  conversations: z.array(deskConversationSummarySchema),
  next_offset: z.number().nullable(),
});
export type DeskConversationsPage = z.infer<typeof deskConversationsPageSchema>;

export const deskConversationSchema = deskConversationSummarySchema.extend({ messages: z.array(supportMessageSchema) });
export type DeskConversation = z.infer<typeof deskConversationSchema>;

/** PUT /api/desk/support/conversations/:id/status: close or reopen. */
export const conversationStatusBodySchema = z.object({ status: z.enum(SUPPORT_STATUSES) });

/** What the customer's support channel carries: a message in their conversation, or its new status. */
export const supportChannelMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversation_id: z.number(), message: supportMessageSchema, unread_count: z.number() }),
  z.object({ type: z.literal('status'), conversation_id: z.number(), status: z.enum(SUPPORT_STATUSES) }),
]);
export type SupportChannelMessage = z.infer<typeof supportChannelMessageSchema>;

/** What the desk's support channel carries: a conversation that changed (a message, a reply, a status). */
export const deskSupportChannelMessageSchema = z.object({ type: z.literal('conversation'), conversation: deskConversationSummarySchema });
export type DeskSupportChannelMessage = z.infer<typeof deskSupportChannelMessageSchema>;
