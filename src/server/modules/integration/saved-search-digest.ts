import { and, asc, eq, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import { LINKS } from '../../../common/routes.ts';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { users } from '../accounts/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { contentItems } from '../newsroom/schema.ts';
import { savedSearches, savedSearchMatches } from './schema.ts';

export const SAVED_SEARCH_DIGEST_QUEUE = 'integration.saved-search-digest';
/** A user hears at most once in this long. */
const DAY_MS = 86_400_000;
/** Users one run mails; the next hour's run takes the rest. */
const USERS_PER_RUN = 500;
/** Videos one digest lists by name; the count says how many in all. */
const LISTED = 50;

type DigestDeps = Pick<JobDeps, 'db' | 'clock' | 'mailer' | 'publicOrigin'>;

const daily = eq(savedSearches.notifyEmail, 'daily');

/**
 * The daily digest (issue 30): each user with searches mailed daily gets one e-mail of all their
 * matches not yet mailed, at most once a day. A user's last digest is the latest `digested_at` of
 * their daily searches; every search of the digest gets the same, so a search switched to daily
 * later does not bring a second digest the same day. Under the lock of the user's daily searches
 * the matches are claimed (`mailed_at`) in the statement that picks them and the mail is queued in
 * the same transaction, so two runs at once send one digest.
 */
export async function mailDigests(deps: DigestDeps): Promise<{ digests: number; videos: number }> {
  const now = deps.clock.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const due = await deps.db
    .select({ userId: savedSearches.userId })
    .from(savedSearches)
    .innerJoin(savedSearchMatches, and(eq(savedSearchMatches.savedSearchId, savedSearches.id), isNull(savedSearchMatches.mailedAt)))
    .where(daily)
    .groupBy(savedSearches.userId)
    .having(or(isNull(max(savedSearches.digestedAt)), lte(max(savedSearches.digestedAt), dayAgo)))
    .orderBy(asc(savedSearches.userId))
    .limit(USERS_PER_RUN);
  const counts = { digests: 0, videos: 0 };
  for (const { userId } of due) {
    const videos = await deps.db.transaction(async (tx) => {
      const searches = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), daily))
        .orderBy(asc(savedSearches.id))
        .for('update');
      const last = Math.max(0, ...searches.map((search) => search.digestedAt?.getTime() ?? 0));
      if (searches.length === 0 || last > dayAgo.getTime()) return 0;
      const ids = searches.map((search) => search.id);
      const claimed = await tx
        .update(savedSearchMatches)
        .set({ mailedAt: now })
        .where(and(inArray(savedSearchMatches.savedSearchId, ids), isNull(savedSearchMatches.mailedAt)))
        .returning({ id: savedSearchMatches.id });
      if (claimed.length === 0) return 0;
      await tx.update(savedSearches).set({ digestedAt: now }).where(inArray(savedSearches.id, ids));
      const listed = await tx
        .select({ search: savedSearches.name, title: sql<string>`coalesce(${videoProjects.title}, '')` })
        .from(savedSearchMatches)
        .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
        .innerJoin(contentItems, eq(contentItems.id, savedSearchMatches.contentItemId))
        .leftJoin(videoProjects, eq(videoProjects.id, contentItems.videoProjectId))
        .where(
          inArray(
            savedSearchMatches.id,
            claimed.map((row) => row.id),
          ),
        )
        .orderBy(asc(savedSearches.id), asc(savedSearchMatches.id))
        .limit(LISTED);
      const [owner] = await tx.select({ email: users.email, locale: users.notificationLocale }).from(users).where(eq(users.id, userId));
      if (!owner) return 0;
      await deps.mailer.enqueue(
        tx,
        renderMail('saved_search_digest', owner.locale, owner.email, {
          item: String(claimed.length),
          facts: listed.map((row) => ({ label: row.search, value: row.title })),
          link: `${deps.publicOrigin}/${owner.locale}${LINKS.savedSearches}`,
        }),
      );
      return claimed.length;
    });
    if (videos) {
      counts.digests += 1;
      counts.videos += videos;
    }
  }
  if (counts.digests) deps.mailer.kick();
  return counts;
}

export const savedSearchDigestJob: JobDefinition = {
  queue: SAVED_SEARCH_DIGEST_QUEUE,
  // Hourly: each user's digest comes a day after their last, within the hour.
  schedule: '41 * * * *',
  expireInSeconds: 900,
  run: (deps) => mailDigests(deps),
};
