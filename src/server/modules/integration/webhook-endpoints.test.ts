import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS, webhookEndpointsSchema } from '../../../common/webhooks.ts';
import { AppError } from '../../http/errors.ts';
import { testConfig, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { decrypt } from '../security/crypto.ts';
import { outboundPolicyFor } from '../security/outbound.ts';
import { webhookEndpoints, webhookMessages } from './schema.ts';
import { HOOKS, nextPath, registerAt, webhookTestApp, type WebhookTestApp } from './webhook-test-support.ts';
import { createEndpoint } from './webhooks.ts';

/** Webhooks (issue 30): endpoints in the user area, their rights, the URLs refused and the limit. Delivery: webhooks.test.ts. */

let t: TestApp;
let receiver: WebhookTestApp['receiver'];
let a: WebhookTestApp['a'];
let close: WebhookTestApp['close'];
beforeAll(async () => {
  ({ t, receiver, a, close } = await webhookTestApp());
});
afterAll(() => close());

const register = (browser: Browser, events?: string[], path?: string) => registerAt(receiver, browser, events, path);

describe('endpoints in the user area', () => {
  it('a master registers one for the company: a Standard Webhooks secret, shown and readable again, kept encrypted', async () => {
    const { master, member } = await a.team();
    const { endpoint, secret } = await register(master.browser);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ description: 'Newsroom CMS', state: 'active', last_attempt: null });
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.companyId).toBe(master.user.companyId);
    expect(row?.secretSealed).not.toContain(secret.slice(6, 20));
    expect(decrypt(row?.secretSealed ?? '', t.services.secret)).toBe(secret);
    expect((await master.browser.get(`${HOOKS}/${endpoint.id}/secret`)).json()).toEqual({ secret });

    const list = webhookEndpointsSchema.parse((await master.browser.get(HOOKS)).json());
    expect(list.endpoints.map((entry) => entry.id)).toEqual([endpoint.id]);
    expect(list.limit).toBe(WEBHOOK_LIMITS.perOwner);
    expect((await member.browser.get(HOOKS)).statusCode).toBe(403);

    const edited = await master.browser.patch(`${HOOKS}/${endpoint.id}`, { events: ['live_event.status'], disabled: true });
    expect(edited.json()).toMatchObject({ events: ['live_event.status'], state: 'disabled' });
    expect((await master.browser.patch(`${HOOKS}/${endpoint.id}`, { disabled: false })).json()).toMatchObject({ state: 'active' });
    expect((await master.browser.delete(`${HOOKS}/${endpoint.id}`)).statusCode).toBe(204);
    expect(webhookEndpointsSchema.parse((await master.browser.get(HOOKS)).json()).endpoints).toEqual([]);
  });

  it('authorisation: guest 401, member 403, another company’s master 404, the owner and users without a company (admins too) their own', async () => {
    const { master, member, otherMaster } = await a.team();
    const user = await a.signedIn();
    const admin = await a.signedIn({ isAdmin: true, deskRoles: ['admin'] });
    const { endpoint } = await register(master.browser);
    const [message] = await t.database.db
      .insert(webhookMessages)
      .values({
        endpointId: endpoint.id,
        messageId: `msg_auth_${endpoint.id}`,
        eventType: 'content.killed',
        dedupeKey: 'auth',
        payload: { type: 'content.killed', timestamp: '2026-11-22T09:00:00Z', data: {} },
        state: 'delivered',
        createdAt: t.services.clock.now(),
      })
      .returning();
    const id = endpoint.id;
    const calls: Record<string, (browser: Browser) => Promise<{ statusCode: number }>> = {
      list: (browser) => browser.get(HOOKS),
      create: (browser) => browser.post(HOOKS, { url: receiver.url(nextPath()), events: ['content.killed'] }),
      update: (browser) => browser.patch(`${HOOKS}/${id}`, { description: 'Changed' }),
      secret: (browser) => browser.get(`${HOOKS}/${id}/secret`),
      messages: (browser) => browser.get(`${HOOKS}/${id}/messages`),
      resend: (browser) => browser.post(`${HOOKS}/${id}/messages/${message?.id}/resend`, {}),
      test: (browser) => browser.post(`${HOOKS}/${id}/test`, {}),
    };
    const got: Record<string, Record<string, number>> = {};
    const callers = { guest: new Browser(t.app), member: member.browser, otherMaster: otherMaster.browser, master: master.browser };
    for (const [name, call] of Object.entries(calls)) {
      got[name] = {};
      for (const [who, browser] of Object.entries(callers)) got[name][who] = (await call(browser)).statusCode;
    }
    const own = { list: 200, create: 201 };
    expect(got).toEqual({
      list: { guest: 401, member: 403, otherMaster: 200, master: 200 },
      create: { guest: 401, member: 403, otherMaster: 201, master: 201 },
      ...Object.fromEntries(
        ['update', 'secret', 'messages', 'resend', 'test'].map((name) => [
          name,
          { guest: 401, member: 403, otherMaster: 404, master: name === 'resend' || name === 'test' ? 202 : 200 },
        ]),
      ),
    });
    // A user without a company, and an admin acting as a user, run endpoints of their own.
    for (const who of [user, admin]) {
      const mine = await register(who.browser);
      expect((await who.browser.get(HOOKS)).json()).toMatchObject({ endpoints: [{ id: mine.endpoint.id }] });
      expect((await who.browser.get(`${HOOKS}/${id}/messages`)).statusCode).toBe(404);
      expect((await master.browser.get(`${HOOKS}/${mine.endpoint.id}/messages`)).statusCode).toBe(404);
      expect(own.list).toBe(200);
      expect((await who.browser.delete(`${HOOKS}/${mine.endpoint.id}`)).statusCode).toBe(204);
    }
    expect((await member.browser.delete(`${HOOKS}/${id}`)).statusCode).toBe(403);
    expect((await otherMaster.browser.delete(`${HOOKS}/${id}`)).statusCode).toBe(404);
  });

  it('refuses URLs the platform does not call, with a code that says why', async () => {
    const { browser } = await a.signedIn();
    const attempt = async (url: string) => {
      const answer = await browser.post(HOOKS, { url, events: ['content.killed'] });
      return `${answer.statusCode} ${codes(answer).join()}`;
    };
    expect({
      ftp: await attempt('ftp://files.example.com/in'),
      credentials: await attempt('https://user:secret@hooks.example.com/in'),
      text: await attempt('not a url'),
      private: await attempt('https://10.0.0.5/hook'),
      metadata: await attempt('https://169.254.169.254/latest'),
      plainHttp: await attempt('http://93.184.216.34/hook'),
      noEvents: `${(await browser.post(HOOKS, { url: 'https://hooks.example.com/in', events: [] })).statusCode}`,
    }).toEqual({
      ftp: '422 webhook_url_invalid',
      credentials: '422 webhook_url_invalid',
      text: '422 webhook_url_invalid',
      private: '422 outbound_address_refused',
      metadata: '422 outbound_address_refused',
      plainHttp: '422 webhook_url_https',
      noEvents: '422',
    });
    // Without OUTBOUND_ALLOW the machine itself is refused too, in any spelling.
    const strict = {
      db: t.database.db,
      clock: t.services.clock,
      secret: t.services.secret,
      outbound: outboundPolicyFor(testConfig()),
    };
    const { user } = await a.signedIn();
    for (const url of ['http://127.0.0.1:8080/hook', 'https://127.0.0.1/hook', 'https://2130706433/hook', 'https://[::1]/hook']) {
      const refused = await createEndpoint(strict, user, { url, events: ['content.killed'] }).then(
        () => 'created',
        (error: unknown) => (error instanceof AppError ? error.items.map((item) => item.code).join() : 'threw'),
      );
      expect([url, refused]).toEqual([url, 'outbound_address_refused']);
    }
  });

  it('holds at most the limit, also when creates come at once', async () => {
    const { browser } = await a.signedIn();
    for (let n = 0; n < WEBHOOK_LIMITS.perOwner - 1; n += 1)
      expect((await browser.post(HOOKS, { url: receiver.url(nextPath()), events: ['content.killed'] })).statusCode).toBe(201);
    const racing = await Promise.all(
      [1, 2, 3].map(() => browser.post(HOOKS, { url: receiver.url(nextPath()), events: ['content.killed'] })),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(codes(racing.find((answer) => answer.statusCode === 409)!)).toEqual(['webhooks_limit_reached']);
    expect(webhookEndpointsSchema.parse((await browser.get(HOOKS)).json()).endpoints).toHaveLength(WEBHOOK_LIMITS.perOwner);
  });
});
