import { describe, expect, it } from 'vitest';
import {
  accessTo,
  LIVE_ACTIONS,
  LIVE_AUDIENCES,
  liveAccessTo,
  whoMayWatch,
  type AccessAgreement,
  type AccessReason,
  type LiveAction,
  type LiveAudience,
  type LiveViewer,
  type Material,
} from './access.ts';
import type { LiveAccess } from './live.ts';
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
  },
  registered: {
    free: true,
    standard: 'licence_required',
    pool: 'subscribers_only',
    spherical: 'licence_required',
  },
  pass: { free: true, standard: true, pool: true, spherical: 'licence_required' },
  passPoolUsedUp: { free: true, standard: true, pool: 'balance_used_up', spherical: 'licence_required' },
  enterprise: { free: true, standard: true, pool: true, spherical: true },
  enterpriseNoPool: { free: true, standard: true, pool: 'subscribers_only', spherical: 'licence_required' },
  enterpriseUsedUp: {
    free: true,
    standard: 'balance_used_up',
    pool: 'subscribers_only',
    spherical: 'licence_required',
  },
  enterpriseUnaccepted: {
    free: true,
    standard: 'licence_required',
    pool: 'subscribers_only',
    spherical: 'licence_required',
  },
  liveOnly: { free: true, standard: 'licence_required', pool: 'subscribers_only', spherical: 'licence_required' },
  oneOffThisVideo: { free: true, standard: true, pool: true, spherical: true },
  oneOffOtherVideo: {
    free: true,
    standard: 'licence_required',
    pool: 'subscribers_only',
    spherical: 'licence_required',
  },
  oneOffLiveEvent: { free: true, standard: 'licence_required', pool: 'subscribers_only', spherical: 'licence_required' },
  trialUnlimited: { free: true, standard: true, pool: 'subscribers_only', spherical: 'licence_required' },
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

describe('the live table (spec: content §1, §6; accounts §4): viewer × event access × action', () => {
  const EVENT = 7;
  const viewers = {
    visitor: { signedIn: false, userGroup: null, agreements: [] },
    registered: { signedIn: true, userGroup: 'other', agreements: [] },
    pass: { signedIn: true, userGroup: 'customer', agreements: [agreement('pass', { balances: { pool: 10 } })] },
    passExpired: { signedIn: true, userGroup: 'customer', agreements: [agreement('pass', { status: 'expired', balances: { pool: 10 } })] },
    livePlan: { signedIn: true, userGroup: 'customer', agreements: [agreement('connect', { vod_access: false, live_access: true })] },
    vodPlan: { signedIn: true, userGroup: 'customer', agreements: [agreement('enterprise', { balances: { standard: 100 } })] },
    bookedThis: {
      signedIn: true,
      userGroup: 'customer',
      agreements: [agreement('one_off', { live_event_id: EVENT, live_access: true, vod_access: false })],
    },
    bookedOther: {
      signedIn: true,
      userGroup: 'customer',
      agreements: [agreement('one_off', { live_event_id: EVENT + 1, live_access: true, vod_access: false })],
    },
    client: { signedIn: true, userGroup: 'client', agreements: [] },
  } satisfies Record<string, LiveViewer>;
  type Outcome = true | AccessReason;
  /** Per event access: [watch, follow, book, restream]. */
  type Row = Record<LiveAccess, [Outcome, Outcome, Outcome, Outcome]>;
  const no = 'live_access_required' as const;
  const login = 'login_required' as const;
  const clients = 'clients_only' as const;
  const LIVE_TABLE: Record<keyof typeof viewers, Row> = {
    visitor: { free: [login, login, login, login], pool: [login, login, login, login], client: [login, login, login, login] },
    registered: { free: [true, true, true, true], pool: [no, true, true, no], client: [clients, clients, clients, clients] },
    pass: { free: [true, true, true, true], pool: [true, true, true, true], client: [clients, clients, clients, clients] },
    passExpired: { free: [true, true, true, true], pool: [no, true, true, no], client: [clients, clients, clients, clients] },
    livePlan: { free: [true, true, true, true], pool: [true, true, true, true], client: [clients, clients, clients, clients] },
    vodPlan: { free: [true, true, true, true], pool: [no, true, true, no], client: [clients, clients, clients, clients] },
    bookedThis: { free: [true, true, true, true], pool: [true, true, true, true], client: [clients, clients, clients, clients] },
    bookedOther: { free: [true, true, true, true], pool: [no, true, true, no], client: [clients, clients, clients, clients] },
    client: { free: [true, true, true, true], pool: [no, true, true, no], client: [true, true, true, true] },
  };
  for (const [who, row] of Object.entries(LIVE_TABLE) as [keyof typeof viewers, Row][]) {
    for (const [access, outcomes] of Object.entries(row) as [LiveAccess, Outcome[]][]) {
      it(`${who} × ${access} event: ${LIVE_ACTIONS.map((action, i) => `${action} ${outcomes[i] === true ? 'yes' : outcomes[i]}`).join(', ')}`, () => {
        const got = LIVE_ACTIONS.map((action: LiveAction) => {
          const decision = liveAccessTo(viewers[who], { id: EVENT, access }, action);
          return decision.allowed ? true : decision.reason;
        });
        expect(got).toEqual(outcomes);
      });
    }
  }
});

describe('who may watch, as the event page says it: exactly the viewers the live table lets watch', () => {
  const EVENT = 7;
  /** Viewers, and the audiences each belongs to (a pass holder is a registered user too). */
  const viewers: [string, LiveViewer, LiveAudience[]][] = [
    ['visitor', { signedIn: false, userGroup: null, agreements: [] }, []],
    ['registered', { signedIn: true, userGroup: 'other', agreements: [] }, ['registered']],
    ['pass', { signedIn: true, userGroup: 'customer', agreements: [agreement('pass')] }, ['registered', 'subscribers']],
    ['expired pass', { signedIn: true, userGroup: 'customer', agreements: [agreement('pass', { status: 'expired' })] }, ['registered']],
    [
      'live plan',
      { signedIn: true, userGroup: 'customer', agreements: [agreement('connect', { vod_access: false, live_access: true })] },
      ['registered', 'live_plans'],
    ],
    ['on-demand plan', { signedIn: true, userGroup: 'customer', agreements: [agreement('enterprise')] }, ['registered']],
    [
      'booked this event',
      { signedIn: true, userGroup: 'customer', agreements: [agreement('one_off', { live_event_id: EVENT, vod_access: false })] },
      ['registered', 'bookings'],
    ],
    [
      'booked another event',
      { signedIn: true, userGroup: 'customer', agreements: [agreement('one_off', { live_event_id: EVENT + 1, vod_access: false })] },
      ['registered'],
    ],
    ['client', { signedIn: true, userGroup: 'client', agreements: [] }, ['registered', 'clients']],
    [
      'client with a pass',
      { signedIn: true, userGroup: 'client', agreements: [agreement('pass')] },
      ['registered', 'clients', 'subscribers'],
    ],
  ];
  for (const access of ['free', 'pool', 'client'] as const) {
    it(`${access} event: ${whoMayWatch(access).join(', ')}`, () => {
      expect(whoMayWatch(access).every((audience) => LIVE_AUDIENCES.includes(audience))).toBe(true);
      for (const [who, viewer, audiences] of viewers) {
        const named = audiences.some((audience) => whoMayWatch(access).includes(audience));
        expect(liveAccessTo(viewer, { id: EVENT, access }, 'watch').allowed, who).toBe(named);
      }
    });
  }
});
