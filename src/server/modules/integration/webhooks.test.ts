import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/downloads.ts';
import { contentItemSchema } from '../../../common/newsroom-desk.ts';
import { WEBHOOK_RETRY_SCHEDULE, webhookEndpointsSchema, webhookMessageSchema, webhookMessagesSchema } from '../../../common/webhooks.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { deskCallers } from '../desk/test-support.ts';
import { videoRequests } from '../downloads/schema.ts';
import { madeRendition, videoOf } from '../downloads/test-support.ts';
import { storyWithMaster, uniqueWord } from '../newsroom/test-support.ts';
import { encrypt } from '../security/crypto.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { spreadContentNews } from './content-news.ts';
import { webhookEndpoints, webhookMessages } from './schema.ts';
import { raiseWebhookEvent, sendDueWebhooks } from './webhook-delivery.ts';
import { verified } from './webhook-receiver.ts';
import { HOOKS, registerAt, webhookTestApp, type WebhookTestApp } from './webhook-test-support.ts';

/**
 * Webhooks (issue 30), their delivery: signed per Standard Webhooks, retried on the schedule,
 * logged and sent again; corrections and kills reach those who received the story. The endpoints
 * themselves (the user area's calls and rights) are in webhook-endpoints.test.ts.
 */
let t: TestApp;
let receiver: WebhookTestApp['receiver'];
let a: WebhookTestApp['a'];
let close: WebhookTestApp['close'];
beforeAll(async () => {
  ({ t, receiver, a, close } = await webhookTestApp());
});
afterAll(() => close());

const sendDeps = () => ({
  db: t.database.db,
  clock: t.services.clock,
  outbound: t.services.outbound,
  secret: t.services.secret,
  timeoutMs: 3000,
});
const send = () => sendDueWebhooks(sendDeps());

const register = (browser: Browser, events?: string[], path?: string) => registerAt(receiver, browser, events, path);

