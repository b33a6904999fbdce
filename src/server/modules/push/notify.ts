import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import type { PushPayload } from '../../../common/push.ts';
import { LINKS } from '../../../common/routes.ts';
import type { ServiceContext } from '../../context.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import type { JobSender } from '../../jobs/sender.ts';
import { users } from '../accounts/schema.ts';
import { agreements } from '../agreements/schema.ts';
import { alerts } from '../alerts/schema.ts';
import { tags, tagSubscriptions, videoProjects, videoProjectTags } from '../catalogue/schema.ts';
import { liveEventFollows, liveEvents } from '../live/schema.ts';
import { pushClients, pushesSent } from './schema.ts';
import type { PushSender } from './sender.ts';
import { PUSH_TEXTS } from './texts.ts';

/**
 * What is pushed, and to whom (spec: content §1, §4 "Push"): a red alert to every subscribed
 * browser; a live event going live to its followers and to those who booked it; a new video to the
 * followers of its tags. A browser gets news in the locales it ticked: a video in its language, an
 * event in one of its languages (or any, when it names none); alerts are for all. Each item is
 * pushed once: `pushes_sent` keeps what went out.
 */
export type PushNews = { kind: 'alert' | 'live' | 'video'; id: number };
export const PUSH_QUEUE = 'push.notify';

type Recipient = { id: number; userId: number | null; endpoint: string; p256dh: string; auth: string; locales: Locale[] };
type Item = { payload: (locale: Locale) => PushPayload; locales: readonly Locale[] | null; userIds: number[] | null } | null;
type Deps = Pick<ServiceContext, 'db' | 'clock'> & { push: PushSender };

/**
 * Pushes in flight at once. Each has a deadline (sender.ts), and the browsers are taken in turn by
 * user, so endpoints that never answer hold at most their owner's share of the senders, never the
 * others' pushes (a user holds at most MAX_PUSH_CLIENTS_PER_USER subscriptions: clients.ts).
 */
export const SENDING_AT_ONCE = 16;

/** Tells the workers that something is news; the job decides whom it concerns. */
export async function queuePush(ctx: { jobs?: JobSender }, news: PushNews) {
  await ctx.jobs?.send(PUSH_QUEUE, news);
}

async function alertItem(deps: Deps, id: number): Promise<Item> {
  const [alert] = await deps.db.select().from(alerts).where(eq(alerts.id, id));
  if (alert?.alertType !== 'red') return null;
  const path = (locale: Locale) =>
    alert.targetLinkTo === 'live_event' && alert.liveEventExtid
      ? `/${locale}${LINKS.events}/${encodeURIComponent(alert.liveEventExtid)}`
      : (alert.customUrl ?? `/${locale}`);
  return {
    payload: (locale) => ({ title: PUSH_TEXTS[locale].breaking, body: alert.title, url: path(locale), tag: `alert-${alert.id}` }),
    locales: null,
    userIds: null,
  };
}

async function liveItem(deps: Deps, id: number): Promise<Item> {
  const [event] = await deps.db.select().from(liveEvents).where(eq(liveEvents.id, id));
  if (!event || event.status !== 'live' || !event.visible) return null;
  const [followers, bookers] = await Promise.all([
    deps.db.select({ id: liveEventFollows.userId }).from(liveEventFollows).where(eq(liveEventFollows.eventId, id)),
    // Booked by the user, or by their company for its members.
    deps.db
      .select({ id: users.id })
      .from(agreements)
      .innerJoin(
        users,
        or(eq(users.id, agreements.userId), and(isNotNull(agreements.companyId), eq(users.companyId, agreements.companyId))),
      )
      .where(and(eq(agreements.agreementType, 'one_off'), eq(agreements.status, 'active'), eq(agreements.liveEventId, id))),
  ]);
  const languages = event.languages.filter((language): language is Locale => (LOCALES as readonly string[]).includes(language));
  return {
    payload: (locale) => ({
      title: PUSH_TEXTS[locale].liveNow,
      body: event.title,
      url: `/${locale}${LINKS.events}/${encodeURIComponent(event.slug)}`,
      tag: `live-${event.id}`,
    }),
    locales: event.languages.length === 0 ? null : languages,
    userIds: [...new Set([...followers, ...bookers].map((row) => row.id))],
  };
}

