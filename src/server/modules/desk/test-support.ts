import type { DeskRole } from '../../../common/desk-roles.ts';
import type { TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';

/** Everyone an authorisation table over staff calls asks: the six roles of the rules, and staff by desk role. */
export const DESK_CALLERS = ['guest', 'user', 'member', 'master', 'otherMaster', 'bareAdmin', 'editor', 'live', 'sales', 'admin'] as const;
export type DeskCaller = (typeof DESK_CALLERS)[number];

/** A signed-in browser per caller; `bareAdmin` is an admin with no desk role (not staff). */
export async function deskCallers(t: TestApp): Promise<Record<DeskCaller, Browser> & { ids: Record<DeskCaller, number | null> }> {
  const a = agreementFixtures(t);
  const { master, member, otherMaster } = await a.team();
  const user = await a.signedIn();
  const staff = (roles: DeskRole[]) => a.signedIn({ isAdmin: true, deskRoles: roles });
  const [bareAdmin, editor, live, sales, admin] = await Promise.all([
    staff([]),
    staff(['editor']),
    staff(['live']),
    staff(['sales']),
    staff(['admin']),
  ]);
  const browsers = { user, member, master, otherMaster, bareAdmin, editor, live, sales, admin };
  return {
    guest: new Browser(t.app),
    ...Object.fromEntries(Object.entries(browsers).map(([name, entry]) => [name, entry.browser])),
    ids: { guest: null, ...Object.fromEntries(Object.entries(browsers).map(([name, entry]) => [name, entry.user.id])) },
  } as Record<DeskCaller, Browser> & { ids: Record<DeskCaller, number | null> };
}

/**
 * Expected statuses of a desk call (`/api/desk/…`): 404 to whoever is not staff (the desk does not
 * exist for them), 403 to staff without the role, `ok` to staff with it.
 */
export function deskExpectation(role: DeskRole | null, ok: number): Record<DeskCaller, number> {
  const staffStatus = (held: DeskRole) => (role === null || held === 'admin' || held === role ? ok : 403);
  return {
    guest: 404,
    user: 404,
    member: 404,
    master: 404,
    otherMaster: 404,
    bareAdmin: 404,
    editor: staffStatus('editor'),
    live: staffStatus('live'),
    sales: staffStatus('sales'),
    admin: ok,
  };
}

/**
 * Expected statuses of an admin call of the spec's (`/api/admin/…`, spec §6): 401 to a guest,
 * not_admin (403) to customers, 403 to admins without the desk role.
 */
export function adminExpectation(role: DeskRole, ok: number): Record<DeskCaller, number> {
  return { ...deskExpectation(role, ok), guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, bareAdmin: 403 };
}

export type StatusCall = { call: (who: Browser) => Promise<number>; expected: Record<DeskCaller, number> };

/** Runs every call as every caller; compare the answers with the expectations in one `toEqual`, so a failure shows the whole table. */
export async function statusTable(
  calls: Record<string, StatusCall>,
  callers: Record<DeskCaller, Browser>,
): Promise<{ answers: Record<string, Record<string, number>>; expected: Record<string, Record<string, number>> }> {
  const answers: Record<string, Record<string, number>> = {};
  const expected: Record<string, Record<string, number>> = {};
  for (const [name, { call, expected: statuses }] of Object.entries(calls)) {
    answers[name] = {};
    expected[name] = statuses;
    for (const caller of DESK_CALLERS) answers[name][caller] = await call(callers[caller]);
  }
  return { answers, expected };
}
