import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { PushClient, PushClientInput } from '../../../common/push.ts';
import type { ServiceContext } from '../../context.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { consume, type RateLimit } from '../security/rate-limit.ts';
import { vetOutbound, type OutboundPolicy } from '../security/outbound.ts';
import { pushClients } from './schema.ts';

/**
 * Push clients' settings (spec §7 webpush_notification_clients). The external id is the browser's
 * own random UUID: knowing it is having the client. Its subscription is never sent back.
 */
export type PushClientsContext = Pick<ServiceContext, 'db' | 'clock' | 'outbound'>;

/**
 * Subscriptions a user keeps: a browser each (a phone, a laptop, a few more). An eleventh browser
 * subscribing ends the subscription saved longest ago, so a browser given up never blocks a new one.
 */
export const MAX_PUSH_CLIENTS_PER_USER = 10;
/** A visitor's subscriptions belong to no one: new ones are counted by the client's address instead. */
export const VISITOR_SUBSCRIPTIONS: RateLimit = { name: 'push-visitor-subscriptions', limit: 10, windowSeconds: 3600 };
const HTTPS_PORT = 443;
type ClientRow = typeof pushClients.$inferSelect;

const clientNotFound = () => new NotFound({ code: 'push_client_not_found', message: 'No push settings for this browser yet' });

const clientView = (row: ClientRow): PushClient => ({
  external_id: row.externalId,
  notification_locales: row.notificationLocales,
  subscribed: row.endpoint !== null,
});

export async function getPushClient(ctx: PushClientsContext, externalId: string): Promise<PushClient> {
  const [row] = await ctx.db.select().from(pushClients).where(eq(pushClients.externalId, externalId));
  if (!row) throw clientNotFound();
  return clientView(row);
}

/**
 * A push endpoint is an address anyone may send: the outbound policy decides (no loopback, private…),
 * and push services answer on 443, so another port needs an OUTBOUND_ALLOW entry (the tests' peer).
 */
async function vetEndpoint(outbound: OutboundPolicy, endpoint: string) {
  const field = 'client.subscription.endpoint';
  const url = new URL(endpoint);
  const checked = await vetOutbound(outbound, url.hostname, Number(url.port || HTTPS_PORT), field);
  if (url.port !== '' && Number(url.port) !== HTTPS_PORT && checked?.allowedBy !== 'allowance')
    throw new Invalid({ code: 'outbound_address_refused', field, message: 'A push endpoint is an https address on port 443' });
}

/**
 * Saves a browser's settings, made or changed (an upsert by external id). Signed in, the client is
 * the user's from now on; a subscription sent replaces the one kept, `null` forgets it, none keeps it.
 */
export async function savePushClient(
  ctx: PushClientsContext,
  caller: { userId: number | null; ip: string },
  input: PushClientInput,
): Promise<PushClient> {
  const { userId } = caller;
  const now = ctx.clock.now();
  if (input.subscription) await vetEndpoint(ctx.outbound, input.subscription.endpoint);
  const subscription =
    input.subscription === undefined
      ? {}
      : input.subscription === null
        ? { endpoint: null, p256dh: null, auth: null }
        : { endpoint: input.subscription.endpoint, p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth };
  const [kept] = await ctx.db
    .select({ userId: pushClients.userId, endpoint: pushClients.endpoint })
    .from(pushClients)
    .where(eq(pushClients.externalId, input.external_id));
  // A client saved signed in stays its user's when saved again signed out.
  const owner = userId ?? kept?.userId ?? null;
  if (input.subscription && owner === null && kept?.endpoint !== input.subscription.endpoint)
    await consume(ctx.db, VISITOR_SUBSCRIPTIONS, caller.ip, now);
  const row = await ctx.db.transaction(async (tx) => {
    // The count and the save decide under the user's row lock, so browsers subscribing at once stay within the cap.
    if (owner !== null && subscription.endpoint) await tx.select({ id: users.id }).from(users).where(eq(users.id, owner)).for('update');
    // One endpoint is one browser: a client saved under a new external id takes it over.
    if (subscription.endpoint)
      await tx
        .delete(pushClients)
        .where(and(eq(pushClients.endpoint, subscription.endpoint), ne(pushClients.externalId, input.external_id)));
    const [saved] = await tx
      .insert(pushClients)
      .values({
        externalId: input.external_id,
        userId,
        notificationLocales: input.notification_locales,
        ...subscription,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: pushClients.externalId,
        set: { notificationLocales: input.notification_locales, ...subscription, updatedAt: now, ...(userId !== null ? { userId } : {}) },
      })
      .returning();
    if (!saved) throw new Error('the push client was not saved');
    if (owner !== null && subscription.endpoint) {
      const others = await tx
        .select({ id: pushClients.id })
        .from(pushClients)
        .where(and(eq(pushClients.userId, owner), isNotNull(pushClients.endpoint), ne(pushClients.id, saved.id)))
        .orderBy(asc(pushClients.updatedAt), asc(pushClients.id));
      for (const old of others.slice(0, Math.max(0, others.length - (MAX_PUSH_CLIENTS_PER_USER - 1))))
        await tx.update(pushClients).set({ endpoint: null, p256dh: null, auth: null }).where(eq(pushClients.id, old.id));
    }
    return saved;
  });
  return clientView(row);
}

/** DELETE …/{external_id}: the browser wants no more pushes. */
export async function deletePushClient(ctx: PushClientsContext, externalId: string): Promise<void> {
  const [row] = await ctx.db.delete(pushClients).where(eq(pushClients.externalId, externalId)).returning({ id: pushClients.id });
  if (!row) throw clientNotFound();
}
