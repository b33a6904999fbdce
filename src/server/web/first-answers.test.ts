import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKey } from '../../common/first-answers.ts';
import { insertProjects } from '../modules/catalogue/writer.ts';
import type { TestApp } from '../test/harness.ts';
import { shellTestApp } from './test-web-root.ts';

let t: TestApp;
let projectIds: number[] = [];
beforeAll(async () => {
  ({ t, projectIds } = await shellTestApp());
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe("first answers: the shell carries the answers of a guest's first calls (src/common/first-answers.ts)", () => {
  const firstAnswers = (body: string) => {
    const json = /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(body)?.[1];
    return json ? (JSON.parse(json) as Record<string, { status: number; body: unknown }>) : null;
  };

  it('the video list: the same answers the API gives, keyed by call, and its first poster preloaded', async () => {
    const { body } = await get('/en/videos', { host: 'localhost:3000' });
    const answers = firstAnswers(body);
    const list = await get('/api/content/video_projects?page=1&per_page=12&locale=en', { site: 'localhost:3000' });
    const listBody: unknown = list.json();
    expect(answers?.['/api/content/video_projects?locale=en&page=1&per_page=12']).toEqual({ status: 200, body: listBody });
    // A guest's app does not ask who is signed in (src/common/signed-in-cookie.ts): no answer to carry.
    expect(answers?.['/api/current_user?locale=en']).toBeUndefined();
    const site: unknown = (await get('/api/site?locale=en', { site: 'localhost:3000' })).json();
    expect(answers?.['/api/site?locale=en']).toEqual({ status: 200, body: site });
    const first = list.json<{ videos: { selected_preview_image: string }[] }>().videos[0]?.selected_preview_image;
    expect(first).toBeTruthy();
    expect(body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first}">`);
  });

  it('the dashboard carries its answer too', async () => {
    const answers = firstAnswers((await get('/ar')).body);
    expect(answers?.['/api/content/video_projects/dashboard?locale=ar']?.status).toBe(200);
  });

  it('a video page: its story’s answer, by the id or the slug in its address as the page asks, and its poster preloaded', async () => {
    const id = projectIds[2] ?? 0;
    const story = await get(`/api/content/video_projects/${id}?locale=en`, { site: 'localhost:3000' });
    const poster = story.json<{ selected_preview_image: string }>().selected_preview_image;
    const byId = await get(`/en/videos/${id}`, { host: 'localhost:3000' });
    const storyBody: unknown = story.json();
    expect(firstAnswers(byId.body)?.[`/api/content/video_projects/${id}?locale=en`]).toEqual({ status: 200, body: storyBody });
    expect(byId.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${poster}">`);
    // What the page asks next, by the story's id: a guest's files, the related stories, the trending list.
    const carried = firstAnswers(byId.body) ?? {};
    for (const call of [
      `/api/content/video_projects/${id}/videos/current_guest_available_formats?locale=en`,
      `/api/content/video_projects/related_video_projects?id=${id}&locale=en`,
      '/api/content/video_projects/dashboard?locale=en',
    ]) {
      const direct: unknown = (await get(call, { site: 'localhost:3000' })).json();
      expect(carried[answerKey(call)]).toEqual({ status: 200, body: direct });
    }

    // An Arabic story's slug travels percent-encoded; the page asks with encodeURIComponent of it.
    const title = 'فيضانات في شمال إيطاليا';
    const [arabic = 0] = await insertProjects(
      t.database.db,
      [{ projectId: 'NR-T-AR-SLUG', language: 'ar', title, datelineDate: '2026-11-22', duration: 60, publishedAt: t.services.clock.now() }],
      t.services.clock.now(),
    );
    const arabicSlug = (await get(`/api/content/video_projects/${arabic}?locale=ar`)).json<{ project_slug: string }>().project_slug;
    expect(arabicSlug).toContain('فيضانات');
    const answers = firstAnswers((await get(`/ar/videos/${encodeURIComponent(arabicSlug)}`)).body);
    expect(answers?.[`/api/content/video_projects/${encodeURIComponent(arabicSlug)}?locale=ar`]).toMatchObject({
      status: 200,
      body: { id: arabic, title },
    });
    // A story that does not exist: the page is a 404 and carries nothing.
    const missing = await get('/en/videos/no-such-story');
    expect(missing.statusCode).toBe(404);
    expect(firstAnswers(missing.body)).toBeNull();
  });

  it('a video page’s boot view paints the story’s poster where its preview will be; other screens and a signed-in browser keep the spinner', async () => {
    const id = projectIds[1] ?? 0;
    const poster = (await get(`/api/content/video_projects/${id}?locale=ar`)).json<{ selected_preview_image: string }>()
      .selected_preview_image;
    const shown = (await get(`/ar/videos/${id}`)).body;
    expect(shown).toContain(
      `<main class="app__main"><div class="page video-page"><div class="video-page__layout"><div class="video-page__main"><div class="video-preview"><div class="video-player"><video class="video-player__media" poster="${poster}" preload="none" aria-hidden="true"></video></div></div></div></div></div></main>`,
    );
    expect(shown).not.toContain('loading-fallback');
    for (const [url, cookie] of [
      ['/ar/videos', ''],
      ['/ar', ''],
      [`/ar/videos/${id}`, 'session=abc'],
    ]) {
      const { body } = await get(url ?? '', cookie ? { cookie } : {});
      expect(body, url).toContain('<div class="loading-fallback"');
      expect(body, url).not.toContain('video-player');
    }
  });

  it('nothing personal: none for a signed-in browser, none for a screen with a query, none for other screens', async () => {
    expect(firstAnswers((await get('/en/videos', { cookie: 'session=abc' })).body)).toBeNull();
    expect(firstAnswers((await get('/en/videos?sort=oldest')).body)).toBeNull();
    expect(firstAnswers((await get('/en/about')).body)).toBeNull();
  });

  it('what the catalogue says cannot close the element', async () => {
    const title = 'Breaking </script><script>alert(1)</script>';
    await insertProjects(
      t.database.db,
      [{ projectId: 'NR-T-XSS', language: 'ar', title, datelineDate: '2026-11-22', duration: 60, publishedAt: t.services.clock.now() }],
      t.services.clock.now(),
    );
    // Russian: a list the micro-cache does not hold yet.
    const { body } = await get('/ru/videos');
    expect(body).not.toContain('<script>alert');
    expect(JSON.stringify(firstAnswers(body))).toContain(title);
  });

  it('the shell travels compressed', async () => {
    const response = await get('/en/videos', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('id="first-answers"');
  });
});
