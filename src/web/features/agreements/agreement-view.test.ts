import { describe, expect, it } from 'vitest';
import type { Agreement } from '../../../common/agreements.ts';
import type { PlanRequest } from '../../../common/plan-requests.ts';
import {
  acceptance,
  agreementsInOrder,
  balanceBar,
  openRequests,
  planDetailsContent,
  renewalOf,
  rightsOf,
  usedUpMonthlyQuotas,
} from './agreement-view.ts';

/** The subscriber demo account's pass, as GET /api/current_user/agreements answers it. */
const pass: Agreement = {
  id: 1,
  status: 'active',
  agreement_type: 'pass',
  live_access: false,
  vod_access: true,
  access: 'video',
  billing_period: 'year',
  archival_days: null,
  duration: { value: 12, unit: 'months' },
  start_date: '2026-10-24',
  valid_till: '2027-10-24T12:13:02.189Z',
  auto_renewal: true,
  renewal_duration_months: 12,
  next_invoice: { date: '2027-10-24', amount_cents: 9600, currency: 'EUR' },
  balances: [
    { kind: 'standard', remaining: null, total: null, refills_monthly: false, valid_till: null },
    { kind: 'pool', remaining: 7, total: 10, refills_monthly: true, valid_till: null },
  ],
  top_up_price_cents: 2500,
  currency: 'EUR',
  platform_urls: [],
  unattended_delivery: false,
  owner: 'user',
  can_accept: false,
  can_change_renewal: true,
  can_buy_top_up: true,
  video_project_id: null,
  live_event_id: null,
};
const enterprise: Agreement = {
  ...pass,
  id: 2,
  agreement_type: 'regional',
  access: 'all_content',
  live_access: true,
  billing_period: 'month',
  auto_renewal: false,
  renewal_duration_months: null,
  next_invoice: null,
  owner: 'company',
  can_change_renewal: false,
  balances: [{ kind: 'standard', remaining: 50, total: 50, refills_monthly: true, valid_till: null }],
};
const request = (status: PlanRequest['status']): PlanRequest => ({
  id: 1,
  plan: 'enterprise',
  status,
  company_name: 'Rheinland TV',
  created_at: '2026-11-22T09:00:00Z',
  decided_at: null,
  agreement_id: null,
});

describe('plan details: balances (spec: accounts §2, §9)', () => {
  it('shows what is left of the period’s total as a bar, and no bar for no limit', () => {
    expect(pass.balances.map(balanceBar)).toEqual([
      { kind: 'standard', limited: false },
      { kind: 'pool', limited: true, remaining: 7, total: 10, percent: 70 },
    ]);
    expect(balanceBar({ kind: 'pool', remaining: 0, total: 0, refills_monthly: true, valid_till: null })).toMatchObject({ percent: 0 });
  });

  it('offers top-up items only for a monthly quota that is used up, on an active agreement', () => {
    expect(usedUpMonthlyQuotas(pass)).toEqual([]);
    const usedUp = { ...pass, balances: [{ kind: 'pool' as const, remaining: 0, total: 10, refills_monthly: true, valid_till: null }] };
    expect(usedUpMonthlyQuotas(usedUp)).toEqual(['pool']);
    expect(usedUpMonthlyQuotas({ ...usedUp, status: 'expired' })).toEqual([]);
    const grant = { ...pass, balances: [{ kind: 'standard' as const, remaining: 0, total: 20, refills_monthly: false, valid_till: null }] };
    expect(usedUpMonthlyQuotas(grant)).toEqual([]);
  });
});

describe('plan details: acceptance, renewal and rights (spec: accounts §4, §6)', () => {
  it('the master accepts a waiting agreement; anyone else is told to ask the master', () => {
    expect(acceptance(pass)).toBeNull();
    expect(acceptance({ ...enterprise, status: 'user_accepting', can_accept: true })).toBe('accept');
    expect(acceptance({ ...enterprise, status: 'user_accepting', can_accept: false })).toBe('ask_master');
  });

  it('auto-renewal renews on the day the pass runs to; agreements without renewal have none', () => {
    expect(renewalOf(pass)).toEqual({ on: true, date: '2027-10-24T12:13:02.189Z', months: 12, canChange: true });
    expect(renewalOf({ ...pass, auto_renewal: false, next_invoice: null })).toMatchObject({ on: false, date: pass.valid_till });
    expect(renewalOf(enterprise)).toBeNull();
  });

  it('branded files come with passes and branded types, not with a regional agreement', () => {
    expect(rightsOf(pass)).toEqual({ access: 'video', live: false, vod: true, archivalDays: null, branded: true });
    expect(rightsOf(enterprise).branded).toBe(false);
    expect(rightsOf({ ...enterprise, agreement_type: 'enterprise_branded' }).branded).toBe(true);
  });
});

describe('plan details: what the page is', () => {
  it('is empty only with no agreement, no request and no hidden unaccepted agreement', () => {
    expect(planDetailsContent({ agreements: [], has_unaccepted: false }, [])).toBe('empty');
    expect(planDetailsContent({ agreements: [], has_unaccepted: true }, [])).toBe('list');
    expect(planDetailsContent({ agreements: [], has_unaccepted: false }, [request('processing')])).toBe('list');
    expect(planDetailsContent({ agreements: [pass], has_unaccepted: false }, [])).toBe('list');
  });

  it('lists processing and failed requests (an approved one is its agreement), and waiting agreements first', () => {
    expect(openRequests([request('processing'), request('approved'), request('failed_to_qualify')]).map((r) => r.status)).toEqual([
      'processing',
      'failed_to_qualify',
    ]);
    expect(agreementsInOrder([pass, { ...enterprise, status: 'user_accepting' }]).map((a) => a.id)).toEqual([2, 1]);
  });
});
