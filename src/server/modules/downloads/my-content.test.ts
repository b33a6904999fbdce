import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myContentEntitiesSchema, myContentOperationsSchema, purchaseResultSchema } from '../../../common/downloads.ts';
import { isPopup, type NotificationPopup, type UserNotificationMessage } from '../../../common/realtime.ts';
import { startJobRunner, type JobRunner } from '../../jobs/runner.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser, codes, lastMailTo } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { videoMasters, videoRequests } from './schema.ts';
import { csvDocument, csvField, REPORT_HEADER } from './stats-report.ts';

const MASTER_KEY = 'masters/my-content-test.mp4';
let t: TestApp;
let runner: JobRunner;
const notified: { stream: string; message: UserNotificationMessage }[] = [];

beforeAll(async () => {
  t = await createTestApp({ services: { jobs: { send: (queue, data) => runner.send(queue, data), stop: async () => undefined } } });
  const master = path.join(os.tmpdir(), `my-content-master-${process.pid}.mp4`);
  await runFfmpeg(t.services.files.ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=sample_rate=48000'],
    ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', master],
  ]);
  await t.services.files.store.put(MASTER_KEY, master);
  runner = await startJobRunner({
    database: t.database,
    clock: t.services.clock,
    services: {
      mailer: t.services.mailer,
      cards: t.services.cards,
      publicOrigin: 'http://newsreel.test',
      files: t.services.files,
      push: t.services.push,
      outbound: t.services.outbound,
      broadcast: (_channel, stream, message) => void notified.push({ stream, message: message as UserNotificationMessage }),
    },
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    name: 'api',
    pollingIntervalSeconds: 0.5,
  });
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

/** Free videos, each with a 1-second master, so their downloads are rendered (and not failed) by the runner. */
async function freeVideos(titles: string[]): Promise<number[]> {
  const label = Math.random().toString(36).slice(2, 8);
  const ids = await insertProjects(
    t.database.db,
    titles.map((title, i) => ({
      projectId: `MC-${label}-${i}`,
      language: 'en' as const,
      title,
      datelineDate: '2026-11-20',
      duration: 20,
      freeAccess: true,
      publishedAt: new Date('2026-11-20T12:00:00Z'),
    })),
    t.services.clock.now(),
  );
  await t.database.db.insert(videoMasters).values(ids.map((projectId) => ({ projectId, storageKey: MASTER_KEY, durationSeconds: 1 })));
  return ids;
}

async function download(browser: Browser, id: number, body: Record<string, unknown> = {}) {
  const response = await browser.post(`/api/content/video_projects/${id}/videos/download`, { restrictions_accepted: true, ...body });
  expect(response.statusCode, response.body).toBe(200);
  t.services.clock.advance(60_000);
  return purchaseResultSchema.parse(response.json());
}

describe('my content (issue: downloads)', () => {
  it('lists downloaded items newest first, 12 a page, each with its downloads and the customer’s comments', async () => {
    const { browser } = await agreementFixtures(t).signedIn();
    const [a = 0, b = 0, c = 0] = await freeVideos(['Harbour fire', 'Summit opens', 'Floods recede']);
    await download(browser, a);
    await download(browser, b);
    await download(browser, c);
    const again = await download(browser, a, { quality: 'sd' });

    const page = myContentEntitiesSchema.parse((await browser.get('/api/current_user/my_content/entities?per_page=2')).json());
    expect(page.count).toBe(3);
    expect(page.entities.map((entity) => [entity.video.title, entity.downloads_count])).toEqual([
      ['Harbour fire', 2],
      ['Floods recede', 1],
    ]);
    const next = myContentEntitiesSchema.parse((await browser.get('/api/current_user/my_content/entities?per_page=2&page=2')).json());
    expect(next.entities.map((entity) => entity.video.title)).toEqual(['Summit opens']);
    expect(myContentEntitiesSchema.parse((await browser.get('/api/current_user/my_content/entities')).json()).per_page).toBe(12);

    const operations = myContentOperationsSchema.parse((await browser.get(`/api/current_user/my_content/entities/${a}/operations`)).json());
    expect(operations.operations.map((operation) => [operation.id, operation.quality, operation.agreement, operation.charged])).toEqual([
      [again.request_id, 'sd', null, false],
      [expect.any(Number), 'full_hd', null, false],
    ]);

    const commented = await browser.patch(`/api/current_user/my_content/operation_comments/${again.request_id}`, {
      comment: '  Used in the 19:00 bulletin  ',
    });
    expect(commented.json()).toMatchObject({ id: again.request_id, comment: 'Used in the 19:00 bulletin' });
    const tooLong = await browser.patch(`/api/current_user/my_content/operation_comments/${again.request_id}`, {
      comment: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);

    // Someone else's download and item are not found; a guest must sign in.
    const other = await agreementFixtures(t).signedIn();
    expect(
      codes(await other.browser.patch(`/api/current_user/my_content/operation_comments/${again.request_id}`, { comment: 'x' })),
    ).toEqual(['operation_not_found']);
    expect(codes(await other.browser.get(`/api/current_user/my_content/entities/${a}/operations`))).toEqual(['entity_not_found']);
    expect((await new Browser(t.app).get('/api/current_user/my_content/entities')).statusCode).toBe(401);

    // A download that failed was given back: it is not an item.
    await t.database.db.update(videoRequests).set({ state: 'failed' }).where(eq(videoRequests.projectId, c));
    expect(myContentEntitiesSchema.parse((await browser.get('/api/current_user/my_content/entities')).json()).count).toBe(2);
  });

  it('quotes CSV fields so spreadsheets read them as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Storm, then "calm"')).toBe('"Storm, then ""calm"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-1)).toBe('-1');
    expect(csvDocument([['a', 'b']])).toBe('\uFEFFa,b\r\n');
  });

  it('the CSV export: a job builds it; the link comes by notification and by e-mail; a master’s has the team’s downloads', async () => {
    const { master, member } = await agreementFixtures(t).team();
    const [fire = 0, quote = 0] = await freeVideos(['Harbour fire', 'Minister: "No, we won\'t", =SUM(A1)']);
    await download(master.browser, fire, { quality: 'hd', video_format: 'credit' });
    await download(member.browser, quote, { quality: 'sd', file_type: 'mxf' });

    const asked = await master.browser.post('/api/current_user/agreement_operations/full_stats_reports');
    expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'queued' }]);
    const deadline = Date.now() + 20_000;
    // The pop-ups told to a user (the channel also carries the notice centre's news).
    const popupFor = (userId: number) =>
      notified
        .map((entry) => (entry.stream === `user:${userId}` ? entry.message : undefined))
        .find((message): message is NotificationPopup => message !== undefined && isPopup(message));
    let note: NotificationPopup | undefined;
    while (!(note = popupFor(master.user.id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(note).toMatchObject({ type: 'success', key: 'downloads.reportReady' });
    const link = note?.link ?? '';
    const mail = await lastMailTo(t.app, master.user.email);
    expect(mail.text).toContain(`http://newsreel.test${link}`);

    const file = await new Browser(t.app).get(link);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/filename="newsreel-downloads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = file.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe(REPORT_HEADER.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^[^,]+,${master.user.email},MC-[a-z0-9]+-0,Harbour fire,720p MP4 credit,free,0,Published$`));
    expect(lines[2]).toContain(`,${member.user.email},`);
    expect(lines[2]).toContain(',"Minister: ""No, we won\'t"", =SUM(A1)",240p MXF clean,free,0,Published');

    // The member's own report has their row only.
    await member.browser.post('/api/current_user/agreement_operations/full_stats_reports');
    while (!popupFor(member.user.id) && Date.now() < deadline + 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const memberLink = popupFor(member.user.id)?.link ?? '';
    expect((await new Browser(t.app).get(memberLink)).rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(2);
  }, 60_000);
});
