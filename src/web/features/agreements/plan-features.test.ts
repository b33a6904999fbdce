import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../common/plans.ts';
import { planFeatures } from './plan-features.ts';

const pass: Plan = {
  id: 'pass-annually-eur',
  kind: 'pass',
  currency: 'EUR',
  price: { monthly_cents: 800, billed_cents: 9600, billing_period: 'year', months_free: 2 },
  minimum_term_months: 12,
  member_accounts: 2,
  pool_items_per_month: 10,
  archival_days: null,
  coverage: 'worldwide',
  live_access: false,
  branded: true,
  planning: false,
  platform_limits: {
    social_pages: 2,
    social_audience: 150_000,
    website_sessions: 90_000,
    website_days: 90,
    website_social_audience: 100_000,
  },
  action: { kind: 'buy', plan_id: 'pass-annually-eur' },
};
const enterprise: Plan = {
  ...pass,
  id: 'enterprise',
  kind: 'enterprise',
  price: null,
  minimum_term_months: null,
  member_accounts: null,
  pool_items_per_month: null,
  live_access: true,
  planning: true,
  platform_limits: null,
  action: { kind: 'request', request: 'enterprise' },
};

describe('what a plan card lists (spec: accounts §9)', () => {
  it('the pass: a 1-year term, 10 pool items a month, 2 member accounts, archiving for the life of the agreement', () => {
    expect(planFeatures(pass)).toEqual([
      { key: 'plans.features.minimumTermYears', values: { count: 1 } },
      { key: 'plans.features.worldwide' },
      { key: 'plans.features.poolItems', values: { count: 10 } },
      { key: 'plans.features.standardUnlimited' },
      { key: 'plans.features.branded' },
      { key: 'plans.features.memberAccounts', values: { count: 2 } },
      { key: 'plans.features.archivingForLife' },
    ]);
  });

  it('a requested plan: live, an agreed balance and team, planning', () => {
    const keys = planFeatures(enterprise).map((feature) => feature.key);
    expect(keys).toEqual([
      'plans.features.worldwide',
      'plans.features.live',
      'plans.features.agreedBalance',
      'plans.features.branded',
      'plans.features.agreedMembers',
      'plans.features.archivingForLife',
      'plans.features.planning',
    ]);
    expect(planFeatures({ ...enterprise, kind: 'regional', coverage: 'region', branded: false }).map((f) => f.key)).not.toContain(
      'plans.features.branded',
    );
  });

  it('a term that is not whole years is said in months; limited archiving in days', () => {
    const keys = planFeatures({ ...pass, minimum_term_months: 6, archival_days: 7 });
    expect(keys[0]).toEqual({ key: 'plans.features.minimumTermMonths', values: { count: 6 } });
    expect(keys).toContainEqual({ key: 'plans.features.archivingDays', values: { count: 7 } });
  });
});
