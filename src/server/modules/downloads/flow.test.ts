import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema, videoRequestListSchema, type VideoRequest } from '../../../common/downloads.ts';
import type { TranscodingMessage } from '../../../common/realtime.ts';
import { startJobRunner, type JobRunner } from '../../jobs/runner.ts';
import { createAgreement } from '../../test/factories.ts';
import { startSftpServer } from '../../test/file-servers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementBalances, agreementOperations } from '../agreements/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { signedFileUrl } from './files.ts';
import { videoMasters } from './schema.ts';

let t: TestApp;
let runner: JobRunner;
const told: { stream: string; message: TranscodingMessage }[] = [];
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  // The app queues renders through the runner this test starts: a real pg-boss on the test database.
  // Deliveries go to a local SFTP server on 127.0.0.1, which only an allowance opens.
  t = await createTestApp({
    services: { jobs: { send: (queue, data) => runner.send(queue, data), stop: async () => undefined } },
    env: { OUTBOUND_ALLOW: '127.0.0.1' },
  });
  runner = await startJobRunner({
    database: t.database,
    clock: t.services.clock,
    services: {
      mailer: t.services.mailer,
      cards: t.services.cards,
      publicOrigin: 'http://localhost',
      files: t.services.files,
      push: t.services.push,
      outbound: t.services.outbound,
      broadcast: (_channel, stream, message) => void told.push({ stream, message: message as TranscodingMessage }),
    },
    log: silent,
    name: 'api',
    pollingIntervalSeconds: 0.5,
    retryDelaySeconds: 1,
  });
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

