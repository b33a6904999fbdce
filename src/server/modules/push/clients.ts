import { and, eq, ne } from 'drizzle-orm';
import type { PushClient, PushClientInput } from '../../../common/push.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import { pushClients } from './schema.ts';

/**
 * Push clients' settings (spec §7 webpush_notification_clients). The external id is the browser's
 * own random UUID: knowing it is having the client. Its subscription is never sent back.
 */
export type PushClientsContext = Pick<ServiceContext, 'db' | 'clock'>;
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
 * Saves a browser's settings, made or changed (an upsert by external id). Signed in, the client is
 * the user's from now on; a subscription sent replaces the one kept, `null` forgets it, none keeps it.
 */
export async function savePushClient(ctx: PushClientsContext, userId: number | null, input: PushClientInput): Promise<PushClient> {
  const now = ctx.clock.now();
  const subscription =
    input.subscription === undefined
      ? {}
      : input.subscription === null
        ? { endpoint: null, p256dh: null, auth: null }
        : { endpoint: input.subscription.endpoint, p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth };
  const row = await ctx.db.transaction(async (tx) => {
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
    return saved;
  });
  return clientView(row);
}

/** DELETE …/{external_id}: the browser wants no more pushes. */
export async function deletePushClient(ctx: PushClientsContext, externalId: string): Promise<void> {
  const [row] = await ctx.db.delete(pushClients).where(eq(pushClients.externalId, externalId)).returning({ id: pushClients.id });
  if (!row) throw clientNotFound();
}
