import { and, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { contentKindOf } from '../../../common/access.ts';
import type { ContentKind, Currency } from '../../../common/agreement-values.ts';
import { ONE_OFF_CENTS, PENDING_PASS_ABANDONED_MS, type PurchaseKind } from '../../../common/payment-values.ts';
import type { Product } from '../../../common/payments.ts';
import { canonicalPlanId, passPlanId } from '../../../common/plan-values.ts';
import type { Db } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import type { Tx } from '../agreements/operations.ts';
import { agreementBalances, agreements } from '../agreements/schema.ts';
import { mayManage } from '../agreements/service.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { passNetCents } from './prices.ts';
import { billingSnapshot } from './billing.ts';
import { transactions, type BillingSnapshot, type OrderDetails } from './schema.ts';

/** What a purchase buys, priced net in the variant's currency. */
export type Order = {
  kind: Extract<PurchaseKind, 'pass' | 'one_off' | 'top_up'>;
  currency: Currency;
  netCents: number;
  description: string;
  planId: string | null;
  videoProjectId: number | null;
  /** A top-up's agreement. */
  agreementId: number | null;
  contentKind: ContentKind | null;
  details: OrderDetails;
};

/** A pass purchase left at the bank's extra step this long is given up (incomplete). */
const ABANDONED_AFTER_MS = PENDING_PASS_ABANDONED_MS;

export const billingCountryMissing = () =>
  new Invalid({
    code: 'billing_country_missing',
    field: 'country_id',
    message: 'The Country field in billing information must be filled in billing settings',
  });

export async function orderFor(db: Db, currency: Currency, product: Product, user: UserRow | null = null): Promise<Order> {
  if (product.type === 'top_up') return topUpOrder(db, product, user);
  if (product.type === 'pass') {
    const plan = canonicalPlanId(product.subscription.plan_id);
    if (plan !== passPlanId(currency)) throw new NotFound({ code: 'plan_not_found', message: 'No such plan here' });
    const { project_name: projectName, url_1: url1, url_2: url2 } = product.subscription;
    return {
      kind: 'pass',
      currency,
      netCents: passNetCents(currency),
      description: `Pass, 12 months: ${projectName}`,
      planId: plan,
      videoProjectId: null,
      agreementId: null,
      contentKind: null,
      details: { plan_id: plan, project_name: projectName, platform_urls: [url1, url2].filter((url) => url !== '') },
    };
  }
  const [video] = await db
    .select({ id: videoProjects.id, title: videoProjects.title, freeAccess: videoProjects.freeAccess, limitType: videoProjects.limitType })
    .from(videoProjects)
    .where(eq(videoProjects.id, product.video_project_id));
  if (!video) throw new NotFound({ code: 'video_not_found', message: 'Video not found' });
  if (video.freeAccess) throw new Conflict({ code: 'free_content', message: 'This video is free for registered users' });
  const kind = contentKindOf({ limit_type: video.limitType });
  return {
    kind: 'one_off',
    currency,
    netCents: ONE_OFF_CENTS[currency][kind],
    description: `One-off licence: ${video.title}`,
    planId: null,
    videoProjectId: video.id,
    agreementId: null,
    contentKind: kind,
    details: { video_title: video.title, content_kind: kind },
  };
}

/**
 * Spec §9: top-up items for an agreement the buyer manages, at its top-up price, once a monthly
 * quota of that kind is used up; they count for the month they are bought in.
 */
async function topUpOrder(db: Db, product: Extract<Product, { type: 'top_up' }>, user: UserRow | null): Promise<Order> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, product.agreement_id));
  const serves = row && user && (user.isAdmin || row.userId === user.id || (row.companyId !== null && row.companyId === user.companyId));
  if (!row || !user || !serves) throw new NotFound({ code: 'agreement_not_found', message: 'Agreement not found' });
  if (!mayManage(user, row)) throw new Forbidden({ code: 'not_master', message: 'Only the master account changes agreements' });
  if (row.status !== 'active' || row.topUpPriceCents === null)
    throw new Conflict({ code: 'top_up_not_available', message: 'This agreement sells no top-up items' });
  const [balance] = await db
    .select()
    .from(agreementBalances)
    .where(and(eq(agreementBalances.agreementId, row.id), eq(agreementBalances.kind, product.kind)));
  if (!balance || balance.refillAmount === null)
    throw new Conflict({ code: 'top_up_not_available', message: 'This agreement has no monthly quota of that kind' });
  if (balance.amount > 0)
    throw new Conflict({ code: 'quota_not_used_up', message: 'Top-up items are sold once the monthly quota is used up' });
  return {
    kind: 'top_up',
    currency: row.currency,
    netCents: row.topUpPriceCents * product.quantity,
    description: `Top-up: ${product.quantity} × ${product.kind}`,
    planId: null,
    videoProjectId: null,
    agreementId: row.id,
    contentKind: product.kind,
    details: { content_kind: product.kind, quantity: product.quantity },
  };
}

