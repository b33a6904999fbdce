import { and, desc, inArray, isNotNull, eq } from 'drizzle-orm';
import type { Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../accounts/schema.ts';
import { pushClients } from './schema.ts';
import type { PushPayload } from '../../../common/push.ts';
import type { PushSender, PushTarget } from './sender.ts';

/** A signed-in user's browser that takes pushes, with the language the user is told in. */
export type UserBrowser = { userId: number; locale: Locale; target: PushTarget };

/** The browsers of these users that can be pushed to (newest first). */
export async function browsersOf(db: Db, userIds: readonly number[]): Promise<UserBrowser[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ client: pushClients, locale: users.notificationLocale })
    .from(pushClients)
    .innerJoin(users, eq(users.id, pushClients.userId))
    .where(and(isNotNull(pushClients.endpoint), inArray(pushClients.userId, [...new Set(userIds)])))
    .orderBy(desc(pushClients.id));
  return rows.flatMap(({ client, locale }) =>
    client.userId !== null && client.endpoint && client.p256dh && client.auth
      ? [{ userId: client.userId, locale, target: { endpoint: client.endpoint, p256dh: client.p256dh, auth: client.auth } }]
      : [],
  );
}

/**
 * Pushes each browser its payload (none: that browser is skipped) and answers how many were sent.
 * A browser that cannot be reached misses this push: what it told is also in the app and the mail.
 */
export async function pushToBrowsers(
  push: PushSender,
  browsers: readonly UserBrowser[],
  payloadFor: (browser: UserBrowser) => PushPayload | null,
): Promise<number> {
  let sent = 0;
  for (const browser of browsers) {
    const payload = payloadFor(browser);
    if (!payload) continue;
    const outcome = await push.send(browser.target, payload).catch(() => 'failed' as const);
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}
