import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../common/realtime.ts';
import { myConversationResponseSchema } from '../../../common/support.ts';
import { listen, RawCable, sessionCookie } from '../../test/cable.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { deskCallers, deskExpectation, type DeskCaller } from '../desk/test-support.ts';
import { supportCalls, type Callers } from './test-support.ts';

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(() => t.close());

const { customer, write, mine, reply, setStatus } = supportCalls(
  () => t,
  () => callers,
);

describe('real time', () => {
  it("a customer's widget hears the staff reply and the close; the desk hears the customer's message; a customer may not listen to the desk", async () => {
    const url = await listen(t);
    const { browser } = await customer();
    const customerCable = await RawCable.open(url, { cookie: sessionCookie(browser.cookie('session')) });
    const deskCable = await RawCable.open(url, { cookie: sessionCookie(callers.sales.cookie('session')) });
    const editorCable = await RawCable.open(url, { cookie: sessionCookie(callers.editor.cookie('session')) });
    try {
      const supportId = JSON.stringify({ channel: CHANNELS.support });
      const deskId = JSON.stringify({ channel: CHANNELS.deskSupport });
      expect((await customerCable.subscribe(supportId)).type).toBe('confirm_subscription');
      expect((await customerCable.subscribe(deskId)).type).toBe('reject_subscription');
      expect((await editorCable.subscribe(deskId)).type).toBe('reject_subscription');
      expect((await deskCable.subscribe(deskId)).type).toBe('confirm_subscription');

      await write(browser, 'live hello');
      const id = (await mine(browser))?.id ?? 0;
      const told = await deskCable.next((message) => message.identifier === deskId && message.message !== undefined);
      expect(told.message).toMatchObject({
        type: 'conversation',
        conversation: { id, unanswered: true, last_message: { body: 'live hello' } },
      });

      await reply(id, 'live answer');
      const heard = await customerCable.next((message) => message.identifier === supportId && message.message !== undefined);
      expect(heard.message).toMatchObject({
        type: 'message',
        conversation_id: id,
        unread_count: 1,
        message: { author: 'staff', body: 'live answer' },
      });
      await setStatus(id, 'closed');
      await customerCable.next(
        (message) => message.identifier === supportId && (message.message as { type?: string } | undefined)?.type === 'status',
      );
    } finally {
      customerCable.close();
      deskCable.close();
      editorCable.close();
    }
  });
});

describe('who may call what', () => {
  it('the customer calls take any signed-in user and refuse guests; the desk calls take sales and admin staff only', async () => {
    const { browser } = await customer();
    await write(browser, 'table');
    const id = (await mine(browser))?.id ?? 0;
    const everyoneSignedIn = (ok: number): Record<DeskCaller, number> => ({
      guest: 401,
      user: ok,
      member: ok,
      master: ok,
      otherMaster: ok,
      bareAdmin: ok,
      editor: ok,
      live: ok,
      sales: ok,
      admin: ok,
    });
    const deskOnly = (ok: number) => deskExpectation('sales', ok);
    const calls: Record<string, { call: (who: Browser, n: number) => Promise<number>; expected: Record<DeskCaller, number> }> = {
      'GET /api/support/conversation': {
        call: async (who) => (await who.get('/api/support/conversation')).statusCode,
        expected: everyoneSignedIn(200),
      },
      'POST /api/support/messages': { call: async (who) => (await write(who, 'who am I')).statusCode, expected: everyoneSignedIn(201) },
      'POST /api/support/conversation/read': {
        call: async (who) => (await who.post('/api/support/conversation/read')).statusCode,
        expected: everyoneSignedIn(200),
      },
      'POST /api/support/feedback': {
        call: async (who, n) =>
          (await who.post('/api/support/feedback', { body: 'fb', email: 'a@example.com' }, { ip: `192.0.2.${n}` })).statusCode,
        expected: { ...everyoneSignedIn(201), guest: 201 },
      },
      'GET /api/desk/support/conversations': {
        call: async (who) => (await who.get('/api/desk/support/conversations')).statusCode,
        expected: deskOnly(200),
      },
      'GET /api/desk/support/conversations/:id': {
        call: async (who) => (await who.get(`/api/desk/support/conversations/${id}`)).statusCode,
        expected: deskOnly(200),
      },
      'POST /api/desk/support/conversations/:id/messages': {
        call: async (who) => (await reply(id, 'staff says', who)).statusCode,
        expected: deskOnly(201),
      },
      'PATCH /api/desk/support/conversations/:id (note)': {
        call: async (who) => (await who.patch(`/api/desk/support/conversations/${id}`, { desk_note: 'seen' })).statusCode,
        expected: deskOnly(200),
      },
      'PUT /api/desk/support/conversations/:id/status': {
        call: async (who) => (await who.put(`/api/desk/support/conversations/${id}/status`, { status: 'open' })).statusCode,
        expected: deskOnly(200),
      },
    };
    const names = Object.keys(deskOnly(0)) as DeskCaller[];
    const answers: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const [route, { call, expected: statuses }] of Object.entries(calls)) {
      answers[route] = {};
      expected[route] = statuses;
      for (const [n, name] of names.entries()) answers[route][name] = await call(callers[name], n + 1);
    }
    expect(answers).toEqual(expected);
    // A customer's message never reaches another customer's conversation: the master's is their own.
    const masters = myConversationResponseSchema.parse((await callers.master.get('/api/support/conversation')).json()).conversation;
    expect(masters?.messages.map((message) => message.body)).toEqual(['who am I']);
  });
});
