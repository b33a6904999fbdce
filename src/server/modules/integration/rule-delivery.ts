import { and, eq, inArray } from 'drizzle-orm';
import type { JobDeps } from '../../jobs/definition.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import { accessAgreements, agreementsServing } from '../agreements/service.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { videoRequests } from '../downloads/schema.ts';
import { requestDownload } from '../downloads/service.ts';
import { contentItems } from '../newsroom/schema.ts';
import type { ContentNewsHandler } from './content-news.ts';
import { RULE_DELIVERY_QUEUE } from './rule-delivery-queue.ts';
import { deliveryRules, ruleDeliveries, savedSearchMatches, type DeliveryRuleRow, type RuleDeliveryRow } from './schema.ts';
import { raiseWebhookEvent } from './webhook-delivery.ts';
import { wakeWebhookSender } from './webhooks.ts';

/**
 * Automatic delivery, the licensing half (issue 30): a story published or corrected that one of a
 * rule's saved searches matched is licensed for the rule's owner, as a click of theirs would be,
 * under an agreement of theirs that allows unattended delivery; its requested file goes to the rule's
 * destination once rendered (rule-upload.ts). A kill sends every rule that delivered the story its
 * `canceled` sidecar and removes the file. One delivery per rule, item, revision and kind.
 */

type Deps = Pick<JobDeps, 'db' | 'clock' | 'broadcast' | 'files' | 'jobs'>;

const NO_AGREEMENT = 'No agreement of yours allows unattended delivery: ask the sales desk';

/** Ends a delivery as failed with the reason, and tells the owner's webhooks (delivery.failed). */
export async function failDelivery(
  deps: Pick<Deps, 'db' | 'clock' | 'jobs'>,
  delivery: RuleDeliveryRow,
  rule: DeliveryRuleRow,
  reason: string,
) {
  const now = deps.clock.now();
  await deps.db.update(ruleDeliveries).set({ state: 'failed', error: reason, updatedAt: now }).where(eq(ruleDeliveries.id, delivery.id));
  const raised = await raiseWebhookEvent(
    deps.db,
    {
      recipients: [rule.userId],
      type: 'delivery.failed',
      dedupeKey: `rule_delivery:${delivery.id}:failed`,
      data: {
        rule_id: rule.id,
        rule_name: rule.name,
        delivery_id: delivery.id,
        item_id: delivery.contentItemId,
        kind: delivery.kind,
        reason,
      },
    },
    now,
  );
  if (raised) await wakeWebhookSender(deps);
}

/** The agreement a rule may charge: the owner's first in force that allows unattended delivery. */
async function unattendedAgreement(deps: Deps, owner: typeof users.$inferSelect): Promise<number | null> {
  const now = deps.clock.now();
  const served = await agreementsServing(deps, owner);
  const allowed = new Set(served.filter(({ row }) => row.unattendedDelivery && row.status === 'active').map(({ row }) => row.id));
  return accessAgreements(served, now).find((agreement) => allowed.has(agreement.id))?.id ?? null;
}

