import type { Agreement, AgreementStatus, AgreementType, ContentKind } from './agreements.ts';

/**
 * Who may have what (spec: accounts §4 "Agreements", §6; content §2 video page): one function the
 * server decides with and the browser shows badges and formats with.
 *
 * - A visitor must sign in; registered users get free material.
 * - Live material needs an active agreement of type one_off (a booking) or with live_access.
 * - On-demand material needs an active agreement with vod_access and a balance of the material's
 *   kind: pool material only under a pass or an agreement with a pool balance; 360 material only
 *   with a spherical balance; other material with a standard balance or no limit on it.
 * - A one-off licence covers only the video or live event it was bought for.
 */

export type AccessAgreement = {
  id: number;
  agreement_type: AgreementType;
  status: AgreementStatus;
  live_access: boolean;
  vod_access: boolean;
  /** Remaining per kind; null: no limit; a kind the agreement has no balance of is absent. */
  balances: Partial<Record<ContentKind, number | null>>;
  video_project_id?: number | null;
  live_event_id?: number | null;
};

export type Material =
  { kind: 'vod'; id: number; free_access: boolean; limit_type: string } | { kind: 'live'; id: number; free_access: boolean };

export const ACCESS_REASONS = [
  'login_required',
  'licence_required',
  'subscribers_only',
  'live_access_required',
  'balance_used_up',
] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export type AccessDecision =
  { allowed: true; agreementId: number | null; kind: ContentKind | null } | { allowed: false; reason: AccessReason };

/** The balance kind a video draws on: its limit type (pool, spherical), else standard. */
export function contentKindOf(material: { limit_type: string }): ContentKind {
  return material.limit_type === 'pool' || material.limit_type === 'spherical' ? material.limit_type : 'standard';
}

function coversOneOff(agreement: AccessAgreement, material: Material): boolean {
  return material.kind === 'vod' ? agreement.video_project_id === material.id : agreement.live_event_id === material.id;
}

/** Whether the agreement draws on a balance of this kind, and whether anything is left. */
function balanceFor(agreement: AccessAgreement, kind: ContentKind): 'none' | 'used_up' | 'available' {
  if (!(kind in agreement.balances)) {
    // A pass has no limit on standard material (spec §6: "unlimited on own content").
    return agreement.agreement_type === 'pass' && kind === 'standard' ? 'available' : 'none';
  }
  const remaining = agreement.balances[kind];
  return remaining === null || (remaining ?? 0) > 0 ? 'available' : 'used_up';
}

export function accessTo(caller: { signedIn: boolean; agreements: readonly AccessAgreement[] }, material: Material): AccessDecision {
  if (!caller.signedIn) return { allowed: false, reason: 'login_required' };
  if (material.free_access) return { allowed: true, agreementId: null, kind: null };
  const active = caller.agreements.filter((agreement) => agreement.status === 'active');

  // A one-off licence for this very material comes first: re-downloads are free (spec §6).
  const oneOff = active.find((agreement) => agreement.agreement_type === 'one_off' && coversOneOff(agreement, material));
  if (oneOff) return { allowed: true, agreementId: oneOff.id, kind: material.kind === 'vod' ? contentKindOf(material) : null };

  if (material.kind === 'live') {
    const live = active.find((agreement) => agreement.agreement_type !== 'one_off' && agreement.live_access);
    return live ? { allowed: true, agreementId: live.id, kind: null } : { allowed: false, reason: 'live_access_required' };
  }

  const kind = contentKindOf(material);
  let usedUp = false;
  for (const agreement of active) {
    if (agreement.agreement_type === 'one_off' || !agreement.vod_access) continue;
    const balance = balanceFor(agreement, kind);
    if (balance === 'available') return { allowed: true, agreementId: agreement.id, kind };
    if (balance === 'used_up') usedUp = true;
  }
  if (usedUp) return { allowed: false, reason: 'balance_used_up' };
  return { allowed: false, reason: kind === 'pool' ? 'subscribers_only' : 'licence_required' };
}

/** The access rules' view of an agreement as the agreements call answers it (the browser's badges). */
export function accessAgreementOf(agreement: Agreement, now: Date): AccessAgreement {
  const expired = agreement.valid_till !== null && Date.parse(agreement.valid_till) <= now.getTime();
  return {
    id: agreement.id,
    agreement_type: agreement.agreement_type,
    status: expired ? 'expired' : agreement.status,
    live_access: agreement.live_access,
    vod_access: agreement.vod_access,
    balances: Object.fromEntries(
      agreement.balances.map((balance) => [
        balance.kind,
        balance.valid_till && Date.parse(balance.valid_till) <= now.getTime() ? 0 : balance.remaining,
      ]),
    ),
    video_project_id: agreement.video_project_id,
    live_event_id: agreement.live_event_id,
  };
}
