import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesPageSchema } from '../../../common/notice-centre.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import { savedSearchesSchema, savedSearchMatchesSchema, type SavedSearchCreate } from '../../../common/saved-searches.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { createTestApp, days, minutes, type TestApp } from '../../test/harness.ts';
import { mailbox, type Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { contentItems } from '../newsroom/schema.ts';
import { storyWithMaster, uniqueWord } from '../newsroom/test-support.ts';
import { pushClients } from '../push/schema.ts';
import type { PushSender } from '../push/sender.ts';
import { CONTENT_NEWS_QUEUE, contentNewsJob } from './content-news.ts';
import { mailDigests } from './saved-search-digest.ts';
import { savedSearchMatches, webhookEndpoints, webhookMessages } from './schema.ts';

/**
 * Saved searches alert (issue 30): a story published or corrected at the desk is matched against
 * every saved search as the search page would find it, once per search and story, and each owner
 * hears as they asked.
 */
let t: TestApp;
const queued: { queue: string; data: object }[] = [];
const popups: { stream: string; key: string }[] = [];
const pushed: string[] = [];
const push: PushSender = {
  publicKey: 'test',
  send: async (target, payload) => {
    pushed.push(`${target.endpoint} ${payload.title}`);
    return 'sent';
  },
};
let editor: Browser;

beforeAll(async () => {
  // Jobs are kept here and run by the test, as a worker would.
  t = await createTestApp({
    services: {
      jobs: {
        send: async (queue, data) => {
          queued.push({ queue, data: data ?? {} });
          return String(queued.length);
        },
        stop: async () => undefined,
      },
    },
  });
  editor = (await agreementFixtures(t).signedIn({ isAdmin: true, deskRoles: ['editor'] })).browser;
});
afterAll(() => t.close());

const deps = (): JobDeps => ({
  db: t.database.db,
  clock: t.services.clock,
  mailer: t.services.mailer,
  broadcast: (channel, stream, message) => {
    if (channel === CHANNELS.notifications && 'key' in message && typeof message.key === 'string')
      popups.push({ stream, key: message.key });
  },
  cards: t.services.cards,
  publicOrigin: 'http://newsreel.test',
  files: t.services.files,
  outbound: t.services.outbound,
  push,
  jobs: t.services.jobs,
});

/** Runs the content-news jobs the desk queued since the last call, as the worker would; answers their counts. */
async function runNews() {
  const news = queued.splice(0).filter((job) => job.queue === CONTENT_NEWS_QUEUE);
  const counts = [];
  for (const job of news) counts.push(await contentNewsJob.run(deps(), job.data, new AbortController().signal));
  return counts;
}

async function saver(search: Omit<SavedSearchCreate, 'name'>) {
  const who = await agreementFixtures(t).signedIn();
  const answer = await who.browser.post('/api/current_user/saved_searches', { name: 'Floods', ...search });
  expect(answer.statusCode, answer.body).toBe(201);
  // Stories come after the search was saved (its last look).
  t.services.clock.advance(minutes(1));
  return who;
}

const newCount = async (browser: Browser) =>
  savedSearchesSchema.parse((await browser.get('/api/current_user/saved_searches')).json()).saved_searches[0]?.new_matches;
const noticesOf = async (browser: Browser) => noticesPageSchema.parse((await browser.get('/api/current_user/notices')).json()).notices;
const mailsTo = async (email: string) => (await mailbox(t.app)).filter((mail) => mail.to === email);

async function publish(headline: string) {
  const story = await storyWithMaster(t, null, { headline });
  const answer = await editor.post(`/api/desk/content/${story.id}/publish`, {});
  expect(answer.statusCode, answer.body).toBe(200);
  return story;
}

async function correct(storyId: number, headline?: string) {
  if (headline) {
    const [row] = await t.database.db.select().from(contentItems).where(eq(contentItems.id, storyId));
    const fields = row!.fields;
    const text = fields.texts[fields.language]!;
    await t.database.db
      .update(contentItems)
      .set({ fields: { ...fields, texts: { ...fields.texts, [fields.language]: { ...text, headline } } } })
      .where(eq(contentItems.id, storyId));
  }
  const answer = await editor.post(`/api/desk/content/${storyId}/correct`, { note: 'The headline said more.' });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('a story published at the desk', () => {
  it('that matches a saved search makes one match and one notice, an e-mail for "now", none for "off"; one that does not, none', async () => {
    const word = uniqueWord();
    const now = await saver({ query: { search: word }, notify_email: 'now' });
    const off = await saver({ query: { search: word, free_access: true }, notify_email: 'off' });
    const elsewhere = await saver({ query: { search: word, language: 'es' }, notify_email: 'now' });
    await publish(`Floods in the valley ${word}`);
    expect(await runNews()).toEqual([expect.objectContaining({ saved_search_matches: 2, saved_search_mails: 1 })]);

    for (const who of [now, off]) {
      expect(await newCount(who.browser)).toBe(1);
      const [notice] = await noticesOf(who.browser);
      expect(notice).toMatchObject({ kind: 'saved_search_match', text_key: 'savedSearchMatch', values: { search: 'Floods' } });
      expect(popups.filter((popup) => popup.stream === `user:${who.user.id}`)).toEqual([
        { stream: `user:${who.user.id}`, key: 'notifications.savedSearchMatch' },
      ]);
    }
    const mails = await mailsTo(now.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`New video for “Floods”: Floods in the valley ${word}`]);
    expect(mails[0]?.text).toContain('http://newsreel.test/en/videos/');
    expect(await mailsTo(off.user.email)).toEqual([]);
    const [search] = savedSearchesSchema.parse((await now.browser.get('/api/current_user/saved_searches')).json()).saved_searches;
    const listed = savedSearchMatchesSchema.parse((await now.browser.get(`/api/current_user/saved_searches/${search?.id}/matches`)).json());
    expect(listed.matches.map((match) => [match.is_new, match.video?.title])).toEqual([[true, `Floods in the valley ${word}`]]);
    // The Spanish-only search does not match an English story: no match, notice or mail.
    expect(await newCount(elsewhere.browser)).toBe(0);
    expect(await noticesOf(elsewhere.browser)).toEqual([]);
    expect(await mailsTo(elsewhere.user.email)).toEqual([]);

    const other = await saver({ query: { search: uniqueWord() }, notify_email: 'now' });
    await publish(`Storm on the coast ${uniqueWord()}`);
    await runNews();
    expect(await newCount(other.browser)).toBe(0);
  });

  it('a correction of a matched story matches no one again; the job run twice tells no one twice; a correction that makes it match tells once', async () => {
    const word = uniqueWord();
    const later = uniqueWord();
    const first = await saver({ query: { search: word }, notify_email: 'now', notify_push: true, notify_webhook: true });
    const second = await saver({ query: { search: later }, notify_email: 'now' });
    const now = t.services.clock.now();
    await t.database.db.insert(pushClients).values({
      externalId: `browser-${word}`,
      userId: first.user.id,
      notificationLocales: ['en'],
      endpoint: `https://push.example/${word}`,
      p256dh: 'key',
      auth: 'auth',
      createdAt: now,
      updatedAt: now,
    });
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        userId: first.user.id,
        url: 'https://hooks.example/news',
        events: ['content.published'],
        secretSealed: 'sealed',
        createdAt: now,
      })
      .returning();
    const story = await publish(`Bridge reopens ${word}`);
    const [published] = queued.filter((job) => job.queue === CONTENT_NEWS_QUEUE);
    await runNews();
    // The same news again (a retry, a second worker): nothing more.
    expect(await contentNewsJob.run(deps(), published!.data, new AbortController().signal)).toMatchObject({
      saved_search_matches: 0,
      saved_search_mails: 0,
      saved_search_pushes: 0,
      saved_search_webhooks: 0,
    });
    expect(pushed.filter((line) => line.includes(word))).toEqual([`https://push.example/${word} New video for “Floods”`]);

    await correct(story.id, `Bridge reopens ${word} ${later}`);
    expect(await runNews()).toEqual([expect.objectContaining({ saved_search_matches: 1, saved_search_mails: 1 })]);
    const matches = await t.database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.contentItemId, story.id));
    expect(matches).toHaveLength(2);
    // One webhook message for the match, however often the job ran; the other search tells no webhook.
    const messages = await t.database.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint!.id));
    expect(messages.map((message) => [message.eventType, message.dedupeKey])).toEqual([
      ['content.published', `saved_search:${matches.find((match) => match.contentItemId === story.id)?.savedSearchId}:item:${story.id}`],
    ]);
    expect(messages[0]?.payload).toMatchObject({ data: { headline: `Bridge reopens ${word}`, saved_search: { name: 'Floods' } } });
    expect((await mailsTo(first.user.email)).length).toBe(1);
    expect((await mailsTo(second.user.email)).length).toBe(1);
    expect(await noticesOf(first.browser)).toHaveLength(1);
    expect(await noticesOf(second.browser)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it('mails each daily user once a day with every match not yet mailed', async () => {
    const word = uniqueWord();
    const reader = await saver({ query: { search: word }, notify_email: 'daily' });
    await reader.browser.post('/api/current_user/saved_searches', {
      name: 'Bridges',
      query: { search: `${word} bridge` },
      notify_email: 'daily',
    });
    await publish(`Bridge of ${word}`);
    await publish(`Harbour of ${word}`);
    await runNews();
    // Daily: nothing at once.
    expect(await mailsTo(reader.user.email)).toEqual([]);

    expect((await mailDigests(deps())).digests).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = await mailsTo(reader.user.email);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('New videos for your saved searches (3)');
    expect(digest?.text).toContain(`Floods: Bridge of ${word}`);
    expect(digest?.text).toContain(`Floods: Harbour of ${word}`);
    expect(digest?.text).toContain(`Bridges: Bridge of ${word}`);
    expect(digest?.text).toContain('http://newsreel.test/en/user/saved-searches');

    // A new match within the day waits; run again at once, nothing goes.
    await publish(`Tunnel of ${word}`);
    await runNews();
    await mailDigests(deps());
    t.services.clock.advance(days(1) - minutes(5));
    await mailDigests(deps());
    expect(await mailsTo(reader.user.email)).toHaveLength(1);
    // A day after the last digest, the new match goes, and only it.
    t.services.clock.advance(minutes(10));
    await Promise.all([mailDigests(deps()), mailDigests(deps())]);
    const mails = await mailsTo(reader.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('New videos for your saved searches (1)');
    expect(mails[0]?.text).toContain(`Tunnel of ${word}`);
  });

  it('a search switched to daily later digests only what it matches from then on', async () => {
    const word = uniqueWord();
    const reader = await saver({ query: { search: word }, notify_email: 'off' });
    await publish(`Quiet harbour ${word}`);
    await runNews();
    const [search] = savedSearchesSchema.parse((await reader.browser.get('/api/current_user/saved_searches')).json()).saved_searches;
    expect((await reader.browser.patch(`/api/current_user/saved_searches/${search?.id}`, { notify_email: 'daily' })).statusCode).toBe(200);
    t.services.clock.advance(days(2));
    await mailDigests(deps());
    expect(await mailsTo(reader.user.email)).toEqual([]);
    await publish(`Busy harbour ${word}`);
    await runNews();
    await mailDigests(deps());
    const [digest, ...more] = await mailsTo(reader.user.email);
    expect(more).toEqual([]);
    expect(digest?.text).toContain(`Busy harbour ${word}`);
    expect(digest?.text).not.toContain(`Quiet harbour ${word}`);
  });
});
