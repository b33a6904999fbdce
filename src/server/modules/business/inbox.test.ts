import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assigneesSchema, deskStudioBookingsSchema, deskWorldExclusivesSchema } from '../../../common/desk-inbox.ts';
import { deskLiveBookingsSchema } from '../../../common/desk-live-bookings.ts';
import { deskConversationsPageSchema } from '../../../common/support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { broadcastFixtures } from '../broadcast/test-support.ts';
import { auditLog } from '../desk/schema.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { videoOf } from '../downloads/test-support.ts';
import { createLiveEvent, hoursFrom } from '../live/test-support.ts';
import { mailOutbox } from '../mail/schema.ts';
import { countries } from '../reference/schema.ts';

/**
 * The business desk's inboxes (issue 29): world-exclusive requests and studio bookings move along
 * their states once, whoever clicks at the same moment; the customer is mailed the moves they are
 * told of, in their language, with the desk's message; items are assigned to sales staff only; live
 * bookings get an assignee and a note; every change is in the audit log.
 */
let t: TestApp;
let desk: Awaited<ReturnType<typeof deskCallers>>;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  desk = await deskCallers(t);
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const auditOf = (subject: 'world_exclusive_request' | 'studio_booking' | 'live_booking' | 'support_conversation', id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subject), eq(auditLog.subjectId, String(id))))
    .orderBy(asc(auditLog.id));

async function worldExclusive(locale: 'en' | 'ar' = 'en') {
  const customer = await a.signedIn({
    userGroup: 'customer',
    profileLocale: locale,
    email: `wx-${Math.random().toString(36).slice(2, 8)}@paper.example`,
  });
  const video = await videoOf(t, 'free');
  const asked = await customer.browser.post(`/api/content/video_projects/${video}/videos/request_world_exclusive`);
  const { id } = asked.json<{ id: number }>();
  return { customer, video, id };
}

let ip = 1;
async function studioBooking(locale = 'en') {
  const b = broadcastFixtures(t);
  const town = await b.createTown();
  const form = await b.bookingForm({ date: '2027-03-01' });
  const answer = await new Browser(t.app).post(
    `/api/content/broadcast/towns/${town.slug}/bookings?locale=${locale}`,
    { booking: form },
    { ip: `10.9.0.${ip++}` },
  );
  expect(answer.statusCode).toBe(201);
  return { id: answer.json<{ booking: { id: number } }>().booking.id, email: form.email, town };
}