/** A video with a master in the store: a real 2-second 1080p file, or bytes that are no video. */
async function videoWithMaster(kind: 'free' | 'pool', master: 'good' | 'broken') {
  const label = Math.random().toString(36).slice(2, 8);
  const [id = 0] = await insertProjects(
    t.database.db,
    [
      {
        projectId: `FLOW-${label}`,
        language: 'en',
        title: `Storm reaches the coast ${label}`,
        datelineDate: '2026-11-20',
        duration: 2,
        freeAccess: kind === 'free',
        limitType: kind === 'pool' ? 'pool' : 'standard',
        publishedAt: new Date('2026-11-20T12:00:00Z'),
      },
    ],
    t.services.clock.now(),
  );
  const file = path.join(os.tmpdir(), `flow-master-${label}.mp4`);
  if (master === 'good')
    await runFfmpeg(t.services.files.ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
  else await writeFile(file, 'this is not a video');
  const storageKey = `masters/flow-${label}.mp4`;
  await t.services.files.store.put(storageKey, file);
  await t.database.db.insert(videoMasters).values({ projectId: id, storageKey, durationSeconds: 2 });
  return id;
}

const download = async (browser: Browser, projectId: number, body: Record<string, unknown> = {}) => {
  const response = await browser.post(`/api/content/video_projects/${projectId}/videos/download`, {
    restrictions_accepted: true,
    quality: 'hd',
    file_type: 'mp4',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return purchaseResultSchema.parse(response.json());
};

async function requestOf(browser: Browser, id: number, until: (request: VideoRequest) => boolean): Promise<VideoRequest> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = videoRequestListSchema.parse((await browser.get('/api/current_user/my_content/video_requests')).json());
    const request = list.video_requests.find((candidate) => candidate.id === id);
    if (request && until(request)) return request;
    if (Date.now() > deadline) throw new Error(`request ${id} is ${JSON.stringify(request)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('downloads through the job queue (issue: downloads)', () => {
  it('a requested file is rendered by a worker, told in progress, then fetched by its signed link with Range; asked again, it exists', async () => {
    const video = await videoWithMaster('free', 'good');
    const { browser, user } = await agreementFixtures(t).signedIn();
    const first = await download(browser, video);
    expect(first).toMatchObject({ exist: false, url: null });

    const ready = await requestOf(browser, first.request_id, (request) => request.stage === 'download_now');
    expect(ready).toMatchObject({ progress: 100, quality: 'hd', file_type: 'mp4', video_format: 'clean' });
    const mine = told.filter((entry) => entry.stream === `user:${user.id}`).map((entry) => entry.message);
    expect(mine.some((message) => message.type === 'progress')).toBe(true);
    expect(mine.at(-1)).toMatchObject({ type: 'completed', request_id: first.request_id });

    const url = ready.url ?? '';
    const whole = await browser.get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="storm-reaches-the-coast-[a-z0-9-]+_720p_clean\.mp4"$/);
    const size = Number(whole.headers['content-length']);
    expect(whole.rawPayload.length).toBe(size);
    expect(whole.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    const part = await browser.get(url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await browser.get(url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    const outside = await browser.get(url, { headers: { range: `bytes=${size}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);

    // Fetched: my content says ready. Asked again: the file exists, a link at once.
    expect((await requestOf(browser, first.request_id, () => true)).stage).toBe('ready');
    const again = await download(browser, video);
    expect(again.exist).toBe(true);
    expect(again.url).toContain('/files/renditions/');
    const rendersRun = told.filter((entry) => entry.message.type === 'completed' && entry.message.request_id === again.request_id);
    expect(rendersRun).toEqual([]);
  }, 60_000);

  it('a link works only as signed, until it expires, and for its owner only', async () => {
    const video = await videoWithMaster('free', 'good');
    const { browser } = await agreementFixtures(t).signedIn();
    const first = await download(browser, video, { quality: 'sd' });
    const { url } = await requestOf(browser, first.request_id, (request) => request.stage === 'download_now');
    const link = new URL(url ?? '', 'http://localhost');
    const tampered = (change: (params: URLSearchParams) => void) => {
      const copy = new URL(link);
      change(copy.searchParams);
      return `${copy.pathname}?${copy.searchParams.toString()}`;
    };
    expect((await browser.get(`${link.pathname}${link.search}`)).statusCode).toBe(200);
    // Passed on, the link is worth nothing: to a visitor, or to another customer.
    for (const holder of [new Browser(t.app), (await agreementFixtures(t).signedIn()).browser]) {
      const refused = await holder.get(`${link.pathname}${link.search}`);
      expect([refused.statusCode, codes(refused)]).toEqual([403, ['link_not_yours']]);
    }
    const otherOwner = await browser.get(tampered((params) => params.set('owner', '1')));
    expect(codes(otherOwner)).toEqual(['link_invalid']);
    const renamed = await browser.get(tampered((params) => params.set('name', 'other.mp4')));
    expect([renamed.statusCode, codes(renamed)]).toEqual([403, ['link_invalid']]);
    const extended = await browser.get(tampered((params) => params.set('expires', String(Number(params.get('expires')) + 3600))));
    expect(codes(extended)).toEqual(['link_invalid']);
    const elsewhere = await browser.get(`${link.pathname.replace(/\.mp4$/, '.mxf')}${link.search}`);
    expect(codes(elsewhere)).toEqual(['link_invalid']);

    t.services.clock.advance(7 * 3600 * 1000);
    try {
      const expired = await browser.get(`${link.pathname}${link.search}`);
      expect([expired.statusCode, codes(expired)]).toEqual([410, ['link_expired']]);
    } finally {
      t.services.clock.advance(-7 * 3600 * 1000);
    }
  }, 60_000);

  it('a signed key that steps out of the store is a 404, not a 500', async () => {
    const now = t.services.clock.now();
    for (const key of ['renditions/../secret', 'renditions/./x.mp4', '../data/db']) {
      // Slashes written as %2F reach the route as signed (a plain `..` is resolved before routing).
      const signed = signedFileUrl(t.services.files.secret, { key, name: 'x.mp4', now });
      const url = signed.replace(`/files/${key}`, `/files/${encodeURIComponent(key)}`);
      const response = await t.app.inject({ method: 'GET', url });
      expect([response.statusCode, codes(response)], key).toEqual([404, ['file_not_found']]);
    }
  });

  it('a render that keeps failing is retried, then the request fails and its charge is given back', async () => {
    const video = await videoWithMaster('pool', 'broken');
    const holder = await agreementFixtures(t).signedIn({ userGroup: 'customer' });
    const pass = await createAgreement(
      t.database.db,
      { userId: holder.user.id, agreementType: 'pass', balances: [{ kind: 'pool', amount: 10, refill: 10 }] },
      t.services.clock.now(),
    );
    const pool = async () =>
      (
        await t.database.db
          .select({ amount: agreementBalances.amount })
          .from(agreementBalances)
          .where(and(eq(agreementBalances.agreementId, pass.id), eq(agreementBalances.kind, 'pool')))
      )[0]?.amount;

    const answer = await download(holder.browser, video);
    expect(await pool()).toBe(9);
    const failed = await requestOf(holder.browser, answer.request_id, (request) => request.stage === 'failed');
    expect(failed).toMatchObject({ error: 'render_failed', url: null });
    expect(await pool()).toBe(10);
    const operations = await t.database.db
      .select({ type: agreementOperations.operationType, amount: agreementOperations.amount })
      .from(agreementOperations)
      .where(eq(agreementOperations.agreementId, pass.id));
    expect(operations.filter((operation) => operation.type !== 'grant')).toEqual([
      { type: 'download', amount: -1 },
      { type: 'download_returned', amount: 1 },
    ]);
    expect(told.some((entry) => entry.message.type === 'failed' && entry.message.request_id === answer.request_id)).toBe(true);

    // Cleared, it leaves the list.
    expect((await holder.browser.delete(`/api/current_user/my_content/video_requests/${answer.request_id}`)).statusCode).toBe(204);
    const list = videoRequestListSchema.parse((await holder.browser.get('/api/current_user/my_content/video_requests')).json());
    expect(list.video_requests.map((request) => request.id)).not.toContain(answer.request_id);
  }, 60_000);

  it('a file sent to the profile’s SFTP server arrives there byte for byte; a wrong password reaches the user as a clear error', async () => {
    const server = await startSftpServer();
    try {
      const video = await videoWithMaster('free', 'good');
      const { browser } = await agreementFixtures(t).signedIn();
      const refused = await browser.post(`/api/content/video_projects/${video}/videos/download`, {
        restrictions_accepted: true,
        upload_to_ftp: true,
      });
      expect([refused.statusCode, codes(refused)]).toEqual([422, ['ftp_not_set']]);

      const profile = (password: string) =>
        browser.patch('/api/current_user', {
          user: { ftp_server: `sftp://127.0.0.1:${server.port}/incoming`, ftp_username: server.username, ftp_password: password },
        });
      const nonsense = await browser.patch('/api/current_user', { user: { ftp_server: 'http://files.example/in' } });
      expect([nonsense.statusCode, codes(nonsense)]).toEqual([422, ['ftp_server_invalid']]);
      expect((await profile(server.password)).statusCode).toBe(200);
      const sent = await download(browser, video, { quality: 'md', upload_to_ftp: true });
      const delivered = await requestOf(browser, sent.request_id, (request) => request.delivery === 'delivered');
      const name = /filename="([^"]+)"/.exec(
        ((await browser.get(delivered.url ?? '')).headers['content-disposition'] as string) ?? '',
      )?.[1];
      const local = (await browser.get(delivered.url ?? '')).rawPayload;
      expect(await readFile(path.join(server.root, 'incoming', name ?? '-'))).toEqual(local);
      expect(told.some((entry) => entry.message.type === 'delivery' && entry.message.state === 'delivered')).toBe(true);

      // The file exists now: sent again with a wrong password, the delivery fails in words.
      await profile('wrong password');
      const again = await download(browser, video, { quality: 'md', upload_to_ftp: true });
      expect(again.exist).toBe(true);
      const failed = await requestOf(browser, again.request_id, (request) => request.delivery === 'failed');
      expect(failed.delivery_error).toBe('The FTP/SFTP server refused the username or password');
    } finally {
      await server.close();
    }
  }, 60_000);
});
