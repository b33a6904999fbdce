import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../common/desk.ts';
import { deskConversationSchema, feedbackSentSchema, SUPPORT_LIMITS } from '../../../common/support.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, errors } from '../../test/http.ts';
import { deskCallers } from '../desk/test-support.ts';
import { supportCalls, type Callers } from './test-support.ts';

let t: TestApp;
let callers: Callers;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(() => t.close());

const { nextIp, customer, write, mine, deskList, reply, setStatus, runReplyMails, mailsTo } = supportCalls(
  () => t,
  () => callers,
);

describe('live chat: the customer side', () => {
  it('a customer writes, reads back only their own conversation, and another customer sees none of it', async () => {
    const alice = await customer();
    const bob = await customer();
    expect(await mine(alice.browser)).toBeNull();
    const sent = await write(alice.browser, 'Hello,\r\nI cannot download my file.');
    expect(sent.statusCode).toBe(201);
    const conversation = await mine(alice.browser);
    expect(conversation).toMatchObject({ status: 'open', unread_count: 0 });
    expect(conversation?.messages.map((message) => [message.author, message.body])).toEqual([
      ['customer', 'Hello,\nI cannot download my file.'],
    ]);
    expect(await mine(bob.browser)).toBeNull();
    // Bob's own message starts his own conversation.
    await write(bob.browser, 'Bob here');
    const bobs = await mine(bob.browser);
    expect(bobs?.id).not.toBe(conversation?.id);
    expect(bobs?.messages.map((message) => message.body)).toEqual(['Bob here']);
  });

  it('takes 1..2000 characters of multi-line text and refuses blank, longer, and control characters other than line feeds', async () => {
    const { browser } = await customer();
    const refused: [unknown, string][] = [
      ['', 'required'],
      ['   \n  ', 'required'],
      ['x'.repeat(SUPPORT_LIMITS.bodyMax + 1), 'max_length'],
      ['bell \u0007', 'control_characters'],
      ['tab\there', 'control_characters'],
      ['escape \u001b[31m', 'control_characters'],
      ['separator \u2028 inside', 'control_characters'],
      [42, 'required'],
    ];
    for (const [body, code] of refused) {
      const answer = await write(browser, body);
      expect([answer.statusCode, codes(answer)], JSON.stringify(body)).toEqual([422, [code]]);
      expect(errors(answer)[0]?.field).toBe('body');
    }
    expect(await mine(browser)).toBeNull();
    expect((await write(browser, 'y'.repeat(SUPPORT_LIMITS.bodyMax))).statusCode).toBe(201);
    expect((await write(browser, `  line one\nline two  `)).statusCode).toBe(201);
    expect((await mine(browser))?.messages.map((message) => message.body.length)).toEqual([SUPPORT_LIMITS.bodyMax, 17]);
  });

  it('two first messages sent at once make one conversation with both', async () => {
    const { browser } = await customer();
    const answers = await Promise.all([write(browser, 'first'), write(browser, 'second'), write(browser, 'third')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect((await mine(browser))?.messages.map((message) => message.body).sort()).toEqual(['first', 'second', 'third']);
  });

  it('counts staff replies as unread until the customer marks them read', async () => {
    const { browser } = await customer();
    await write(browser, 'Is anyone there?');
    const id = (await mine(browser))?.id ?? 0;
    expect((await reply(id, 'Yes, how can we help?')).statusCode).toBe(201);
    expect((await reply(id, 'We are here until 18:00.')).statusCode).toBe(201);
    const unread = await mine(browser);
    expect(unread?.unread_count).toBe(2);
    expect(unread?.messages.at(-1)).toMatchObject({ author: 'staff', body: 'We are here until 18:00.' });
    expect(typeof unread?.messages.at(-1)?.staff_name).toBe('string');
    const read = await browser.post('/api/support/conversation/read');
    expect([read.statusCode, read.json()]).toEqual([200, { unread_count: 0 }]);
    expect((await mine(browser))?.unread_count).toBe(0);
    await reply(id, 'One more thing.');
    expect((await mine(browser))?.unread_count).toBe(1);
  });

  it('a closed conversation reopens when the customer writes again', async () => {
    const { browser } = await customer();
    await write(browser, 'Thanks, all good.');
    const id = (await mine(browser))?.id ?? 0;
    expect((await setStatus(id, 'closed')).statusCode).toBe(200);
    expect((await mine(browser))?.status).toBe('closed');
    await write(browser, 'Actually, one more question.');
    const reopened = await mine(browser);
    expect([reopened?.id, reopened?.status, reopened?.messages.length]).toEqual([id, 'open', 2]);
  });

  it('takes 20 messages a minute from one customer, however many arrive at once: of 26 sent together 20 are stored, 6 get 429 with Retry-After', async () => {
    const { browser } = await customer();
    const answers = await Promise.all(Array.from({ length: 26 }, (_, n) => write(browser, `flood ${n}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SUPPORT_LIMITS.messagesPerMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(codes(refused ?? answers[0]!)).toEqual(['too_many_requests']);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await mine(browser))?.messages).toHaveLength(SUPPORT_LIMITS.messagesPerMinute);
    // Another customer is not held back, and a minute later this one may write again.
    expect((await write((await customer()).browser, 'me too')).statusCode).toBe(201);
    t.services.clock.advance(60_000);
    expect((await write(browser, 'a minute later')).statusCode).toBe(201);
  });
});

describe('feedback from the bubble', () => {
  it("needs a visitor's reply address, stores the feedback in the desk inbox and e-mails the answer to it at once", async () => {
    const visitor = new Browser(t.app);
    const ip = nextIp();
    const noAddress = await visitor.post('/api/support/feedback', { body: 'Your site is great' }, { ip });
    expect([noAddress.statusCode, codes(noAddress), errors(noAddress)[0]?.field]).toEqual([422, ['required'], 'email']);
    const badAddress = await visitor.post('/api/support/feedback', { body: 'x', email: 'not-an-address' }, { ip });
    expect([badAddress.statusCode, codes(badAddress)]).toEqual([422, ['email']]);
    const sent = await visitor.post(
      '/api/support/feedback?locale=ru',
      { body: 'Не работает поиск по тегам', email: 'Visitor.Feedback@Example.com' },
      { ip },
    );
    expect(sent.statusCode).toBe(201);
    const { id } = feedbackSentSchema.parse(sent.json());

    const inbox = await deskList('?q=visitor.feedback');
    expect(
      inbox.conversations.map((row) => [row.id, row.kind, row.unanswered, row.customer.email, row.customer.user_id, row.locale]),
    ).toEqual([[id, 'feedback', true, 'visitor.feedback@example.com', null, 'ru']]);
    expect(await mailsTo('visitor.feedback@example.com')).toEqual([]);
    expect((await reply(id, 'Спасибо, уже исправили.')).statusCode).toBe(201);
    const mails = await mailsTo('visitor.feedback@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Служба поддержки Newsreel ответила на ваше сообщение');
    expect(mails[0]?.text).toContain('Спасибо, уже исправили.');
    expect(mails[0]?.text).toContain('Не работает поиск по тегам');
    // The periodic job has nothing more to send for it.
    t.services.clock.advance(5 * 60_000);
    await runReplyMails();
    expect(await mailsTo('visitor.feedback@example.com')).toHaveLength(1);
  });

  it("uses a signed-in user's own address, whatever the form says", async () => {
    const { user, browser } = await customer();
    const sent = await browser.post(
      '/api/support/feedback',
      { body: 'Feedback from a customer', email: 'someone-else@example.com' },
      { ip: nextIp() },
    );
    expect(sent.statusCode).toBe(201);
    const [row] = (await deskList('?q=Feedback from a customer')).conversations;
    expect(row?.customer).toMatchObject({ user_id: user.id, email: user.email });
  });

  it('takes 5 pieces of feedback an hour from one address, however many arrive at once', async () => {
    const ip = nextIp();
    const visitor = new Browser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        visitor.post('/api/support/feedback', { body: `spam ${ip} ${n}`, email: 'spam@example.com' }, { ip }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SUPPORT_LIMITS.feedbackPerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(Number(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await deskList(`?q=spam ${ip}`)).conversations).toHaveLength(SUPPORT_LIMITS.feedbackPerHour);
    const elsewhere = await visitor.post('/api/support/feedback', { body: 'from elsewhere', email: 'spam@example.com' }, { ip: nextIp() });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('reply e-mails to chat customers', () => {
  it('e-mails a reply left unread a minute, once until the customer reads; a reply read in time is not mailed', async () => {
    const { user, browser } = await customer();
    await write(browser, 'Where is my invoice?');
    const id = (await mine(browser))?.id ?? 0;
    await reply(id, 'It is in your billing page.');
    t.services.clock.advance(30_000);
    await runReplyMails();
    expect(await mailsTo(user.email)).toHaveLength(0);
    t.services.clock.advance(31_000);
    await runReplyMails();
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe('You have a reply from Newsreel support');
    expect(mail?.text).toContain('It is in your billing page.');
    expect(mail?.text).toMatch(/\/en\b/);
    // Once: another unread reply, and another run, send nothing more.
    await reply(id, 'Did you find it?');
    t.services.clock.advance(120_000);
    await runReplyMails();
    await runReplyMails();
    expect(await mailsTo(user.email)).toHaveLength(1);
    // Read: the next unread reply may be mailed again; one read within the minute is not.
    await browser.post('/api/support/conversation/read');
    await reply(id, 'Read within the minute');
    t.services.clock.advance(20_000);
    await browser.post('/api/support/conversation/read');
    t.services.clock.advance(120_000);
    await runReplyMails();
    expect(await mailsTo(user.email)).toHaveLength(1);
    await reply(id, 'Left unread');
    t.services.clock.advance(61_000);
    await runReplyMails();
    expect((await mailsTo(user.email)).map((m) => m.text.includes('Left unread'))).toEqual([true, false]);
  });
});

describe('reply e-mails run at once', () => {
  it('two runs of the job at the same time mail an unread reply once', async () => {
    const { user, browser } = await customer();
    await write(browser, 'Concurrent runs?');
    await reply((await mine(browser))?.id ?? 0, 'One e-mail only.');
    t.services.clock.advance(61_000);
    const runs = await Promise.all([runReplyMails(), runReplyMails(), runReplyMails()]);
    expect(runs.reduce((sum, run) => sum + run.mailed, 0)).toBe(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('the desk inbox', () => {
  it('lists open before closed, unanswered before answered, latest first; filters by status and text; reads one', async () => {
    const tag = `inbox-${Date.now()}`;
    const make = async (text: string) => {
      const { browser } = await customer();
      await write(browser, `${tag} ${text}`);
      t.services.clock.advance(1000);
      return (await mine(browser))?.id ?? 0;
    };
    const answered = await make('answered');
    const closed = await make('closed');
    const older = await make('older unanswered');
    const newer = await make('newer unanswered');
    await reply(answered, 'answer');
    await setStatus(closed, 'closed');
    const all = await deskList(`?q=${tag}`);
    expect(all.conversations.map((row) => row.id)).toEqual([newer, older, answered, closed]);
    expect(all.conversations.map((row) => [row.status, row.unanswered])).toEqual([
      ['open', true],
      ['open', true],
      ['open', false],
      ['closed', true],
    ]);
    expect((await deskList(`?q=${tag}&status=closed`)).conversations.map((row) => row.id)).toEqual([closed]);
    expect((await deskList(`?q=${tag}&status=open`)).conversations.map((row) => row.id)).toEqual([newer, older, answered]);
    expect((await deskList(`?q=${tag} older`)).conversations.map((row) => row.id)).toEqual([older]);
    const one = deskConversationSchema.parse((await callers.sales.get(`/api/desk/support/conversations/${answered}`)).json());
    expect(one.messages.map((message) => [message.author, message.body])).toEqual([
      ['customer', `${tag} answered`],
      ['staff', 'answer'],
    ]);
    const missing = await callers.sales.get('/api/desk/support/conversations/2147483647');
    expect([missing.statusCode, codes(missing)]).toEqual([404, ['conversation_not_found']]);
    const badQuery = await callers.sales.get('/api/desk/support/conversations?status=pending');
    expect(badQuery.statusCode).toBe(422);
    const badReply = await reply(answered, 'bad\u0001');
    expect([badReply.statusCode, codes(badReply)]).toEqual([422, ['control_characters']]);
  });

  it('writes replies, closes and reopens to the audit log', async () => {
    const { browser } = await customer();
    await write(browser, 'audit me');
    const id = (await mine(browser))?.id ?? 0;
    await reply(id, 'audited reply');
    await setStatus(id, 'closed');
    await setStatus(id, 'open');
    const audit = await callers.admin.get(`/api/desk/audit?subject_type=support_conversation&subject_id=${id}`);
    const { entries } = auditPageSchema.parse(audit.json());
    expect(entries.map((entry) => entry.action)).toEqual(['support.reopen', 'support.close', 'support.reply']);
    expect(entries.every((entry) => entry.actor?.id === callers.ids.sales)).toBe(true);
  });
});
