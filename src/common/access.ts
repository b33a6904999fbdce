import type { UserGroup } from './accounts.ts';
import type { Agreement, AgreementStatus, AgreementType, ContentKind } from './agreements.ts';
import type { LiveAccess } from './live.ts';

/**
 * Who may have what (spec: accounts §4 "Agreements", §6; content §2 video page): one function the
 * server decides with and the browser shows badges and formats with.
 *
 * - A visitor must sign in; registered users get free material.
 * - Live events follow their own table (liveAccessTo below).
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

export type Material = { kind: 'vod'; id: number; free_access: boolean; limit_type: string };

/** Why on-demand material is refused; the live table adds its own two. */
export const VOD_REASONS = ['login_required', 'licence_required', 'subscribers_only', 'balance_used_up'] as const;
export type VodReason = (typeof VOD_REASONS)[number];
export const ACCESS_REASONS = [...VOD_REASONS, 'live_access_required', 'clients_only'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export type AccessDecision<Reason extends AccessReason = AccessReason> =
  { allowed: true; agreementId: number | null; kind: ContentKind | null } | { allowed: false; reason: Reason };

/** The balance kind a video draws on: its limit type (pool, spherical), else standard. */
export function contentKindOf(material: { limit_type: string }): ContentKind {
  return material.limit_type === 'pool' || material.limit_type === 'spherical' ? material.limit_type : 'standard';
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

export function accessTo(
  caller: { signedIn: boolean; agreements: readonly AccessAgreement[] },
  material: Material,
): AccessDecision<VodReason> {
  if (!caller.signedIn) return { allowed: false, reason: 'login_required' };
  if (material.free_access) return { allowed: true, agreementId: null, kind: null };
  const active = caller.agreements.filter((agreement) => agreement.status === 'active');

  // A one-off licence for this very material comes first: re-downloads are free (spec §6).
  const oneOff = active.find((agreement) => agreement.agreement_type === 'one_off' && agreement.video_project_id === material.id);
  if (oneOff) return { allowed: true, agreementId: oneOff.id, kind: contentKindOf(material) };

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

/** What a viewer may do with a live event: watch it (the player), follow, book, restream it to their own targets. */
export const LIVE_ACTIONS = ['watch', 'follow', 'book', 'restream'] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

export type LiveViewer = { signedIn: boolean; userGroup: UserGroup | null; agreements: readonly AccessAgreement[] };

const allowLive = (agreementId: number | null): AccessDecision => ({ allowed: true, agreementId, kind: null });
const denyLive = (reason: AccessReason): AccessDecision => ({ allowed: false, reason });

/**
 * The live table, viewer × event access → watch, follow, book, restream (spec: content §1 "Pool
 * live events are for subscribers only; free events are for registered users; some live events
 * are client-only", §6 "Following and booking need sign-in"; accounts §4 "Live access needs
 * agreement_type one_off or live_access"). The server decides with it and the event page shows
 * what it allows; access.test.ts holds the whole table.
 *
 * - Nothing without sign-in: a visitor sees the event page and is asked to sign in.
 * - A client-only event is the agency's clients' (user group client), and only theirs: no plan
 *   or booking opens it to anyone else.
 * - Following and booking: any signed-in viewer the event is for.
 * - Watching and restreaming a free event: any signed-in viewer; a pool event: a subscriber (a
 *   pass), a plan with live access, or a booking of this event (a one-off licence for it); a
 *   client-only event: the client group.
 */
export function liveAccessTo(viewer: LiveViewer, event: { id: number; access: LiveAccess }, action: LiveAction): AccessDecision {
  if (!viewer.signedIn) return denyLive('login_required');
  if (event.access === 'client') return viewer.userGroup === 'client' ? allowLive(null) : denyLive('clients_only');
  if (action === 'follow' || action === 'book' || event.access === 'free') return allowLive(null);
  const active = viewer.agreements.filter((agreement) => agreement.status === 'active');
  const booking = active.find((agreement) => agreement.agreement_type === 'one_off' && agreement.live_event_id === event.id);
  const plan = active.find(
    (agreement) => agreement.agreement_type !== 'one_off' && (agreement.live_access || agreement.agreement_type === 'pass'),
  );
  const entitled = booking ?? plan;
  return entitled ? allowLive(entitled.id) : denyLive('live_access_required');
}

/** The viewers the live table names: who an event page says may watch. */
export const LIVE_AUDIENCES = ['registered', 'subscribers', 'live_plans', 'bookings', 'clients'] as const;
export type LiveAudience = (typeof LIVE_AUDIENCES)[number];

/**
 * Who may watch an event of each access setting, as liveAccessTo decides (the event page's "Who may
 * watch"): a signed-in viewer in any one of these may, no one else. access.test.ts checks it against
 * the table, so the words cannot drift from the rule.
 */
export function whoMayWatch(access: LiveAccess): LiveAudience[] {
  if (access === 'client') return ['clients'];
  if (access === 'free') return ['registered'];
  return ['subscribers', 'live_plans', 'bookings'];
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