describe('the inboxes at the business desk', () => {
  it('each caller gets exactly their rights: sales and admins; other staff 403; everyone else finds no desk', async () => {
    const request = await worldExclusive();
    const booking = await studioBooking();
    const calls: Record<string, StatusCall> = {
      'GET the assignees': {
        call: async (who) => (await who.get('/api/desk/inbox/assignees')).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'GET world-exclusive requests': {
        call: async (who) => (await who.get('/api/desk/world_exclusive_requests')).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'PATCH a world-exclusive request': {
        call: async (who) => (await who.patch(`/api/desk/world_exclusive_requests/${request.id}`, { desk_note: 'seen' })).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'GET studio bookings': {
        call: async (who) => (await who.get('/api/desk/studio_bookings')).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'PATCH a studio booking': {
        call: async (who) => (await who.patch(`/api/desk/studio_bookings/${booking.id}`, { desk_note: 'seen' })).statusCode,
        expected: deskExpectation('sales', 200),
      },
      'PATCH a live booking (none: 404)': {
        call: async (who) => (await who.patch('/api/desk/live_bookings/99999999', { desk_note: 'seen' })).statusCode,
        expected: deskExpectation('sales', 404),
      },
    };
    const { answers, expected } = await statusTable(calls, desk);
    expect(answers).toEqual(expected);
  });

  it('a world-exclusive request is offered then sold; the customer is mailed each move in their language with the message', async () => {
    const { customer, id } = await worldExclusive('ar');
    const offered = await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, {
      state: 'offered',
      from: 'new',
      message: 'EUR 4,000 for five years, worldwide.',
    });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({ id, state: 'offered', customer: { email: customer.user.email } });
    const mails = await mailsTo(customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('حقوق الحصرية العالمية');
    expect(mails[0]?.text).toContain('EUR 4,000 for five years, worldwide.');
    expect(mails[0]?.text).toMatch(/\/ar\/videos\//);

    expect((await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { state: 'sold', from: 'offered' })).statusCode).toBe(200);
    expect(await mailsTo(customer.user.email)).toHaveLength(2);
    // Sold is final.
    const again = await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { state: 'declined', from: 'sold' });
    expect([again.statusCode, codes(again)]).toEqual([409, ['move_not_allowed']]);
    // A move from a state seen before someone else moved it is refused.
    const stale = await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { state: 'declined', from: 'offered' });
    expect([stale.statusCode, codes(stale)]).toEqual([409, ['state_changed']]);
    expect((await auditOf('world_exclusive_request', id)).map((entry) => entry.action)).toEqual([
      'world_exclusive_request.move',
      'world_exclusive_request.move',
    ]);
  });

  it('two staff deciding the same request at once: one decision, one e-mail, one audit entry', async () => {
    const { customer, id } = await worldExclusive();
    const answers = await Promise.all([
      desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { state: 'declined', from: 'new', message: 'Not for sale.' }),
      desk.admin.patch(`/api/desk/world_exclusive_requests/${id}`, { state: 'offered', from: 'new', message: 'EUR 2,000.' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo(customer.user.email)).toHaveLength(1);
    expect(await auditOf('world_exclusive_request', id)).toHaveLength(1);
  });

  it('assigns to sales staff only, and the list filters by state and by whose items', async () => {
    const { id } = await worldExclusive();
    const toEditor = await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { assignee_id: desk.ids.editor });
    expect([toEditor.statusCode, codes(toEditor)]).toEqual([422, ['assignee_not_staff']]);
    const toCustomer = await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { assignee_id: desk.ids.master });
    expect(toCustomer.statusCode).toBe(422);
    expect((await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, {})).statusCode).toBe(422);
    const assignees = assigneesSchema.parse((await desk.sales.get('/api/desk/inbox/assignees')).json()).assignees.map((x) => x.id);
    expect(assignees).toEqual(expect.arrayContaining([desk.ids.sales, desk.ids.admin]));
    expect(assignees).not.toContain(desk.ids.editor);

    const mine = await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { assignee_id: desk.ids.sales });
    expect(mine.json()).toMatchObject({ assignee: { id: desk.ids.sales }, state: 'new' });
    const list = async (query: string) =>
      deskWorldExclusivesSchema
        .parse((await desk.sales.get(`/api/desk/world_exclusive_requests?${query}`)).json())
        .requests.map((r) => r.id);
    expect(await list('assignee=me')).toContain(id);
    expect(await list('assignee=none')).not.toContain(id);
    expect(await list(`assignee=${desk.ids.admin}`)).not.toContain(id);
    expect(await list('state=new')).toContain(id);
    expect(await list('state=sold')).not.toContain(id);
    expect((await desk.sales.get('/api/desk/world_exclusive_requests?state=bought')).statusCode).toBe(422);
    // Someone else's list, from the admin's side: "me" is whoever asks.
    expect(
      deskWorldExclusivesSchema
        .parse((await desk.admin.get('/api/desk/world_exclusive_requests?assignee=me')).json())
        .requests.map((r) => r.id),
    ).not.toContain(id);
    expect((await desk.sales.patch(`/api/desk/world_exclusive_requests/${id}`, { assignee_id: null })).json()).toMatchObject({
      assignee: null,
    });
  });

  it('a studio booking is confirmed, then canceled; whoever booked is mailed in the language they booked in; a note stays with the desk', async () => {
    const { id, email } = await studioBooking('es');
    const listed = deskStudioBookingsSchema.parse((await desk.sales.get('/api/desk/studio_bookings?state=new')).json()).bookings;
    expect(listed.find((booking) => booking.id === id)).toMatchObject({
      email,
      state: 'new',
      date: '2027-03-01',
      details: 'Two-camera interview, 30 minutes',
    });
    const before = (await mailsTo(email)).length;
    const noted = await desk.sales.patch(`/api/desk/studio_bookings/${id}`, { desk_note: 'Call back Monday' });
    expect(noted.json()).toMatchObject({ desk_note: 'Call back Monday', state: 'new' });
    expect(await mailsTo(email)).toHaveLength(before);

    expect(
      (await desk.sales.patch(`/api/desk/studio_bookings/${id}`, { state: 'confirmed', from: 'new', message: 'Studio 2, 10:00.' }))
        .statusCode,
    ).toBe(200);
    const confirmed = (await mailsTo(email)).at(-1);
    expect(confirmed?.subject).toContain('Tu reserva de estudio está confirmada');
    expect(confirmed?.text).toContain('Studio 2, 10:00.');
    expect((await desk.sales.patch(`/api/desk/studio_bookings/${id}`, { state: 'declined', from: 'confirmed' })).statusCode).toBe(409);
    expect((await desk.sales.patch(`/api/desk/studio_bookings/${id}`, { state: 'canceled', from: 'confirmed' })).statusCode).toBe(200);
    expect((await mailsTo(email)).length).toBe(before + 2);
    expect((await auditOf('studio_booking', id)).map((entry) => entry.action)).toEqual([
      'studio_booking.note',
      'studio_booking.move',
      'studio_booking.move',
    ]);
    expect((await desk.sales.patch('/api/desk/studio_bookings/99999999', { desk_note: 'x' })).statusCode).toBe(404);
  });

  it('a chat gets an assignee and a note, in the audit log; the inbox lists whose chats they are', async () => {
    const customer = await a.signedIn({ userGroup: 'customer' });
    expect((await customer.browser.post('/api/support/messages', { body: 'Can I get the raw footage?' })).statusCode).toBe(201);
    const chats = async (query: string) =>
      deskConversationsPageSchema.parse((await desk.sales.get(`/api/desk/support/conversations?${query}`)).json()).conversations;
    const chat = (await chats('status=open')).find((row) => row.customer.user_id === customer.user.id);
    if (!chat) throw new Error('the chat is not listed');
    expect(chat).toMatchObject({ assignee: null, desk_note: '' });
    const taken = await desk.sales.patch(`/api/desk/support/conversations/${chat.id}`, { assignee_id: desk.ids.sales });
    expect(taken.json()).toMatchObject({ assignee: { id: desk.ids.sales }, status: 'open' });
    expect((await desk.sales.patch(`/api/desk/support/conversations/${chat.id}`, { desk_note: 'Wants the rushes' })).json()).toMatchObject({
      desk_note: 'Wants the rushes',
      assignee: { id: desk.ids.sales },
    });
    expect((await chats('assignee=me')).map((row) => row.id)).toContain(chat.id);
    expect((await chats('assignee=none')).map((row) => row.id)).not.toContain(chat.id);
    expect((await desk.sales.patch(`/api/desk/support/conversations/${chat.id}`, { assignee_id: desk.ids.editor })).statusCode).toBe(422);
    expect((await desk.sales.patch('/api/desk/support/conversations/99999999', { desk_note: 'x' })).statusCode).toBe(404);
    expect((await auditOf('support_conversation', chat.id)).map((entry) => entry.action)).toEqual([
      'support_conversation.assign',
      'support_conversation.note',
    ]);
  });

  it('a live booking gets an assignee and a note; the list filters by them', async () => {
    const admin = (await a.signedIn({ isAdmin: true })).browser;
    const event = await createLiveEvent(t, admin, { start_at: hoursFrom(t, 3), access: 'pool' });
    const [germany] = await t.database.db.select().from(countries).where(eq(countries.code, 'DE'));
    const customer = await a.signedIn({ userGroup: 'customer', countryId: germany?.id ?? null });
    const booked = await customer.browser.post(`/api/content/live/events/${event.id}/bookings`, { booking: { privacy_accepted: true } });
    const bookings = async (query: string) =>
      deskLiveBookingsSchema.parse((await desk.sales.get(`/api/desk/live_bookings?${query}`)).json()).bookings;
    const booking = (await bookings('state=pending')).find((row) => row.customer.id === customer.user.id);
    expect(booked.statusCode).toBe(201);
    if (!booking) throw new Error('the booking is not listed');
    const assigned = await desk.sales.patch(`/api/desk/live_bookings/${booking.id}`, { assignee_id: desk.ids.sales, desk_note: 'VIP' });
    expect(assigned.json()).toMatchObject({ assignee: { id: desk.ids.sales }, desk_note: 'VIP', state: 'pending' });
    expect((await bookings('assignee=me')).map((row) => row.id)).toContain(booking.id);
    expect((await desk.sales.patch(`/api/desk/live_bookings/${booking.id}`, { assignee_id: desk.ids.live })).statusCode).toBe(422);
    expect((await auditOf('live_booking', booking.id)).map((entry) => entry.action)).toEqual(['live_booking.assign']);
  });
});
