import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookCreated,
  type WebhookEndpoint,
  type WebhookMessage,
} from '../../../common/webhooks.ts';
import type { WebhookEventType } from '../../../common/integration.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { companies, users } from '../accounts/schema.ts';
import { decrypt, encrypt, randomToken } from '../security/crypto.ts';
import { OutboundRefused, UNRESOLVED, type CheckedAddress, type OutboundPolicy } from '../security/outbound.ts';
import { webhookAttempts, webhookEndpoints, webhookMessages, type WebhookEndpointRow, type WebhookMessageRow } from './schema.ts';

/**
 * Webhook endpoints in the user area (issue 30): a company's master runs the company's, a user
 * without a company their own; a member is refused, and another owner's endpoint is not found.
 */
type Ctx = Pick<ServiceContext, 'db' | 'clock' | 'secret' | 'outbound' | 'jobs'>;

export const webhookErrors = {
  mastersOnly: () => new Forbidden({ code: 'webhooks_masters_only', message: "Webhooks are set up by the company's master" }),
  notFound: () => new NotFound({ code: 'webhook_not_found', message: 'No such webhook endpoint' }),
  messageNotFound: () => new NotFound({ code: 'webhook_message_not_found', message: 'No such webhook message' }),
  tooMany: () =>
    new Conflict({ code: 'webhooks_limit_reached', message: `At most ${WEBHOOK_LIMITS.perOwner} webhook endpoints; delete one first` }),
  urlInvalid: () => new Invalid({ code: 'webhook_url_invalid', field: 'url', message: 'Enter the endpoint as a full https:// address' }),
  httpsRequired: () => new Invalid({ code: 'webhook_url_https', field: 'url', message: 'The endpoint must use https://' }),
  disabled: () => new Conflict({ code: 'webhook_disabled', message: 'The endpoint is disabled; enable it first' }),
};

/** The owner of a caller's endpoints: their company (a master), or themselves (no company). */
export type WebhookOwner = { userId: number; companyId: number | null };

export function webhookOwnerOf(user: Pick<UserRow, 'id' | 'companyId' | 'companyRole'>): WebhookOwner {
  if (user.companyId && user.companyRole !== 'master') throw webhookErrors.mastersOnly();
  return { userId: user.id, companyId: user.companyId ?? null };
}

const ownedBy = (owner: WebhookOwner) =>
  owner.companyId
    ? eq(webhookEndpoints.companyId, owner.companyId)
    : and(isNull(webhookEndpoints.companyId), eq(webhookEndpoints.userId, owner.userId));

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The `webhook-id` of a message: unique, and the same on every attempt. */
export const newMessageId = () => `msg_${randomToken(18)}`;

/**
 * An endpoint's URL as the platform will call it: http(s) without credentials, and https unless the
 * outbound policy lets the address through by OUTBOUND_ALLOW (a partner's private line, the tests'
 * local peers). Checked when saved (422) and again at every send (`checkWebhookTarget`).
 */
export function parseWebhookUrl(text: string): URL {
  let target: URL;
  try {
    target = new URL(text);
  } catch {
    throw webhookErrors.urlInvalid();
  }
  if ((target.protocol !== 'https:' && target.protocol !== 'http:') || target.username || target.password || !target.hostname)
    throw webhookErrors.urlInvalid();
  target.hash = '';
  return target;
}

export const portOf = (target: URL) => Number(target.port || (target.protocol === 'https:' ? 443 : 80));

/** The policy's verdict on the URL, with plain http refused where the address is a public one. */
export async function checkWebhookTarget(policy: OutboundPolicy, target: URL): Promise<CheckedAddress> {
  const checked = await policy.check(target.hostname, portOf(target));
  if (target.protocol === 'http:' && checked.allowedBy !== 'allowance')
    throw new OutboundRefused(target.hostname, 'plain http to a public address');
  return checked;
}

