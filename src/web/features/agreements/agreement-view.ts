import { includesBrandedFiles } from '../../../common/agreement-values.ts';
import type { Agreement, AgreementsResponse, Balance, ContentKind } from '../../../common/agreements.ts';
import type { PlanRequest } from '../../../common/plan-requests.ts';

/**
 * What the plan-details page shows of an agreement (spec: accounts §2 plan details, §4, §6), as
 * plain decisions the page renders and the tests read.
 */

/** A balance as a bar: what is left of what the period started with; no bar for "no limit". */
export type BalanceBar =
  { kind: ContentKind; limited: false } | { kind: ContentKind; limited: true; remaining: number; total: number; percent: number };

export function balanceBar(balance: Balance): BalanceBar {
  if (balance.remaining === null || balance.total === null) return { kind: balance.kind, limited: false };
  const total = Math.max(balance.total, balance.remaining, 0);
  const remaining = Math.max(balance.remaining, 0);
  return { kind: balance.kind, limited: true, remaining, total, percent: total === 0 ? 0 : Math.round((remaining / total) * 100) };
}

/** Monthly quotas used up: the page offers top-up items for them (spec §9: sold when the monthly quota is reached). */
export function usedUpMonthlyQuotas(agreement: Agreement): ContentKind[] {
  if (agreement.status !== 'active') return [];
  return agreement.balances.filter((balance) => balance.refills_monthly && balance.remaining === 0).map((balance) => balance.kind);
}

/**
 * Who may accept an agreement that waits for acceptance: the caller (the company's master, or the
 * user it belongs to), else the spec's message to contact the master (spec §6, §8).
 */
export function acceptance(agreement: Agreement): 'accept' | 'ask_master' | null {
  if (agreement.status !== 'user_accepting') return null;
  return agreement.can_accept ? 'accept' : 'ask_master';
}

/**
 * Auto-renewal (spec §4 "Pass auto-renewal"): on or off, and the renewal date, which is the day the
 * agreement runs to: opting out keeps it valid until then.
 */
export type Renewal = { on: boolean; date: string | null; months: number; canChange: boolean };

export function renewalOf(agreement: Agreement): Renewal | null {
  if (agreement.renewal_duration_months === null) return null;
  return {
    on: agreement.auto_renewal,
    date: agreement.valid_till ?? agreement.next_invoice?.date ?? null,
    months: agreement.renewal_duration_months,
    canChange: agreement.can_change_renewal,
  };
}

export type AgreementRights = { access: Agreement['access']; live: boolean; vod: boolean; archivalDays: number | null; branded: boolean };

export function rightsOf(agreement: Agreement): AgreementRights {
  return {
    access: agreement.access,
    live: agreement.live_access,
    vod: agreement.vod_access,
    archivalDays: agreement.archival_days,
    branded: includesBrandedFiles(agreement.agreement_type),
  };
}

/**
 * What the page is: nothing at all (the empty state with a link to the plans), or the lists. A
 * company's unaccepted agreement that the caller is not shown still says so (spec §4).
 */
export function planDetailsContent(answer: AgreementsResponse, requests: readonly PlanRequest[]): 'empty' | 'list' {
  return answer.agreements.length === 0 && requests.length === 0 && !answer.has_unaccepted ? 'empty' : 'list';
}

/** Requests worth a line: those still processing or that failed to qualify; an approved one is its agreement. */
export function openRequests(requests: readonly PlanRequest[]): PlanRequest[] {
  return requests.filter((request) => request.status !== 'approved');
}

/** Agreements waiting for acceptance first, then the others as the server orders them (oldest first). */
export function agreementsInOrder(agreements: readonly Agreement[]): Agreement[] {
  const waiting = agreements.filter((agreement) => agreement.status === 'user_accepting');
  return [...waiting, ...agreements.filter((agreement) => agreement.status !== 'user_accepting')];
}
