import { describe, expect, it } from 'vitest';
import { accessTo, type AccessAgreement, type AccessReason, type Material } from './access.ts';
import type { AgreementType } from './agreements.ts';

const agreement = (type: AgreementType, fields: Partial<AccessAgreement> = {}): AccessAgreement => ({
  id: 1,
  agreement_type: type,
  status: 'active',
  live_access: false,
  vod_access: true,
  balances: {},
  ...fields,
});

const VIDEO = 42;
const material = {
  free: { kind: 'vod', id: VIDEO, free_access: true, limit_type: 'standard' },
  standard: { kind: 'vod', id: VIDEO, free_access: false, limit_type: 'standard' },
  pool: { kind: 'vod', id: VIDEO, free_access: false, limit_type: 'pool' },
  spherical: { kind: 'vod', id: VIDEO, free_access: false, limit_type: 'spherical' },
  live: { kind: 'live', id: 7, free_access: false },
} satisfies Record<string, Material>;
type Kind = keyof typeof material;

/** Who asks: a visitor, a registered user, and holders of each kind of agreement. */
const callers = {
  visitor: { signedIn: false, agreements: [] },
  registered: { signedIn: true, agreements: [] },
  pass: { signedIn: true, agreements: [agreement('pass', { balances: { pool: 10 } })] },
  passPoolUsedUp: { signedIn: true, agreements: [agreement('pass', { balances: { pool: 0 } })] },
  enterprise: {
    signedIn: true,
    agreements: [agreement('enterprise_branded', { live_access: true, balances: { standard: 100, pool: 5, spherical: 2 } })],
  },
  enterpriseNoPool: { signedIn: true, agreements: [agreement('enterprise', { balances: { standard: 100 } })] },
  enterpriseUsedUp: { signedIn: true, agreements: [agreement('enterprise', { balances: { standard: 0 } })] },
  enterpriseUnaccepted: {
    signedIn: true,
    agreements: [agreement('enterprise', { status: 'user_accepting', live_access: true, balances: { standard: 100, pool: 5 } })],
  },
  liveOnly: { signedIn: true, agreements: [agreement('connect', { vod_access: false, live_access: true, balances: { standard: 10 } })] },
  oneOffThisVideo: { signedIn: true, agreements: [agreement('one_off', { video_project_id: VIDEO, balances: { standard: 0 } })] },
  oneOffOtherVideo: { signedIn: true, agreements: [agreement('one_off', { video_project_id: VIDEO + 1 })] },
  oneOffLiveEvent: { signedIn: true, agreements: [agreement('one_off', { live_event_id: 7, vod_access: false })] },
  trialUnlimited: { signedIn: true, agreements: [agreement('trial', { balances: { standard: null } })] },
} satisfies Record<string, { signedIn: boolean; agreements: AccessAgreement[] }>;

type Expected = Record<Kind, true | AccessReason>;
const TABLE: Record<keyof typeof callers, Expected> = {
  visitor: {
    free: 'login_required',
    standard: 'login_required',
    pool: 'login_required',
    spherical: 'login_required',
    live: 'login_required',
  },
  registered: {
    free: true,
    standard: 'licence_required',
    pool: 'subscribers_only',
    spherical: 'licence_required',
    live: 'live_access_required',
  },
  pass: { free: true, standard: true, pool: true, spherical: 'licence_required', live: 'live_access_required' },
  passPoolUsedUp: { free: true, standard: true, pool: 'balance_used_up', spherical: 'licence_required', live: 'live_access_required' },
  enterprise: { free: true, standard: true, pool: true, spherical: true, live: true },
  enterpriseNoPool: { free: true, standard: true, pool: 'subscribers_only', spherical: 'licence_required', live: 'live_access_required' },
  enterpriseUsedUp: {
    free: true,
    standard: 'balance_used_up',
    pool: 'subscribers_only',
    spherical: 'licence_required',
    live: 'live_access_required',
  },
  enterpriseUnaccepted: {
    free: true,
    standard: 'licence_required',
    pool: 'subscribers_only',
    spherical: 'licence_required',
    live: 'live_access_required',
  },
  liveOnly: { free: true, standard: 'licence_required', pool: 'subscribers_only', spherical: 'licence_required', live: true },
  oneOffThisVideo: { free: true, standard: true, pool: true, spherical: true, live: 'live_access_required' },
  oneOffOtherVideo: {
    free: true,
    standard: 'licence_required',
    pool: 'subscribers_only',
    spherical: 'licence_required',
    live: 'live_access_required',
  },
  oneOffLiveEvent: { free: true, standard: 'licence_required', pool: 'subscribers_only', spherical: 'licence_required', live: true },
  trialUnlimited: { free: true, standard: true, pool: 'subscribers_only', spherical: 'licence_required', live: 'live_access_required' },
};

describe('access rules (spec: accounts §4 "Agreements", §6): caller × material', () => {
  for (const [who, expected] of Object.entries(TABLE) as [keyof typeof callers, Expected][]) {
    for (const [kind, outcome] of Object.entries(expected) as [Kind, true | AccessReason][]) {
      it(`${who} → ${kind}: ${outcome === true ? 'allowed' : outcome}`, () => {
        const decision = accessTo(callers[who], material[kind]);
        expect(decision.allowed ? true : decision.reason).toBe(outcome);
      });
    }
  }

  it('names the agreement that pays, the one-off licence of the very video first', () => {
    const both = {
      signedIn: true,
      agreements: [agreement('enterprise', { id: 5, balances: { standard: 3 } }), agreement('one_off', { id: 9, video_project_id: VIDEO })],
    };
    expect(accessTo(both, material.standard)).toEqual({ allowed: true, agreementId: 9, kind: 'standard' });
    expect(accessTo(callers.enterprise, material.spherical)).toEqual({ allowed: true, agreementId: 1, kind: 'spherical' });
    expect(accessTo(callers.registered, material.free)).toEqual({ allowed: true, agreementId: null, kind: null });
  });

  it('an agreement with a used-up balance gives way to another that still has one', () => {
    const two = {
      signedIn: true,
      agreements: [
        agreement('enterprise', { id: 1, balances: { standard: 0 } }),
        agreement('bundle', { id: 2, balances: { standard: 4 } }),
      ],
    };
    expect(accessTo(two, material.standard)).toEqual({ allowed: true, agreementId: 2, kind: 'standard' });
  });
});