/** Licenses the story for the rule's owner and hands the requested file to the rule's upload. */
async function license(deps: Deps, rule: DeliveryRuleRow, delivery: RuleDeliveryRow, projectId: number): Promise<boolean> {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, rule.userId));
  const [project] = await deps.db.select({ free: videoProjects.freeAccess }).from(videoProjects).where(eq(videoProjects.id, projectId));
  if (!owner || !project) return false;
  const agreementId = project.free ? null : await unattendedAgreement(deps, owner);
  if (!project.free && agreementId === null) {
    await failDelivery(deps, delivery, rule, NO_AGREEMENT);
    return false;
  }
  let requestId: number;
  try {
    const result = await requestDownload(deps, owner, String(projectId), {
      video_format: rule.videoFormat,
      quality: rule.quality,
      file_type: rule.container,
      ...(rule.brandPosition ? { brand_position: rule.brandPosition } : {}),
      ...(agreementId ? { agreement_id: agreementId } : {}),
      restrictions_accepted: true,
    });
    requestId = result.request_id;
  } catch (error) {
    // What a click would be refused for (a balance spent, the day's quota, no logo) is the delivery's failure.
    if (!(error instanceof AppError)) throw error;
    await failDelivery(deps, delivery, rule, error.message);
    return false;
  }
  const now = deps.clock.now();
  const [request] = await deps.db
    .update(videoRequests)
    .set({ deliveryRuleId: rule.id, delivery: 'waiting', updatedAt: now })
    .where(eq(videoRequests.id, requestId))
    .returning();
  await deps.db
    .update(ruleDeliveries)
    .set({ videoRequestId: requestId, state: 'rendering', attempts: delivery.attempts + 1, updatedAt: now })
    .where(eq(ruleDeliveries.id, delivery.id));
  // A file that existed already is ready now; one being rendered is sent on when the render ends (render.ts).
  if (request?.state === 'ready') await deps.jobs.send(RULE_DELIVERY_QUEUE, { deliveryId: delivery.id });
  return true;
}

export const ruleDeliveryContentNews: ContentNewsHandler = async (deps, news): Promise<Record<string, number>> => {
  const [item] = await deps.db.select().from(contentItems).where(eq(contentItems.id, news.itemId));
  if (!item?.videoProjectId) return { ruleDeliveries: 0 };
  const now = deps.clock.now();
  if (news.event === 'killed') {
    const sent = await deps.db
      .selectDistinct({ ruleId: ruleDeliveries.ruleId })
      .from(ruleDeliveries)
      .where(and(eq(ruleDeliveries.contentItemId, item.id), eq(ruleDeliveries.kind, 'file'), eq(ruleDeliveries.state, 'delivered')));
    if (sent.length === 0) return { ruleCancels: 0 };
    const cancels = await deps.db
      .insert(ruleDeliveries)
      .values(
        sent.map(({ ruleId }) => ({
          ruleId,
          contentItemId: item.id,
          revision: news.revision,
          kind: 'cancel' as const,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const cancel of cancels) await deps.jobs.send(RULE_DELIVERY_QUEUE, { deliveryId: cancel.id });
    return { ruleCancels: cancels.length };
  }
  // Every active rule whose saved search matched the story (the matching handler ran before this one).
  const rules = await deps.db
    .select({ rule: deliveryRules })
    .from(deliveryRules)
    .innerJoin(
      savedSearchMatches,
      and(eq(savedSearchMatches.savedSearchId, deliveryRules.savedSearchId), eq(savedSearchMatches.contentItemId, item.id)),
    )
    .where(eq(deliveryRules.active, true));
  if (rules.length === 0) return { ruleDeliveries: 0 };
  const fresh = await deps.db
    .insert(ruleDeliveries)
    .values(
      rules.map(({ rule }) => ({
        ruleId: rule.id,
        contentItemId: item.id,
        revision: news.revision,
        kind: 'file' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning();
  // A run cut short left some pending: they are taken up again with the new ones.
  const pending = await deps.db
    .select()
    .from(ruleDeliveries)
    .where(
      and(
        eq(ruleDeliveries.contentItemId, item.id),
        eq(ruleDeliveries.revision, news.revision),
        eq(ruleDeliveries.kind, 'file'),
        eq(ruleDeliveries.state, 'pending'),
        inArray(
          ruleDeliveries.ruleId,
          rules.map(({ rule }) => rule.id),
        ),
      ),
    );
  let licensed = 0;
  for (const delivery of pending) {
    const rule = rules.find((found) => found.rule.id === delivery.ruleId)?.rule;
    if (rule && (await license(deps, rule, delivery, item.videoProjectId))) licensed += 1;
  }
  return { ruleDeliveries: fresh.length, ruleLicensed: licensed };
};
