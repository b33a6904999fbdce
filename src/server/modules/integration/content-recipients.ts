import { and, asc, count, eq, inArray, isNotNull, min } from 'drizzle-orm';
import type { ContentRecipients, RecipientPerson, RecipientSystem } from '../../../common/content-recipients.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { companies, users } from '../accounts/schema.ts';
import { videoRequests } from '../downloads/schema.ts';
import { contentItems, contentNotices } from '../newsroom/schema.ts';
import { userNotices } from '../notice-centre/schema.ts';
import { pushClients } from '../push/schema.ts';
import { deliveryRules, ruleDeliveries, webhookEndpoints, webhookMessages } from './schema.ts';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * The newsroom desk's view of a killed or corrected story (issue 30): every person who received a
 * file of it (browser or API: the same requested files), with when the app, the mail and the push
 * told them and when they read it; every system told (webhook endpoints, delivery rules' sidecars),
 * with its state and when it took the news.
 */
export async function contentRecipients(db: Db, itemId: number): Promise<ContentRecipients> {
  const [item] = await db.select().from(contentItems).where(eq(contentItems.id, itemId));
  if (!item) throw new NotFound({ code: 'content_item_not_found', message: 'No such story' });
  const news = item.state === 'killed' ? 'killed' : item.revision > 1 ? 'corrected' : null;
  if (!item.videoProjectId) return { news, revision: item.revision, people: [], systems: [] };

  const received = await db
    .select({
      userId: videoRequests.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: companies.name,
      files: count(),
      first: min(videoRequests.createdAt),
    })
    .from(videoRequests)
    .innerJoin(users, eq(users.id, videoRequests.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(videoRequests.projectId, item.videoProjectId), eq(videoRequests.state, 'ready')))
    .groupBy(videoRequests.userId, users.email, users.firstName, users.lastName, companies.name)
    .orderBy(asc(min(videoRequests.createdAt)));

  const told = news
    ? await db
        .select()
        .from(contentNotices)
        .where(and(eq(contentNotices.contentItemId, item.id), eq(contentNotices.kind, news), eq(contentNotices.revision, item.revision)))
    : [];
  const read = news
    ? await db
        .select({ userId: userNotices.userId, readAt: userNotices.readAt })
        .from(userNotices)
        .where(eq(userNotices.subject, `content:${item.id}:${news}:${item.revision}`))
    : [];
  // The push job marks every notice pushed; only people with a browser to push to were told that way.
  const pushable = new Set(
    (received.length === 0
      ? []
      : await db
          .selectDistinct({ userId: pushClients.userId })
          .from(pushClients)
          .where(
            and(
              isNotNull(pushClients.endpoint),
              inArray(
                pushClients.userId,
                received.map((row) => row.userId),
              ),
            ),
          )
    ).map((row) => row.userId),
  );
  const people: RecipientPerson[] = received.map((row) => {
    const notice = told.find((found) => found.userId === row.userId);
    return {
      user_id: row.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      company: row.company || null,
      files: row.files,
      first_received_at: iso(row.first) ?? '',
      told_at: iso(notice?.createdAt),
      mailed_at: iso(notice?.mailedAt),
      pushed_at: pushable.has(row.userId) ? iso(notice?.pushedAt) : null,
      acknowledged_at: iso(read.find((found) => found.userId === row.userId)?.readAt),
    };
  });

  const systems: RecipientSystem[] = [];
  if (news) {
    const hooks = await db
      .select({ message: webhookMessages, url: webhookEndpoints.url, email: users.email, company: companies.name })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .innerJoin(users, eq(users.id, webhookEndpoints.userId))
      .leftJoin(companies, eq(companies.id, webhookEndpoints.companyId))
      .where(eq(webhookMessages.dedupeKey, `content.${news}:${item.id}:${item.revision}`))
      .orderBy(asc(webhookMessages.id));
    for (const { message, url, email, company } of hooks)
      systems.push({
        channel: 'webhook',
        owner_email: email,
        company: company || null,
        target: url,
        state: message.state,
        delivered_at: iso(message.deliveredAt),
      });
    const sidecars = await db
      .select({ delivery: ruleDeliveries, rule: deliveryRules, email: users.email, company: companies.name })
      .from(ruleDeliveries)
      .innerJoin(deliveryRules, eq(deliveryRules.id, ruleDeliveries.ruleId))
      .innerJoin(users, eq(users.id, deliveryRules.userId))
      .leftJoin(companies, eq(companies.id, deliveryRules.companyId))
      .where(
        and(
          eq(ruleDeliveries.contentItemId, item.id),
          eq(ruleDeliveries.revision, item.revision),
          eq(ruleDeliveries.kind, news === 'killed' ? 'cancel' : 'file'),
        ),
      )
      .orderBy(asc(ruleDeliveries.id));
    for (const { delivery, rule, email, company } of sidecars) {
      const where =
        rule.destination.protocol === 's3' ? `s3://${rule.destination.bucket}` : `${rule.destination.protocol}://${rule.destination.host}`;
      systems.push({
        channel: 'delivery',
        owner_email: email,
        company: company || null,
        target: `${rule.name} (${where})`,
        state: delivery.state,
        delivered_at: iso(delivery.deliveredAt),
      });
    }
  }
  return { news, revision: item.revision, people, systems };
}