async function videoItem(deps: Deps, id: number): Promise<Item> {
  const [video] = await deps.db.select().from(videoProjects).where(eq(videoProjects.id, id));
  if (!video) return null;
  const tagged = await deps.db
    .select({ id: tags.id, names: tags.names })
    .from(videoProjectTags)
    .innerJoin(tags, eq(tags.id, videoProjectTags.tagId))
    .where(eq(videoProjectTags.projectId, id));
  if (tagged.length === 0) return null;
  const followers = await deps.db
    .selectDistinct({ id: tagSubscriptions.userId })
    .from(tagSubscriptions)
    .where(
      inArray(
        tagSubscriptions.tagId,
        tagged.map((tag) => tag.id),
      ),
    );
  const first = tagged[0];
  return {
    payload: (locale) => ({
      title: PUSH_TEXTS[locale].newVideo.replace('{{tag}}', first?.names[locale] ?? first?.names.en ?? ''),
      body: video.title,
      url: `/${locale}${LINKS.video(video.projectSlug)}`,
      tag: `video-${video.id}`,
    }),
    locales: video.languages.length > 0 ? video.languages : [video.language],
    userIds: followers.map((row) => row.id),
  };
}

async function recipients(deps: Deps, userIds: number[] | null): Promise<Recipient[]> {
  if (userIds !== null && userIds.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(pushClients)
    .where(and(isNotNull(pushClients.endpoint), userIds === null ? sql`true` : inArray(pushClients.userId, userIds)));
  return rows.flatMap((row) =>
    row.endpoint && row.p256dh && row.auth
      ? [{ id: row.id, userId: row.userId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, locales: row.notificationLocales }]
      : [],
  );
}

/** The job: finds the item, marks it sent (once), and pushes it to each browser it concerns. */
export async function notify(deps: Deps, news: PushNews): Promise<{ pushed: number; gone: number; failed: number }> {
  const none = { pushed: 0, gone: 0, failed: 0 };
  const item = await (news.kind === 'alert' ? alertItem : news.kind === 'live' ? liveItem : videoItem)(deps, news.id);
  if (!item) return none;
  const [first] = await deps.db
    .insert(pushesSent)
    .values({ kind: news.kind, subjectId: news.id, sentAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!first) return none;
  const wanted = (await recipients(deps, item.userIds)).flatMap((recipient) => {
    // The text in the first of the browser's locales that the item is in.
    const locale = item.locales === null ? recipient.locales[0] : recipient.locales.find((l) => item.locales?.includes(l));
    return locale ? [{ recipient, locale }] : [];
  });
  const counts = { ...none };
  await inParallel(takenInTurnByUser(wanted), SENDING_AT_ONCE, async ({ recipient, locale }) => {
    const outcome = await deps.push.send(recipient, item.payload(locale)).catch(() => 'failed' as const);
    counts[outcome === 'sent' ? 'pushed' : outcome] += 1;
    // The push service says this subscription is no more: forget it (the settings stay).
    if (outcome === 'gone')
      await deps.db.update(pushClients).set({ endpoint: null, p256dh: null, auth: null }).where(eq(pushClients.id, recipient.id));
  });
  return counts;
}

/** The first browser of every user, then the second of every user…; a visitor's browser is a user of its own. */
function takenInTurnByUser<T extends { recipient: Recipient }>(wanted: T[]): T[] {
  const byUser = new Map<string, T[]>();
  for (const one of wanted) {
    const key = one.recipient.userId === null ? `client:${one.recipient.id}` : `user:${one.recipient.userId}`;
    byUser.set(key, [...(byUser.get(key) ?? []), one]);
  }
  const queues = [...byUser.values()];
  const longest = Math.max(0, ...queues.map((queue) => queue.length));
  return Array.from({ length: longest }, (_, turn) => queues.flatMap((queue) => (turn < queue.length ? [queue[turn] as T] : []))).flat();
}

/** Runs `work` on every item, `limit` at a time: a slow item holds one runner, not a whole batch. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

export const pushJob: JobDefinition = {
  queue: PUSH_QUEUE,
  expireInSeconds: 600,
  // Each news item waits in a slot of its own: under the queue's stately policy a keyless queue keeps
  // one waiting job, so a red alert sent while another push waited was dropped.
  key: (data) => {
    const news = data as Partial<PushNews>;
    return news.kind && typeof news.id === 'number' ? `${news.kind}:${news.id}` : undefined;
  },
  run: async (deps, data) => {
    const news = data as Partial<PushNews>;
    if (!news.kind || !['alert', 'live', 'video'].includes(news.kind) || typeof news.id !== 'number') return { pushed: 0 };
    return notify(deps, { kind: news.kind, id: news.id });
  },
};
