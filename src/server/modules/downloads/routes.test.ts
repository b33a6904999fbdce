import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResultSchema } from '../../../common/downloads.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { insertProjects } from '../catalogue/writer.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const file = path.join(os.tmpdir(), `downloads-table-logo-${process.pid}.png`);
  await runFfmpeg(t.services.files.ffmpeg, ['-f', 'lavfi', '-i', 'color=c=0x00ff00:size=300x100', '-frames:v', '1', file]);
  png = await readFile(file);
}, 30_000);
afterAll(() => t.close());

/** Whether a list of requested files holds request `id`, or the status when there is no list. */
function listing(answer: { statusCode: number; json: <T>() => T }, id: number): number | string {
  if (answer.statusCode !== 200) return answer.statusCode;
  return answer.json<{ video_requests: { id: number }[] }>().video_requests.some((request) => request.id === id) ? 'listed' : 'not listed';
}

describe('who may call what in downloads (one row per caller)', () => {
  it('guest, user, member, master, another company’s master and admin each get exactly their rights', async () => {
    const a = agreementFixtures(t);
    const { master, member, otherMaster } = await a.team();
    const user = await a.signedIn({ userGroup: 'other' });
    const admin = await a.signedIn({ isAdmin: true });
    const callers = {
      guest: new Browser(t.app),
      user: user.browser,
      member: member.browser,
      master: master.browser,
      otherMaster: otherMaster.browser,
      admin: admin.browser,
    };
    const [video = 0] = await insertProjects(
      t.database.db,
      [
        {
          projectId: 'AUTH-1',
          language: 'en',
          title: 'Authorisation table',
          datelineDate: '2026-11-20',
          duration: 20,
          freeAccess: true,
          publishedAt: new Date('2026-11-20T12:00:00Z'),
        },
      ],
      t.services.clock.now(),
    );
    const download = (who: Browser, body: Record<string, unknown> = {}) =>
      who.post(`/api/content/video_projects/${video}/videos/download`, { restrictions_accepted: true, ...body });
    /** A fresh download of the member's: whatever a caller does to it, the next row starts clean. */
    const membersDownload = async () => purchaseResultSchema.parse((await download(member.browser, { quality: 'sd' })).json()).request_id;
    // One download of the member's that no row cancels or clears (each row's own would pass the day's limit).
    let membersKept: number | undefined;
    const putLogo = (who: Browser) =>
      who.request({ method: 'PUT', url: '/api/current_user/logo', payload: png, headers: { 'content-type': 'image/png' } });
    expect((await putLogo(master.browser)).statusCode).toBe(200);

    type Call = (who: Browser) => Promise<number | string>;
    const calls: Record<string, { call: Call; expected: Record<keyof typeof callers, number | string> }> = {
      'POST a download of a free video': {
        call: async (who) => (await download(who)).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST a basket of the free video (issue 28): each signed-in caller downloads it as their own': {
        call: async (who) =>
          (await who.post('/api/current_user/basket_downloads', { video_project_ids: [video], restrictions_accepted: true, quality: 'sd' }))
            .statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST a repeat of the free video (each but the guest downloaded it in the first row)': {
        call: async (who) =>
          (await who.post(`/api/content/video_projects/${video}/videos/repeated_downloads`, { restrictions_accepted: true })).statusCode,
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'POST the requested files of the video: the member’s download only for the member': {
        call: async (who) => {
          const id = (membersKept ??= await membersDownload());
          return listing(await who.post(`/api/content/video_projects/${video}/videos/requested_video_downloads`), id);
        },
        expected: {
          guest: 401,
          user: 'not listed',
          member: 'listed',
          master: 'not listed',
          otherMaster: 'not listed',
          admin: 'not listed',
        },
      },
      'POST a world-exclusive request': {
        call: async (who) => (await who.post(`/api/content/video_projects/${video}/videos/request_world_exclusive`)).statusCode,
        expected: { guest: 401, user: 201, member: 201, master: 201, otherMaster: 201, admin: 201 },
      },
      'GET the sales desk’s world-exclusive requests': {
        call: async (who) => (await who.get('/api/admin/world_exclusive_requests')).statusCode,
        expected: { guest: 401, user: 403, member: 403, master: 403, otherMaster: 403, admin: 200 },
      },
      'GET the requested files: the member’s download is listed only for the member': {
        call: async (who) => {
          const id = await membersDownload();
          return listing(await who.get('/api/current_user/my_content/video_requests'), id);
        },
        expected: {
          guest: 401,
          user: 'not listed',
          member: 'listed',
          master: 'not listed',
          otherMaster: 'not listed',
          admin: 'not listed',
        },
      },
      'DELETE (cancel) the member’s requested file': {
        call: async (who) => (await who.delete(`/api/current_user/my_content/video_requests/${await membersDownload()}`)).statusCode,
        expected: { guest: 401, user: 404, member: 204, master: 404, otherMaster: 404, admin: 404 },
      },
      'GET the downloads of the member’s item': {
        call: async (who) => {
          await membersDownload();
          return (await who.get(`/api/current_user/my_content/entities/${video}/operations`)).statusCode;
        },
        // Everyone but the guest downloaded it in the first row: each sees their own downloads.
        expected: { guest: 401, user: 200, member: 200, master: 200, otherMaster: 200, admin: 200 },
      },
      'PATCH a comment on the member’s download': {
        call: async (who) =>
          (await who.patch(`/api/current_user/my_content/operation_comments/${await membersDownload()}`, { comment: 'Evening news' }))
            .statusCode,
        expected: { guest: 401, user: 404, member: 200, master: 404, otherMaster: 404, admin: 404 },
      },
      'POST the CSV export': {
        call: async (who) => (await who.post('/api/current_user/agreement_operations/full_stats_reports')).statusCode,
        expected: { guest: 401, user: 202, member: 202, master: 202, otherMaster: 202, admin: 202 },
      },
      'GET the logo (the master uploaded the team’s)': {
        call: async (who) => (await who.get('/api/current_user/logo')).statusCode,
        expected: { guest: 401, user: 404, member: 200, master: 200, otherMaster: 404, admin: 404 },
      },
      'PUT a logo (a member may not change the team’s)': {
        call: async (who) => (await putLogo(who)).statusCode,
        expected: { guest: 401, user: 200, member: 403, master: 200, otherMaster: 200, admin: 200 },
      },
      'DELETE the logo': {
        call: async (who) => (await who.delete('/api/current_user/logo')).statusCode,
        expected: { guest: 401, user: 204, member: 403, master: 204, otherMaster: 204, admin: 204 },
      },
    };
    for (const [name, { call, expected }] of Object.entries(calls)) {
      const got: Record<string, number | string> = {};
      for (const who of Object.keys(callers) as (keyof typeof callers)[]) got[who] = await call(callers[who]);
      expect({ name, got }).toEqual({ name, got: expected });
    }
  }, 60_000);
});