describe('sending', () => {
  it('a test event reaches a receiver that verifies its signature, and the log shows the answer', async () => {
    const { browser } = await a.signedIn();
    const { endpoint, secret, path } = await register(browser);
    const queued = webhookMessageSchema.parse((await browser.post(`${HOOKS}/${endpoint.id}/test`, {})).json());
    expect(queued).toMatchObject({ event_type: 'webhook.test', state: 'pending', attempts: [] });
    expect((await send()).delivered).toBeGreaterThanOrEqual(1);
    const [got] = receiver.at(path);
    expect(got?.headers['webhook-id']).toBe(queued.message_id);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(verified(secret, got!)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    // A receiver with another secret refuses it.
    expect(() => verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, got!)).toThrow(/signature/);

    const log = webhookMessagesSchema.parse((await browser.get(`${HOOKS}/${endpoint.id}/messages`)).json());
    expect(log.messages).toHaveLength(1);
    expect(log.messages[0]).toMatchObject({ id: queued.id, state: 'delivered', attempts: [{ status: 200, excerpt: 'thanks' }] });
    expect(log.messages[0]?.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(0);
    const listed = webhookEndpointsSchema.parse((await browser.get(HOOKS)).json());
    expect(listed.endpoints[0]?.last_attempt).toMatchObject({ status: 200 });
  });

  it('a receiver that fails 5 times then succeeds gets the event once, on the backoff schedule', async () => {
    const { user, browser } = await a.signedIn();
    const { endpoint, secret, path } = await register(browser);
    receiver.failFirst(path, 5);
    const now = t.services.clock.now();
    const event = { recipients: [user.id], type: 'download.ready' as const, dedupeKey: `retry-${path}`, data: { request_id: 1 } };
    expect(await raiseWebhookEvent(t.database.db, event, now)).toBe(1);
    for (const [attempt, delay] of WEBHOOK_RETRY_SCHEDULE.slice(0, 6).entries()) {
      t.services.clock.advance(delay * 1000);
      if (delay > 0) {
        // Not a second before its time.
        t.services.clock.advance(-1000);
        await send();
        expect(receiver.at(path)).toHaveLength(attempt);
        t.services.clock.advance(1000);
      }
      await send();
      expect(receiver.at(path)).toHaveLength(attempt + 1);
    }
    t.services.clock.advance(WEBHOOK_RETRY_SCHEDULE[6] * 1000);
    await send();
    const got = receiver.at(path);
    expect(got.map((entry) => entry.answered)).toEqual([500, 500, 500, 500, 500, 200]);
    expect(new Set(got.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    expect(got.map((entry) => verified(secret, entry).type)).toEqual(Array.from({ length: 6 }, () => 'download.ready'));

    const [logged] = webhookMessagesSchema.parse((await browser.get(`${HOOKS}/${endpoint.id}/messages`)).json()).messages;
    expect(logged?.state).toBe('delivered');
    expect(logged?.attempts.map((entry) => entry.status)).toEqual([200, 500, 500, 500, 500, 500]);
    expect(logged?.attempts[1]?.excerpt).toBe('down for now (0 more)');
  });

  it('fails a message after the last attempt of the schedule (over a day), and "send again" delivers it', async () => {
    const { user, browser } = await a.signedIn();
    const { endpoint, path } = await register(browser);
    receiver.failFirst(path, WEBHOOK_RETRY_SCHEDULE.length);
    const start = t.services.clock.now();
    await raiseWebhookEvent(t.database.db, { recipients: [user.id], type: 'download.ready', dedupeKey: `fail-${path}`, data: {} }, start);
    for (const delay of WEBHOOK_RETRY_SCHEDULE) {
      t.services.clock.advance(delay * 1000);
      await send();
    }
    expect(t.services.clock.now().getTime() - start.getTime()).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(receiver.at(path)).toHaveLength(WEBHOOK_RETRY_SCHEDULE.length);
    let [message] = webhookMessagesSchema.parse((await browser.get(`${HOOKS}/${endpoint.id}/messages`)).json()).messages;
    expect(message).toMatchObject({ state: 'failed', next_attempt_at: null });
    t.services.clock.advance(36_000_000);
    await send();
    expect(receiver.at(path)).toHaveLength(WEBHOOK_RETRY_SCHEDULE.length);

    const again = await browser.post(`${HOOKS}/${endpoint.id}/messages/${message?.id}/resend`, {});
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ state: 'pending' });
    await send();
    [message] = webhookMessagesSchema.parse((await browser.get(`${HOOKS}/${endpoint.id}/messages`)).json()).messages;
    expect(message?.state).toBe('delivered');
    expect(message?.attempts).toHaveLength(WEBHOOK_RETRY_SCHEDULE.length + 1);
    expect(receiver.at(path).at(-1)?.answered).toBe(200);
  });

  it('an event raised twice is sent once, and two senders at once send it once', async () => {
    const { user, browser } = await a.signedIn();
    const { path } = await register(browser);
    const event = { recipients: [user.id, user.id], type: 'download.ready' as const, dedupeKey: `twice-${path}`, data: {} };
    expect(await raiseWebhookEvent(t.database.db, event, t.services.clock.now())).toBe(1);
    expect(await raiseWebhookEvent(t.database.db, event, t.services.clock.now())).toBe(0);
    await Promise.all([send(), send(), send()]);
    await send();
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('only endpoints subscribed to the event, active, of the recipient’s company hear it', async () => {
    const { master, member, otherMaster } = await a.team();
    const killed = await register(master.browser, ['content.killed']);
    const ready = await register(master.browser, ['download.ready']);
    const off = await register(master.browser, ['download.ready']);
    await master.browser.patch(`${HOOKS}/${off.endpoint.id}`, { disabled: true });
    const other = await register(otherMaster.browser, ['download.ready']);
    const raised = await raiseWebhookEvent(
      t.database.db,
      { recipients: [member.user.id], type: 'download.ready', dedupeKey: `company-${ready.path}`, data: {} },
      t.services.clock.now(),
    );
    expect(raised).toBe(1);
    await send();
    expect([killed, ready, off, other].map((entry) => receiver.at(entry.path).length)).toEqual([0, 1, 0, 0]);
  });
});

describe('download.ready from the download call', () => {
  it('a file that exists tells the downloader’s company at once, named and linked; a download no endpoint hears raises nothing', async () => {
    const { master, member } = await a.team();
    const hook = await register(master.browser, ['download.ready']);
    const video = await videoOf(t, 'free');
    await madeRendition(t, video);
    const download = (browser: Browser) =>
      browser.post(`/api/content/video_projects/${video}/videos/download`, {
        restrictions_accepted: true,
        quality: 'hd',
        file_type: 'mp4',
      });

    const answer = await download(member.browser);
    expect(answer.statusCode, answer.body).toBe(200);
    const made = purchaseResultSchema.parse(answer.json());
    expect(made.exist).toBe(true);
    await send();
    const [heard] = receiver.at(hook.path).map((entry) => verified(hook.secret, entry));
    const [title] = await t.database.db.select({ title: videoProjects.title }).from(videoProjects).where(eq(videoProjects.id, video));
    expect(heard).toMatchObject({
      type: 'download.ready',
      data: { request_id: made.request_id, video_project_id: video, headline: title?.title, quality: 'hd', file_type: 'mp4' },
    });

    const messages = async () => (await t.database.db.select({ id: webhookMessages.id }).from(webhookMessages)).length;
    const before = await messages();
    const { browser: lone } = await a.signedIn();
    expect((await download(lone)).json()).toMatchObject({ exist: true });
    expect(await messages()).toBe(before);
  });
});

describe('a hundred endpoints', () => {
  it('hear one event, posted a bounded number at a time (16), not one after another', async () => {
    const owners = await Promise.all(Array.from({ length: 10 }, () => a.signedIn()));
    const secret = 'whsec_' + Buffer.alloc(32, 3).toString('base64');
    const prefix = `/hundred-${Date.now()}-`;
    await t.database.db.insert(webhookEndpoints).values(
      owners.flatMap(({ user }, owner) =>
        Array.from({ length: 10 }, (_, n) => ({
          userId: user.id,
          url: receiver.url(`${prefix}${owner * 10 + n}`),
          events: ['download.ready' as const],
          secretSealed: encrypt(secret, t.services.secret),
          createdAt: t.services.clock.now(),
        })),
      ),
    );
    receiver.slowUnder(prefix);
    try {
      const event = { recipients: owners.map(({ user }) => user.id), type: 'download.ready' as const, dedupeKey: prefix, data: {} };
      expect(await raiseWebhookEvent(t.database.db, event, t.services.clock.now())).toBe(100);
      expect(await send()).toEqual({ delivered: 100, failedAttempts: 0 });
      // One at a time would be 100 × 200 ms: the receiver held many at once, and never more than the 16 the sender allows.
      expect(receiver.mostAtOnce()).toBeGreaterThan(4);
      expect(receiver.mostAtOnce()).toBeLessThanOrEqual(16);
    } finally {
      receiver.slowUnder(null);
    }
    const got = receiver.received.filter((entry) => entry.path.startsWith(prefix));
    expect(new Set(got.map((entry) => entry.path)).size).toBe(100);
    expect(got.every((entry) => verified(secret, entry).type === 'download.ready')).toBe(true);
  });
});

describe('corrections and kills', () => {
  it('a killed story’s webhook reaches the company that downloaded it, once, and not another', async () => {
    const callers = await deskCallers(t);
    const buyer = await a.team();
    const bystander = await a.team();
    const buyerHook = await register(buyer.master.browser, ['content.killed', 'content.corrected']);
    const bystanderHook = await register(bystander.master.browser, ['content.killed', 'content.corrected']);
    const headline = `Flood ${uniqueWord()}`;
    const story = await storyWithMaster(t, { userId: callers.ids.editor ?? 0, ip: null }, { headline });
    const published = contentItemSchema.parse((await callers.editor.post(`/api/desk/content/${story.id}/publish`, {})).json());
    const [project] = await t.database.db
      .select()
      .from(videoProjects)
      .where(eq(videoProjects.projectSlug, published.video_project_slug ?? ''));
    const now = t.services.clock.now();
    // The buyer's member downloaded it; the bystander only started a file that never became ready.
    const base = {
      projectId: project!.id,
      quality: 'hd' as const,
      container: 'mp4' as const,
      format: 'clean' as const,
      renditionKey: `wh${String(project!.id).padStart(30, '0')}`,
      createdAt: now,
      updatedAt: now,
    };
    await t.database.db.insert(videoRequests).values([
      { ...base, userId: buyer.member.user.id, state: 'ready', progress: 100 },
      { ...base, userId: bystander.master.user.id, state: 'transcoding' },
    ]);
    const kill = await callers.editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'The footage was staged' });
    expect(kill.statusCode).toBe(200);

    // The content-news job, as a worker runs it (twice: a retry finds its work done).
    const deps = { db: t.database.db, clock: t.services.clock, publicOrigin: 'https://newsreel.test' } as unknown as JobDeps;
    const news = { itemId: story.id, event: 'killed' as const, revision: 1 };
    expect(await spreadContentNews(deps, news)).toMatchObject({ webhooks: 1 });
    expect(await spreadContentNews(deps, news)).toMatchObject({ webhooks: 0 });
    expect(await spreadContentNews(deps, { ...news, event: 'published' })).toMatchObject({ webhooks: 0 });
    await send();
    expect(receiver.at(bystanderHook.path)).toHaveLength(0);
    const got = receiver.at(buyerHook.path);
    expect(got).toHaveLength(1);
    const body = verified(buyerHook.secret, got[0]!);
    expect(body).toMatchObject({
      type: 'content.killed',
      data: {
        item_id: story.id,
        guid: story.guid,
        uri: story.guid,
        headline,
        reason: 'The footage was staged',
        video_project_id: project!.id,
        links: { my_content: 'https://newsreel.test/en/user/my-content' },
      },
    });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
  });
});
