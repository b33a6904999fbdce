import type { Db } from '../../db/client.ts';
import { marketingOutbox } from './schema.ts';
import type { UserRow } from './sessions.ts';

/**
 * A marketing opt-in for the marketing sync to pick up (spec: accounts §7 send_to_pardot). The
 * sync reads rows without synced_at, in order, and marks them when the marketing system has them.
 */
export async function recordMarketingOptIn(db: Db, user: UserRow, now: Date, source: string) {
  await db.insert(marketingOutbox).values({
    userId: user.id,
    email: user.email,
    payload: {
      source,
      first_name: user.firstName,
      last_name: user.lastName,
      company: user.companyName,
      locale: user.notificationLocale,
      newsletter: true,
    },
    createdAt: now,
  });
}
