import type { Plan } from '../../../common/plans.ts';

/** One line of what a plan includes: a catalogue key and the values it names. */
export type PlanFeature = { key: string; values?: Record<string, number> };

/**
 * What a plan card lists (spec: accounts §2 choose-plan page, §9), in the order a buyer reads it:
 * term and billing, what may be downloaded, the team, keeping the files, the licensed platforms.
 * Numbers come from the catalogue the server answers; the texts are the page's language.
 */
export function planFeatures(plan: Plan): PlanFeature[] {
  const features: PlanFeature[] = [];
  if (plan.minimum_term_months !== null)
    features.push(
      plan.minimum_term_months % 12 === 0
        ? { key: 'plans.features.minimumTermYears', values: { count: plan.minimum_term_months / 12 } }
        : { key: 'plans.features.minimumTermMonths', values: { count: plan.minimum_term_months } },
    );
  features.push({ key: plan.coverage === 'region' ? 'plans.features.region' : 'plans.features.worldwide' });
  if (plan.live_access) features.push({ key: 'plans.features.live' });
  features.push(
    plan.pool_items_per_month === null
      ? { key: 'plans.features.agreedBalance' }
      : { key: 'plans.features.poolItems', values: { count: plan.pool_items_per_month } },
  );
  if (plan.kind === 'pass') features.push({ key: 'plans.features.standardUnlimited' });
  if (plan.branded) features.push({ key: 'plans.features.branded' });
  features.push(
    plan.member_accounts === null
      ? { key: 'plans.features.agreedMembers' }
      : { key: 'plans.features.memberAccounts', values: { count: plan.member_accounts } },
  );
  features.push(
    plan.archival_days === null
      ? { key: 'plans.features.archivingForLife' }
      : { key: 'plans.features.archivingDays', values: { count: plan.archival_days } },
  );
  if (plan.planning) features.push({ key: 'plans.features.planning' });
  return features;
}
