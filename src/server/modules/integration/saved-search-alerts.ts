import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CHANNELS } from '../../../common/realtime.ts';
import { LINKS } from '../../../common/routes.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { users } from '../accounts/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { browsersOf, pushToBrowsers } from '../push/browsers.ts';
import { userStream } from '../realtime/channels.ts';
import { savedSearches, savedSearchMatches, type SavedSearchRow } from './schema.ts';
import { raiseWebhookEvent } from './webhook-delivery.ts';
import { wakeWebhookSender } from './webhooks.ts';

/** A match this run made, with its search. */
export type NewMatch = { matchId: number; search: SavedSearchRow };
type Story = { itemId: number; guid: string; project: { id: number; title: string; slug: string } };
type AlertDeps = Pick<JobDeps, 'db' | 'clock' | 'mailer' | 'push' | 'publicOrigin' | 'broadcast' | 'jobs'>;

const PUSH_TITLES = {
  en: 'New video for “{search}”',
  es: 'Nuevo vídeo para «{search}»',
  ru: 'Новое видео по запросу «{search}»',
  ar: 'فيديو جديد لـ«{search}»',
} as const;

/**
 * Tells each owner of a search the story now matches, as they asked: a pop-up on their open pages
 * for a match made this run (its notice is already kept), then an e-mail at once and a web push,
 * each claimed (`mailed_at`, `pushed_at` set in the statement that picks it) before it goes, so
 * none goes twice, and a webhook event per match (once per endpoint and dedupe key). Matches a
 * failed run left unmailed or unpushed are picked up too.
 */
export async function tellMatches(deps: AlertDeps, story: Story, fresh: readonly NewMatch[]) {
  const { itemId, project } = story;
  const counts = { mailed: 0, pushed: 0 };
  const owners = await localesOf(
    deps,
    fresh.map((match) => match.search.userId),
  );
  for (const { search } of fresh) {
    if (!search.notifyInApp) continue;
    const locale = owners.get(search.userId) ?? 'en';
    deps.broadcast(CHANNELS.notifications, userStream(search.userId), {
      type: 'notify',
      key: 'notifications.savedSearchMatch',
      values: { search: search.name, title: project.title },
      link: `/${locale}${LINKS.video(project.slug)}`,
    });
  }

  const unmailed = await deps.db
    .select({ matchId: savedSearchMatches.id, name: savedSearches.name, email: users.email, locale: users.notificationLocale })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(eq(savedSearchMatches.contentItemId, itemId), isNull(savedSearchMatches.mailedAt), eq(savedSearches.notifyEmail, 'now')));
  const now = deps.clock.now();
  for (const match of unmailed) {
    await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(savedSearchMatches)
        .set({ mailedAt: now })
        .where(and(eq(savedSearchMatches.id, match.matchId), isNull(savedSearchMatches.mailedAt)))
        .returning({ id: savedSearchMatches.id });
      if (!claimed) return;
      const link = `${deps.publicOrigin}/${match.locale}${LINKS.video(project.slug)}`;
      await deps.mailer.enqueue(
        tx,
        renderMail('saved_search_match', match.locale, match.email, { name: match.name, item: project.title, link }),
      );
      counts.mailed += 1;
    });
  }
  if (counts.mailed) deps.mailer.kick();
  counts.pushed = await pushMatches(deps, story);
  // Named apart from the other content-news handlers' counts, which the job merges into one record.
  return {
    saved_search_mails: counts.mailed,
    saved_search_pushes: counts.pushed,
    saved_search_webhooks: await raiseMatchWebhooks(deps, story),
  };
}

/**
 * content.published to the webhooks of each owner of a search that tells webhooks: every match of
 * the item, each run, as the dedupe key makes a match raised again the same message.
 */
async function raiseMatchWebhooks(deps: AlertDeps, { itemId, guid, project }: Story): Promise<number> {
  const matched = await deps.db
    .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name, matchedAt: savedSearchMatches.createdAt })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .where(and(eq(savedSearchMatches.contentItemId, itemId), eq(savedSearches.notifyWebhook, true)));
  let raised = 0;
  for (const search of matched) {
    raised += await raiseWebhookEvent(
      deps.db,
      {
        recipients: [search.userId],
        type: 'content.published',
        dedupeKey: `saved_search:${search.id}:item:${itemId}`,
        data: {
          item_id: itemId,
          guid,
          uri: guid,
          headline: project.title,
          video_project_id: project.id,
          saved_search: { id: search.id, name: search.name },
          links: { video: `${deps.publicOrigin}/en${LINKS.video(project.slug)}` },
          at: search.matchedAt.toISOString(),
        },
      },
      deps.clock.now(),
    );
  }
  if (raised) await wakeWebhookSender(deps);
  return raised;
}

async function localesOf(deps: Pick<AlertDeps, 'db'>, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, (typeof users.$inferSelect)['notificationLocale']>();
  const rows = await deps.db
    .select({ id: users.id, locale: users.notificationLocale })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.locale]));
}

/** A push to each browser of the owners of searches that push, once per match (claimed first). */
async function pushMatches(deps: AlertDeps, { itemId, project }: Story): Promise<number> {
  const pushing = deps.db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.notifyPush, true));
  const claimed = await deps.db
    .update(savedSearchMatches)
    .set({ pushedAt: deps.clock.now() })
    .where(
      and(
        eq(savedSearchMatches.contentItemId, itemId),
        isNull(savedSearchMatches.pushedAt),
        inArray(savedSearchMatches.savedSearchId, pushing),
      ),
    )
    .returning({ savedSearchId: savedSearchMatches.savedSearchId });
  if (claimed.length === 0) return 0;
  const searches = await deps.db
    .select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name })
    .from(savedSearches)
    .where(
      inArray(
        savedSearches.id,
        claimed.map((row) => row.savedSearchId),
      ),
    );
  const browsers = await browsersOf(
    deps.db,
    searches.map((search) => search.userId),
  );
  let pushed = 0;
  for (const search of searches)
    pushed += await pushToBrowsers(deps.push, browsers, ({ userId, locale }) =>
      userId === search.userId
        ? {
            // A function, so a name with "$&" in it is put in as written.
            title: PUSH_TITLES[locale].replace('{search}', () => search.name),
            body: project.title,
            url: `/${locale}${LINKS.video(project.slug)}`,
            tag: `saved-search-${search.id}-${itemId}`,
          }
        : null,
    );
  return pushed;
}