/**
 * Spec §5: one pass per user, and nobody pays twice for what they hold. Called under the user's
 * row lock, so two purchases of one user decide one after the other.
 */
export async function assertMayBuy(tx: Tx, user: UserRow, order: Order, now: Date): Promise<void> {
  // The same rule as GET /api/current_user/agreements/purchase_possibility: clients buy through their agreements.
  if (user.userGroup === 'client') throw new Forbidden({ code: 'client_account', message: 'Your account buys through its agreements' });
  const ownedByUser = user.companyId
    ? or(eq(agreements.userId, user.id), eq(agreements.companyId, user.companyId))
    : eq(agreements.userId, user.id);
  if (order.kind === 'pass') {
    await tx
      .update(transactions)
      .set({ status: 'incomplete', updatedAt: now })
      .where(
        and(
          eq(transactions.userId, user.id),
          eq(transactions.status, 'pending'),
          lt(transactions.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
        ),
      );
    const [held] = await tx
      .select({ id: agreements.id, status: agreements.status })
      .from(agreements)
      .where(
        and(
          eq(agreements.userId, user.id),
          eq(agreements.agreementType, 'pass'),
          or(
            // An application waiting for its verification holds the place (docs/decisions.md "Applying for a pass").
            eq(agreements.status, 'processing'),
            and(inArray(agreements.status, ['active', 'user_accepting']), gt(agreements.validTill, now)),
          ),
        ),
      );
    if (held?.status === 'processing')
      throw new Conflict({ code: 'pass_in_verification', message: 'Your pass application is being verified' });
    if (held) throw new Conflict({ code: 'pass_already_held', message: 'You already have a pass' });
    const [pending] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.kind, 'pass'), eq(transactions.status, 'pending')));
    if (pending) throw new Conflict({ code: 'pass_purchase_in_progress', message: 'A payment for your pass is already in progress' });
    return;
  }
  if (order.kind === 'top_up') {
    const [pending] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(eq(transactions.userId, user.id), eq(transactions.status, 'pending'), eq(transactions.agreementId, order.agreementId ?? 0)),
      );
    if (pending) throw new Conflict({ code: 'purchase_in_progress', message: 'A payment for these items is already in progress' });
    return;
  }
  const [licensed] = await tx
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        ownedByUser,
        eq(agreements.agreementType, 'one_off'),
        eq(agreements.status, 'active'),
        eq(agreements.videoProjectId, order.videoProjectId ?? 0),
        gt(agreements.validTill, now),
      ),
    );
  if (licensed) throw new Conflict({ code: 'already_licensed', message: 'You already hold a licence for this video' });
  const [pending] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, user.id),
        eq(transactions.status, 'pending'),
        eq(transactions.videoProjectId, order.videoProjectId ?? 0),
        gt(transactions.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    );
  if (pending) throw new Conflict({ code: 'purchase_in_progress', message: 'A payment for this video is already in progress' });
}

/** The buyer as invoiced, from their billing settings; a purchase needs the country (spec §8). */
export async function billingSnapshotOf(db: Db, user: UserRow): Promise<BillingSnapshot> {
  const snapshot = await billingSnapshot({ db }, user);
  if (!snapshot) throw billingCountryMissing();
  return snapshot;
}

/** What a price is of: the plan, a video, or an agreement's top-up. */
export function priceName(order: Order): string {
  if (order.planId) return order.planId;
  return order.kind === 'top_up' ? `top-up-${order.agreementId}` : `video-${order.videoProjectId}`;
}
