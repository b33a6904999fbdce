import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, deskMeSchema, staffResponseSchema } from '../../../common/desk.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, errors } from '../../test/http.ts';
import { adminExpectation, deskCallers, deskExpectation, statusTable, type DeskCaller, type StatusCall } from './test-support.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(() => t.close());

const idOf = (caller: DeskCaller) => callers.ids[caller] ?? 0;

describe('the desk: staff roles and the audit log', () => {
  it('guest, customers, an admin without desk roles and staff by role each get exactly their rights on every desk call', async () => {
    const calls: Record<string, StatusCall> = {
      'GET me': { call: async (who) => (await who.get('/api/desk/me')).statusCode, expected: deskExpectation(null, 200) },
      'GET staff': { call: async (who) => (await who.get('/api/desk/staff')).statusCode, expected: deskExpectation('admin', 200) },
      'PUT staff roles': {
        call: async (who) => (await who.put(`/api/desk/staff/${idOf('sales')}`, { desk_roles: ['sales'] })).statusCode,
        expected: deskExpectation('admin', 200),
      },
      'GET audit': { call: async (who) => (await who.get('/api/desk/audit')).statusCode, expected: deskExpectation('admin', 200) },
      'GET client errors': {
        call: async (who) => (await who.get('/api/desk/client_errors')).statusCode,
        expected: deskExpectation('admin', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it("the spec's admin calls need the desk role they belong to: live events and alert bars live, the business calls sales", async () => {
    const calls: Record<string, StatusCall> = {
      'GET a live event': {
        call: async (who) => (await who.get('/api/admin/content/live/events/999999')).statusCode,
        expected: adminExpectation('live', 404),
      },
      'DELETE an alert': {
        call: async (who) => (await who.delete('/api/admin/content/alerts/999999')).statusCode,
        expected: adminExpectation('live', 404),
      },
      'GET plan requests': {
        call: async (who) => (await who.get('/api/admin/agreement_requests')).statusCode,
        expected: adminExpectation('sales', 200),
      },
      'GET vacancies': { call: async (who) => (await who.get('/api/admin/careers')).statusCode, expected: adminExpectation('sales', 200) },
      'GET world-exclusive requests': {
        call: async (who) => (await who.get('/api/admin/world_exclusive_requests')).statusCode,
        expected: adminExpectation('sales', 200),
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('a call that is not there for a customer looks exactly like a route that does not exist', async () => {
    const missing = await callers.user.get('/api/desk/no-such-call');
    const hidden = await callers.user.get('/api/desk/staff');
    expect([hidden.statusCode, codes(hidden)]).toEqual([missing.statusCode, codes(missing)]);
    const denied = await callers.editor.get('/api/desk/staff');
    expect([denied.statusCode, codes(denied)]).toEqual([403, ['desk_role_required']]);
  });

  it('tells staff who they are and what they may open', async () => {
    const me = deskMeSchema.parse((await callers.live.get('/api/desk/me')).json());
    expect(me).toMatchObject({ id: idOf('live'), desk_roles: ['live'] });
  });

  it('an admin sets roles; the change is in the audit log with who, when, before and after, and the filters find it', async () => {
    const target = idOf('editor');
    const changed = await callers.admin.put(`/api/desk/staff/${target}`, { desk_roles: ['editor', 'live', 'editor'] });
    expect(changed.json()).toMatchObject({ id: target, desk_roles: ['editor', 'live'] });
    const staff = staffResponseSchema.parse((await callers.admin.get('/api/desk/staff')).json()).staff;
    expect(staff.find((member) => member.id === target)?.desk_roles).toEqual(['editor', 'live']);
    // Only admins are staff: a customer cannot be given a desk role.
    const customer = await callers.admin.put(`/api/desk/staff/${idOf('user')}`, { desk_roles: ['editor'] });
    expect([customer.statusCode, codes(customer)]).toEqual([404, ['staff_not_found']]);

    const page = auditPageSchema.parse((await callers.admin.get(`/api/desk/audit?subject_type=staff&subject_id=${target}`)).json());
    expect(page.entries[0]).toMatchObject({
      action: 'staff.roles',
      actor: { id: idOf('admin') },
      before: { desk_roles: ['editor'] },
      after: { desk_roles: ['editor', 'live'] },
      at: t.services.clock.now().toISOString(),
    });
    const byOther = auditPageSchema.parse((await callers.admin.get(`/api/desk/audit?actor_id=${idOf('sales')}`)).json());
    expect(byOther.entries).toEqual([]);
    const bad = await callers.admin.get('/api/desk/audit?from=2026-13-01');
    expect(bad.statusCode).toBe(422);
  });

  it('nobody takes the admin role from themselves, and unknown roles are refused', async () => {
    const own = await callers.admin.put(`/api/desk/staff/${idOf('admin')}`, { desk_roles: ['editor'] });
    expect([own.statusCode, codes(own)]).toEqual([422, ['own_admin_role']]);
    const unknown = await callers.admin.put(`/api/desk/staff/${idOf('live')}`, { desk_roles: ['owner'] });
    expect(unknown.statusCode).toBe(422);
    expect(errors(unknown)[0]?.field).toBe('desk_roles.0');
  });

  it('pages the audit log newest first by the last id seen', async () => {
    for (let n = 0; n < 55; n += 1)
      await callers.admin.put(`/api/desk/staff/${idOf('live')}`, { desk_roles: n % 2 ? ['live'] : ['live', 'sales'] });
    const first = auditPageSchema.parse((await callers.admin.get(`/api/desk/audit?subject_id=${idOf('live')}`)).json());
    expect(first.entries).toHaveLength(50);
    expect(first.next_before_id).not.toBeNull();
    const second = auditPageSchema.parse(
      (await callers.admin.get(`/api/desk/audit?subject_id=${idOf('live')}&before_id=${first.next_before_id}`)).json(),
    );
    expect(second.entries.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...second.entries.map((entry) => entry.id))).toBeLessThan(Math.min(...first.entries.map((entry) => entry.id)));
  });
});
