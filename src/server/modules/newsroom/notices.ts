import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNELS } from '../../../common/realtime.ts';
import { LINKS } from '../../../common/routes.ts';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { users } from '../accounts/schema.ts';
import { videoRequests } from '../downloads/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { announceNotices, keepNotices } from '../notice-centre/service.ts';
import { browsersOf, pushToBrowsers } from '../push/browsers.ts';
import { userStream } from '../realtime/channels.ts';
import { contentItems, contentNotices } from './schema.ts';

export const NOTICE_QUEUE = 'newsroom.notify-downloaders';

const noticeNewsSchema = z.object({
  itemId: z.number().int().positive(),
  kind: z.enum(['corrected', 'killed']),
  revision: z.number().int(),
});
export type NoticeNews = z.infer<typeof noticeNewsSchema>;

const PUSH_TITLES = {
  corrected: { en: 'Correction', es: 'Corrección', ru: 'Исправление', ar: 'تصحيح' },
  killed: { en: 'KILL – do not use', es: 'ANULADO – no usar', ru: 'ОТОЗВАНО – не использовать', ar: 'سحب – لا تستخدم' },
} as const;

/**
 * Tells every customer who downloaded a story that it was corrected or killed (issue 24): a notice
 * in the app (the row, shown in my content and kept in the notice centre), an e-mail and a push to
 * each of their browsers. One notice per customer,
 * story, kind and revision, so the job run twice tells no one twice.
 */
export async function notifyDownloaders(
  deps: Pick<JobDeps, 'db' | 'clock' | 'mailer' | 'push' | 'publicOrigin' | 'broadcast'>,
  news: NoticeNews,
) {
  const [item] = await deps.db.select().from(contentItems).where(eq(contentItems.id, news.itemId));
  if (!item?.videoProjectId) return { noticed: 0, mailed: 0, pushed: 0 };
  const projectId = item.videoProjectId;
  const title = item.fields.texts[item.fields.language]?.headline ?? '';
  const note = (news.kind === 'killed' ? item.killedReason : item.correctionNote) ?? '';
  const now = deps.clock.now();
  const downloaders = deps.db
    .selectDistinct({ userId: videoRequests.userId })
    .from(videoRequests)
    .where(and(eq(videoRequests.projectId, projectId), eq(videoRequests.state, 'ready')));
  const recipients = await deps.db.select({ id: users.id }).from(users).where(inArray(users.id, downloaders));
  if (recipients.length === 0) return { noticed: 0, mailed: 0, pushed: 0 };
  const values: Record<string, string> = news.kind === 'killed' ? { title, reason: note } : { title, note };
  // Each customer's notice centre keeps the notice with the row that says it was given.
  const { written, told } = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(contentNotices)
      .values(
        recipients.map((user) => ({
          userId: user.id,
          contentItemId: item.id,
          videoProjectId: projectId,
          kind: news.kind,
          revision: news.revision,
          title,
          note,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const kept = await keepNotices(
      tx,
      now,
      rows.map((notice) => ({
        userId: notice.userId,
        kind: 'content_notice' as const,
        textKey: news.kind === 'killed' ? ('contentKilled' as const) : ('contentCorrected' as const),
        values,
        link: LINKS.myContent,
        subject: `content:${item.id}:${news.kind}:${news.revision}`,
      })),
    );
    return { written: rows, told: kept };
  });
  announceNotices(deps.broadcast, told);
  const counts = { noticed: written.length, mailed: 0, pushed: 0 };
  // Each notice not yet mailed or pushed (this run's, or one a failed run left), once.
  const pending = await deps.db
    .select({ notice: contentNotices, email: users.email, locale: users.notificationLocale })
    .from(contentNotices)
    .innerJoin(users, eq(users.id, contentNotices.userId))
    .where(
      and(
        eq(contentNotices.contentItemId, item.id),
        eq(contentNotices.kind, news.kind),
        eq(contentNotices.revision, news.revision),
        isNull(contentNotices.mailedAt),
      ),
    );
  const fresh = new Set(written.map((notice) => notice.id));
  for (const { notice, email, locale } of pending) {
    const link = `${deps.publicOrigin}/${locale}${LINKS.myContent}`;
    // Shown at once to whoever has the platform open; my content keeps the mark for later.
    if (fresh.has(notice.id))
      deps.broadcast(CHANNELS.notifications, userStream(notice.userId), {
        type: news.kind === 'killed' ? 'error' : 'notify',
        key: news.kind === 'killed' ? 'downloads.contentKilled' : 'downloads.contentCorrected',
        values,
        link: `/${locale}${LINKS.myContent}`,
      });
    await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(contentNotices)
        .set({ mailedAt: now })
        .where(and(eq(contentNotices.id, notice.id), isNull(contentNotices.mailedAt)))
        .returning();
      if (!claimed) return;
      await deps.mailer.enqueue(
        tx,
        renderMail(news.kind === 'killed' ? 'content_killed' : 'content_corrected', locale, email, { item: title, name: note, link }),
      );
      counts.mailed += 1;
    });
  }
  deps.mailer.kick();

  const unpushed = await deps.db
    .update(contentNotices)
    .set({ pushedAt: now })
    .where(
      and(
        eq(contentNotices.contentItemId, item.id),
        eq(contentNotices.kind, news.kind),
        eq(contentNotices.revision, news.revision),
        isNull(contentNotices.pushedAt),
      ),
    )
    .returning();
  if (unpushed.length)
    counts.pushed = await pushToBrowsers(
      deps.push,
      await browsersOf(
        deps.db,
        unpushed.map((notice) => notice.userId),
      ),
      ({ locale }) => ({
        title: PUSH_TITLES[news.kind][locale],
        body: note ? `${title} – ${note}` : title,
        url: `/${locale}${LINKS.myContent}`,
        tag: `content-${news.kind}-${item.id}-${news.revision}`,
      }),
    );
  return counts;
}

export const noticeJob: JobDefinition = {
  queue: NOTICE_QUEUE,
  expireInSeconds: 600,
  key: (data) => {
    const news = noticeNewsSchema.safeParse(data);
    return news.success ? `${news.data.kind}:${news.data.itemId}:${news.data.revision}` : undefined;
  },
  run: async (deps, data) => {
    const news = noticeNewsSchema.safeParse(data);
    if (!news.success) return { noticed: 0 };
    return notifyDownloaders(deps, news.data);
  },
};
