import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableFormatsResponseSchema } from '../../../common/catalogue.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { codes, type Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { videoRequests } from './schema.ts';
import { videoOf } from './test-support.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_VARIANTS: 'landing.localhost=landing' } });
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const LANDING = { site: 'landing.localhost:3000' };
const STANDARD = { site: 'www.example.com' };

const download = (
  browser: Browser,
  projectId: number,
  rendition: { quality: string; file_type: string },
  headers: Record<string, string>,
) =>
  browser.post(
    `/api/content/video_projects/${projectId}/videos/download`,
    { restrictions_accepted: true, video_format: 'clean', ...rendition },
    { headers },
  );

describe('the landing download (spec: content §2 "a landing download (1080p MP4 or MXF)")', () => {
  it('offers a video in 1080p only, as MP4 and MXF, on the landing site; every quality elsewhere', async () => {
    const id = await videoOf(t, 'free');
    const { browser } = await a.signedIn();
    const offered = async (headers: Record<string, string>) =>
      availableFormatsResponseSchema
        .parse((await browser.get(`/api/content/video_projects/${id}/videos/current_available_formats`, { headers })).json())
        .formats.filter((format) => format.format === 'clean')
        .map((format) => `${format.quality}:${format.container}`);
    expect(await offered(LANDING)).toEqual(['full_hd:mp4', 'full_hd:mxf']);
    expect(await offered(STANDARD)).toEqual(expect.arrayContaining(['full_hd:mp4', 'hd:mp4', 'sd:mxf']));
    const guest = availableFormatsResponseSchema.parse(
      (await t.app.inject({ url: `/api/content/video_projects/${id}/videos/current_guest_available_formats`, headers: LANDING })).json(),
    );
    expect(new Set(guest.formats.map((format) => format.quality))).toEqual(new Set(['full_hd']));
  });

  it('refuses any other quality on the landing site with a clear 422, before anything is charged; takes 1080p MP4 and MXF', async () => {
    const id = await videoOf(t, 'free');
    const { browser, user } = await a.signedIn();
    const requested = async () => (await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id))).length;
    const refused = await download(browser, id, { quality: 'hd', file_type: 'mp4' }, LANDING);
    expect([refused.statusCode, codes(refused)]).toEqual([422, ['landing_download_quality']]);
    expect(refused.json<{ errors: { message: string; field: string }[] }>().errors[0]).toMatchObject({
      field: 'quality',
      message: 'On this site videos are downloaded in 1080p, as MP4 or MXF',
    });
    expect(await requested()).toBe(0);
    for (const file_type of ['mp4', 'mxf'])
      expect((await download(browser, id, { quality: 'full_hd', file_type }, LANDING)).statusCode).toBe(200);
    expect((await download(browser, id, { quality: 'hd', file_type: 'mp4' }, STANDARD)).statusCode).toBe(200);
    expect(await requested()).toBe(3);
  });
});
