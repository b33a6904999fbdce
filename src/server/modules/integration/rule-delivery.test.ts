import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementSchema, agreementsResponseSchema } from '../../../common/agreements.ts';
import { contentRecipientsSchema } from '../../../common/content-recipients.ts';
import { deliveryRuleSchema, deliveryRulesSchema, ruleDeliveriesSchema } from '../../../common/delivery-rules.ts';
import { noticesPageSchema } from '../../../common/notice-centre.ts';
import type { DeskAgreementTermsInput } from '../../../common/desk-agreements.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { startFtpServer, startSftpServer, type FileServer } from '../../test/file-servers.ts';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.ts';
import { s3FileStore } from '../downloads/storage-s3.ts';
import { createTestApp, minutes, type TestApp } from '../../test/harness.ts';
import type { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { deskCallers } from '../desk/test-support.ts';
import { renditions, videoRequests } from '../downloads/schema.ts';
import { renditionKey } from '../downloads/service.ts';
import { contentItems } from '../newsroom/schema.ts';
import { NOTICE_QUEUE, noticeJob } from '../newsroom/notices.ts';
import { storyWithMaster, uniqueWord } from '../newsroom/test-support.ts';
import { CONTENT_NEWS_QUEUE, contentNewsJob } from './content-news.ts';
import { RULE_DELIVERY_QUEUE } from './rule-delivery-queue.ts';
import { ruleDeliveryJob } from './rule-upload.ts';

/**
 * Automatic delivery (issue 30): a master's rule delivers a story their saved search matches, with
 * its ninjs sidecar, to their SFTP server, charged under the agreement that allows it; a correction
 * delivers again; a kill sends the `canceled` sidecar and removes the file.
 */
let t: TestApp;
let sftp: FileServer;
let ftp: FileServer;
let s3: S3Peer;
let editor: Browser;
let callers: Awaited<ReturnType<typeof deskCallers>>;
const queued: { queue: string; data: object }[] = [];

beforeAll(async () => {
  sftp = await startSftpServer();
  ftp = await startFtpServer();
  s3 = await startS3Peer('agency-in');
  t = await createTestApp({
    env: { OUTBOUND_ALLOW: '127.0.0.1' },
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
  callers = await deskCallers(t);
  editor = (await agreementFixtures(t).signedIn({ isAdmin: true, deskRoles: ['editor'] })).browser;
});
afterAll(async () => {
  await t.close();
  await sftp.close();
  await ftp.close();
  await s3.close();
});

const deps = (): JobDeps => ({
  db: t.database.db,
  clock: t.services.clock,
  mailer: t.services.mailer,
  broadcast: () => undefined,
  cards: t.services.cards,
  publicOrigin: 'http://newsreel.test',
  files: t.services.files,
  outbound: t.services.outbound,
  push: { publicKey: 'test', send: async () => 'sent' },
  jobs: t.services.jobs,
});

/** Runs what the desk and the jobs queued, as the workers would, until nothing is left. */
async function work() {
  for (let job = queued.shift(); job; job = queued.shift()) {
    const signal = new AbortController().signal;
    if (job.queue === CONTENT_NEWS_QUEUE) await contentNewsJob.run(deps(), job.data, signal);
    if (job.queue === RULE_DELIVERY_QUEUE) await ruleDeliveryJob.run(deps(), job.data, signal);
    if (job.queue === NOTICE_QUEUE) await noticeJob.run(deps(), job.data, signal);
  }
}

const TERMS: DeskAgreementTermsInput = {
  agreement_type: 'enterprise',
  live_access: false,
  vod_access: true,
  access: 'all_content',
  balances: [{ kind: 'standard', amount: 5, refill: null }],
  start_date: '2026-11-01',
  valid_till: '2027-10-31',
  billing_period: 'month',
  duration: null,
  archival_days: null,
  auto_renewal: false,
  renewal_months: null,
  currency: 'EUR',
  next_invoice_date: null,
  next_invoice_cents: null,
  top_up_price_cents: null,
  platform_urls: [],
};

const sftpDestination = (folder: string) => ({
  protocol: 'sftp',
  host: '127.0.0.1',
  port: sftp.port,
  username: sftp.username,
  password: sftp.password,
  directory: folder,
});

/** A company whose master keeps a saved search for `word` and a rule delivering it to the SFTP peer. */
async function subscriber(word: string, unattended: boolean, destinationOf: (folder: string) => object = sftpDestination) {
  const { home, master } = await agreementFixtures(t).team();
  const made = await callers.sales.post('/api/desk/agreements', {
    owner: { company_id: home.id },
    terms: { ...TERMS, unattended_delivery: unattended },
  });
  const agreement = agreementSchema.parse(made.json());
  expect((await master.browser.post(`/api/current_user/agreements/${agreement.id}/accepts`)).statusCode).toBe(200);
  const search = await master.browser.post('/api/current_user/saved_searches', { name: 'Zebra watch', query: { search: word } });
  expect(search.statusCode, search.body).toBe(201);
  const folder = `in-${word}`;
  const rule = await master.browser.post('/api/current_user/delivery_rules', {
    name: 'Zebras to playout',
    saved_search_id: search.json<{ id: number }>().id,
    video_format: 'clean',
    quality: 'sd',
    file_type: 'mp4',
    destination: destinationOf(folder),
  });
  expect(rule.statusCode, rule.body).toBe(201);
  t.services.clock.advance(minutes(1));
  return { master, agreement, rule: deliveryRuleSchema.parse(rule.json()), folder: path.join(sftp.root, folder) };
}

/** A story the desk publishes, whose SD MP4 clean file is made already (no render to wait for). */
async function publish(word: string) {
  const story = await storyWithMaster(t, null, {
    headline: `Zebras cross the river ${word}`,
    fields: { access: 'paid', one_off_price_cents: 5000 },
  });
  expect((await editor.post(`/api/desk/content/${story.id}/publish`, {})).statusCode).toBe(200);
  const [item] = await t.database.db.select().from(contentItems).where(eq(contentItems.id, story.id));
  const projectId = item!.videoProjectId!;
  const key = renditionKey(projectId, { quality: 'sd', file_type: 'mp4', video_format: 'clean', brand_position: 'bottom_right' });
  const local = path.join(t.services.files.workDir, `${key}.mp4`);
  await writeFile(local, 'not really a video, but bytes to deliver');
  await t.services.files.store.put(`renditions/${key}.mp4`, local);
  await t.database.db
    .insert(renditions)
    .values({ renditionKey: key, projectId, storageKey: `renditions/${key}.mp4`, sizeBytes: 40, createdAt: t.services.clock.now() });
  return story;
}

const ninjs = async (file: string) =>
  JSON.parse(await readFile(file, 'utf8')) as { pubstatus: string; version: string; renditions: { href: string }[] };
const remaining = async (master: { browser: Browser }, agreementId: number) =>
  agreementsResponseSchema
    .parse((await master.browser.get('/api/current_user/agreements')).json())
    .agreements.find((row) => row.id === agreementId)
    ?.balances.find((balance) => balance.kind === 'standard')?.remaining;

describe('automatic delivery', () => {
  it('delivers a matching story and its sidecar, charged once; a correction delivers again; a kill cancels and removes it', async () => {
    const word = uniqueWord();
    const { master, agreement, rule, folder } = await subscriber(word, true);
    const story = await publish(word);
    await work();

    const files = (await readdir(folder)).sort();
    expect(files).toHaveLength(2);
    const [video, sidecar] = files as [string, string];
    expect(sidecar).toBe(`${video}.json`);
    expect(await readFile(path.join(folder, video), 'utf8')).toBe('not really a video, but bytes to deliver');
    expect(await ninjs(path.join(folder, sidecar))).toMatchObject({ pubstatus: 'usable', version: '1', renditions: [{ href: video }] });
    expect(await remaining(master, agreement.id)).toBe(4);
    const [request] = await t.database.db.select().from(videoRequests).where(eq(videoRequests.deliveryRuleId, rule.id));
    expect(request).toMatchObject({ userId: master.user.id, agreementId: agreement.id, delivery: 'delivered' });

    // The news again (a job run twice) delivers nothing more.
    queued.push({ queue: CONTENT_NEWS_QUEUE, data: { itemId: story.id, event: 'published', revision: 1 } });
    await work();
    const log = async () =>
      ruleDeliveriesSchema.parse((await master.browser.get(`/api/current_user/delivery_rules/${rule.id}/deliveries`)).json()).deliveries;
    expect((await log()).map((row) => [row.kind, row.revision, row.state])).toEqual([['file', 1, 'delivered']]);

    // A correction is delivered again: the sidecar says version 2.
    expect((await editor.post(`/api/desk/content/${story.id}/correct`, { note: 'The river was named wrongly.' })).statusCode).toBe(200);
    await work();
    expect(await ninjs(path.join(folder, sidecar))).toMatchObject({ pubstatus: 'usable', version: '2' });
    // The story was licensed under the agreement already: its correction costs nothing more.
    expect(await remaining(master, agreement.id)).toBe(4);
    expect((await log()).map((row) => [row.kind, row.revision, row.state])).toEqual([
      ['file', 2, 'delivered'],
      ['file', 1, 'delivered'],
    ]);

    // A kill: the sidecar says canceled, the file is gone.
    expect((await editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'The footage was staged.' })).statusCode).toBe(200);
    await work();
    expect(await readdir(folder)).toEqual([sidecar]);
    expect(await ninjs(path.join(folder, sidecar))).toMatchObject({ pubstatus: 'canceled' });
    expect((await log())[0]).toMatchObject({ kind: 'cancel', state: 'delivered', remote_name: video });
    const listed = deliveryRulesSchema
      .parse((await master.browser.get('/api/current_user/delivery_rules')).json())
      .rules.find((row) => row.id === rule.id);
    expect(listed?.last_delivery?.kind).toBe('cancel');
    expect(listed?.last_failure).toBeNull();

    // The desk sees who was told of the kill, by which channel and when, and who has read it.
    const recipients = async () => contentRecipientsSchema.parse((await editor.get(`/api/desk/content/${story.id}/recipients`)).json());
    const before = await recipients();
    expect(before).toMatchObject({ news: 'killed', revision: 2 });
    expect(before.people).toEqual([
      expect.objectContaining({
        user_id: master.user.id,
        files: 2,
        told_at: expect.any(String) as string,
        mailed_at: expect.any(String) as string,
        acknowledged_at: null,
      }),
    ]);
    expect(before.systems).toEqual([
      expect.objectContaining({
        channel: 'delivery',
        owner_email: master.user.email,
        state: 'delivered',
        delivered_at: expect.any(String) as string,
      }),
    ]);
    const [notice] = noticesPageSchema.parse((await master.browser.get('/api/current_user/notices')).json()).notices;
    expect((await master.browser.post(`/api/current_user/notices/${notice?.id}/read`)).statusCode).toBe(200);
    expect((await recipients()).people[0]?.acknowledged_at).not.toBeNull();
    // Only the newsroom's editors see it: to a customer the desk does not exist.
    expect((await master.browser.get(`/api/desk/content/${story.id}/recipients`)).statusCode).toBe(404);
    expect((await callers.sales.get(`/api/desk/content/${story.id}/recipients`)).statusCode).toBe(403);
  });

  it('delivers nothing and says why when no agreement allows unattended delivery', async () => {
    const word = uniqueWord();
    const { master, agreement, rule, folder } = await subscriber(word, false);
    await publish(word);
    await work();
    const deliveries = ruleDeliveriesSchema.parse(
      (await master.browser.get(`/api/current_user/delivery_rules/${rule.id}/deliveries`)).json(),
    ).deliveries;
    expect(deliveries).toMatchObject([{ kind: 'file', state: 'failed', error: expect.stringContaining('unattended') as string }]);
    expect(await remaining(master, agreement.id)).toBe(5);
    await expect(readdir(folder)).rejects.toThrow();
  });

  it('delivers the same way to an FTP server and an S3 bucket, and a kill removes the file from both', async () => {
    const word = uniqueWord();
    const onFtp = await subscriber(word, true, (folder) => ({
      protocol: 'ftp',
      host: '127.0.0.1',
      port: ftp.port,
      username: ftp.username,
      password: ftp.password,
      directory: folder,
    }));
    const onS3 = await subscriber(word, true, (folder) => ({
      protocol: 's3',
      endpoint: s3.endpoint,
      region: 'eu-west-1',
      bucket: s3.bucket,
      prefix: folder,
      access_key_id: s3.accessKeyId,
      secret_access_key: s3.secretAccessKey,
    }));
    const story = await publish(word);
    await work();

    const ftpFolder = path.join(ftp.root, path.basename(onFtp.folder));
    const [video, sidecar] = (await readdir(ftpFolder)).sort() as [string, string];
    expect(sidecar).toBe(`${video}.json`);
    expect(await ninjs(path.join(ftpFolder, sidecar))).toMatchObject({ pubstatus: 'usable' });
    const bucket = s3FileStore({
      endpoint: s3.endpoint,
      region: 'eu-west-1',
      bucket: s3.bucket,
      prefix: path.basename(onS3.folder),
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    const objectText = async (key: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.read(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    expect(await bucket.size(video)).toBe(40);
    expect(JSON.parse(await objectText(`${video}.json`))).toMatchObject({ pubstatus: 'usable', renditions: [{ href: video }] });

    expect((await editor.post(`/api/desk/content/${story.id}/kill`, { reason: 'Wrongly attributed.' })).statusCode).toBe(200);
    await work();
    expect(await readdir(ftpFolder)).toEqual([sidecar]);
    expect(await ninjs(path.join(ftpFolder, sidecar))).toMatchObject({ pubstatus: 'canceled' });
    expect(await bucket.size(video)).toBeNull();
    expect(JSON.parse(await objectText(`${video}.json`))).toMatchObject({ pubstatus: 'canceled' });
    bucket.close();
  });
});