async function vetWebhookUrl(policy: OutboundPolicy, text: string): Promise<string> {
  const target = parseWebhookUrl(text);
  try {
    await checkWebhookTarget(policy, target);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    if (error.reason === 'plain http to a public address') throw webhookErrors.httpsRequired();
    // A name that does not resolve now is kept (DNS may be down); it is checked again at each send.
    if (error.reason === UNRESOLVED) {
      if (target.protocol === 'http:') throw webhookErrors.httpsRequired();
      return target.toString();
    }
    throw new Invalid({ code: 'outbound_address_refused', field: 'url', message: error.message });
  }
  return target.toString();
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function attemptView(row: typeof webhookAttempts.$inferSelect): WebhookAttempt {
  return { id: row.id, status: row.status, latency_ms: row.latencyMs, excerpt: row.excerpt, created_at: row.createdAt.toISOString() };
}

async function endpointViews(ctx: Pick<Ctx, 'db'>, rows: WebhookEndpointRow[]): Promise<WebhookEndpoint[]> {
  const ids = rows.map((row) => row.id);
  const latest = new Map<number, WebhookAttempt>();
  if (ids.length) {
    const found = await ctx.db
      .selectDistinctOn([webhookMessages.endpointId], { endpointId: webhookMessages.endpointId, attempt: webhookAttempts })
      .from(webhookAttempts)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
      .where(inArray(webhookMessages.endpointId, ids))
      .orderBy(webhookMessages.endpointId, desc(webhookAttempts.id));
    for (const { endpointId, attempt } of found) latest.set(endpointId, attemptView(attempt));
  }
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    state: row.disabledAt ? 'disabled' : 'active',
    created_at: row.createdAt.toISOString(),
    last_attempt: latest.get(row.id) ?? null,
  }));
}

export async function listEndpoints(ctx: Ctx, user: UserRow): Promise<WebhookEndpoint[]> {
  const owner = webhookOwnerOf(user);
  const rows = await ctx.db.select().from(webhookEndpoints).where(ownedBy(owner)).orderBy(desc(webhookEndpoints.id));
  return endpointViews(ctx, rows);
}

/**
 * A new endpoint and its secret. The owner's row (the company, or the user) is locked while the
 * endpoints are counted and the new one inserted, so creates at once cannot pass the limit together.
 */
export async function createEndpoint(
  ctx: Ctx,
  user: UserRow,
  input: { url: string; description?: string | undefined; events: WebhookEventType[] },
): Promise<WebhookCreated> {
  const owner = webhookOwnerOf(user);
  const url = await vetWebhookUrl(ctx.outbound, input.url);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    if (owner.companyId) await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, owner.companyId)).for('update');
    else await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(ownedBy(owner));
    if ((held?.n ?? 0) >= WEBHOOK_LIMITS.perOwner) throw webhookErrors.tooMany();
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: owner.userId,
        companyId: owner.companyId,
        url,
        description: input.description ?? '',
        events: input.events,
        secretSealed: encrypt(secret, ctx.secret),
        createdAt: now,
      })
      .returning();
    return created!;
  });
  const [view] = await endpointViews(ctx, [row]);
  return { endpoint: view!, secret };
}

export async function ownEndpoint(ctx: Pick<Ctx, 'db'>, user: UserRow, id: number): Promise<WebhookEndpointRow> {
  const owner = webhookOwnerOf(user);
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)));
  if (!row) throw webhookErrors.notFound();
  return row;
}

/** The endpoint's secret, for its owner to read again (it is kept encrypted, as signing needs it). */
export async function endpointSecret(ctx: Ctx, user: UserRow, id: number): Promise<string> {
  return decrypt((await ownEndpoint(ctx, user, id)).secretSealed, ctx.secret);
}

