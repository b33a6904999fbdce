import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../common/errors.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webRoot: undefined } });
});
afterAll(() => t.close());

const BIG = '2147483648';
const LISTS = ['/api/content/video_projects', '/api/content/video_projects/search'];

/** Input that once gave 500: each is refused with a 4xx and the errors envelope. */
const BAD_REQUESTS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  ...LISTS.flatMap((list) =>
    ['0', '-1', '1.5', '99999-01-01', '2026-13-01', '%00'].flatMap((d) => [`${list}?date_from=${d}`, `${list}?date_to=${d}`]),
  ),
  ...LISTS.flatMap((list) =>
    [`country=${BIG}`, `page=${BIG}`, `min_duration=${BIG}`, 'page=1e400', 'per_page=NaN', 'min_duration=Infinity'].map(
      (q) => `${list}?${q}`,
    ),
  ),
  `/api/content/video_projects/${BIG}`,
  `/api/content/video_projects/99999999999999999999999`,
  `/api/content/video_projects/-1`,
  `/api/content/video_projects/${BIG}/front_page`,
  `/api/content/videos/${BIG}/current_guest_available_formats`,
  `/api/content/videos/${BIG}/current_user_available_formats`,
  `/api/content/videos/1/current_guest_available_formats?agreement_id=${BIG}`,
  `/api/content/related_video_projects?id=${BIG}`,
  `/media/previews/${BIG}.svg`,
  `/media/previews/99999999999999999999.svg`,
  `/media/banners/${BIG}.svg`,
]
  .map((url): { method: 'GET' | 'POST'; url: string; payload?: object } => ({ method: 'GET', url }))
  .concat([
    { method: 'POST', url: `/api/users/${BIG}/confirmation_instructions` },
    {
      method: 'POST',
      url: '/api/content/video_projects/search_statistics',
      payload: { search_id: 'x', video: Number(BIG), event_type: 'view' },
    },
  ]);

/** Odd but harmless: slugs that look like numbers are just slugs nobody has. */
const ODD_REQUESTS = LISTS.flatMap((list) => [`region=${BIG}`, `category=${BIG}`, `tags=${BIG}`, 'country=-1'].map((q) => `${list}?${q}`));

describe('bad input is a 4xx with the errors envelope, never a 500', () => {
  it.each(BAD_REQUESTS)('$method $url', async ({ method, url, payload }) => {
    const response = await t.app.inject({ method, url, payload });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(errorBodySchema.safeParse(response.json()).success).toBe(true);
  });

  it.each(ODD_REQUESTS)('GET %s answers an empty list', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each(['/en', '/videos', '/', '/en/videos'])('a malformed language_code cookie on %s is ignored', async (url) => {
    for (const cookie of ['language_code=%', 'language_code=%E0%A4%A', 'language_code=%ZZ; session=%']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url} ${cookie}: ${response.body}`).toBeLessThan(500);
    }
  });

  it('a malformed session cookie is a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/current_user', headers: { cookie: 'session=%E0%A4%A' } });
    expect(response.statusCode).toBe(401);
  });
});