export async function updateEndpoint(
  ctx: Ctx,
  user: UserRow,
  id: number,
  input: {
    url?: string | undefined;
    description?: string | undefined;
    events?: WebhookEventType[] | undefined;
    disabled?: boolean | undefined;
  },
): Promise<WebhookEndpoint> {
  const before = await ownEndpoint(ctx, user, id);
  const url = input.url !== undefined && input.url !== before.url ? await vetWebhookUrl(ctx.outbound, input.url) : undefined;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.disabled === true ? { disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, ${now.toISOString()}::timestamptz)` } : {}),
      ...(input.disabled === false ? { disabledAt: null } : {}),
    })
    .where(eq(webhookEndpoints.id, before.id))
    .returning();
  if (!row) throw webhookErrors.notFound();
  const [view] = await endpointViews(ctx, [row]);
  return view!;
}

/** Gone with its messages and their log. */
export async function deleteEndpoint(ctx: Ctx, user: UserRow, id: number): Promise<void> {
  const row = await ownEndpoint(ctx, user, id);
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

function messageView(row: WebhookMessageRow, attempts: WebhookAttempt[]): WebhookMessage {
  return {
    id: row.id,
    message_id: row.messageId,
    event_type: row.eventType,
    state: row.state,
    payload: row.payload,
    next_attempt_at: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
    attempts,
  };
}

/** The endpoint's log, newest first: each message with its attempts. */
export async function endpointMessages(
  ctx: Ctx,
  user: UserRow,
  id: number,
  before?: number,
): Promise<{ messages: WebhookMessage[]; more: boolean }> {
  const endpoint = await ownEndpoint(ctx, user, id);
  const rows = await ctx.db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.endpointId, endpoint.id), before ? lt(webhookMessages.id, before) : undefined))
    .orderBy(desc(webhookMessages.id))
    .limit(WEBHOOK_LIMITS.logPage + 1);
  const page = rows.slice(0, WEBHOOK_LIMITS.logPage);
  const attempts = new Map<number, WebhookAttempt[]>();
  if (page.length) {
    const found = await ctx.db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.messageId,
          page.map((row) => row.id),
        ),
      )
      .orderBy(desc(webhookAttempts.id));
    for (const attempt of found) attempts.set(attempt.messageId, [...(attempts.get(attempt.messageId) ?? []), attemptView(attempt)]);
  }
  return { messages: page.map((row) => messageView(row, attempts.get(row.id) ?? [])), more: rows.length > page.length };
}

/**
 * "Send again": the message is pending from now with a fresh schedule of attempts (its earlier
 * attempts stay in the log), and the sender is woken.
 */
export async function resendMessage(ctx: Ctx, user: UserRow, id: number, messageRowId: number): Promise<WebhookMessage> {
  const endpoint = await ownEndpoint(ctx, user, id);
  if (endpoint.disabledAt) throw webhookErrors.disabled();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webhookMessages)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
    .where(and(eq(webhookMessages.id, messageRowId), eq(webhookMessages.endpointId, endpoint.id)))
    .returning();
  if (!row) throw webhookErrors.messageNotFound();
  await wakeWebhookSender(ctx);
  const attempts = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.messageId, row.id))
    .orderBy(desc(webhookAttempts.id));
  return messageView(row, attempts.map(attemptView));
}

/** A ping to the endpoint, whatever events it chose: `webhook.test`, sent at once and logged as any message. */
export async function sendTestEvent(ctx: Ctx, user: UserRow, id: number): Promise<WebhookMessage> {
  const endpoint = await ownEndpoint(ctx, user, id);
  if (endpoint.disabledAt) throw webhookErrors.disabled();
  const now = ctx.clock.now();
  const messageId = newMessageId();
  const [row] = await ctx.db
    .insert(webhookMessages)
    .values({
      endpointId: endpoint.id,
      messageId,
      eventType: WEBHOOK_TEST_EVENT as WebhookEventType,
      dedupeKey: `test:${messageId}`,
      payload: {
        type: WEBHOOK_TEST_EVENT,
        timestamp: now.toISOString(),
        data: { endpoint_id: endpoint.id, message: 'A test event from Newsreel' },
      },
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  await wakeWebhookSender(ctx);
  return messageView(row!, []);
}

export const WEBHOOK_SEND_QUEUE = 'integration.webhook-send';

/** Asks a worker to send what is due now (a run waiting already does it: the queue keeps one). */
export async function wakeWebhookSender(ctx: { jobs?: Pick<NonNullable<ServiceContext['jobs']>, 'send'> | undefined }) {
  await ctx.jobs?.send(WEBHOOK_SEND_QUEUE, {}).catch(() => null);
}
