import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoListResponseSchema } from '../../../common/catalogue.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { Browser } from '../../test/http.ts';
import { insertProjects } from './writer.ts';

/**
 * The unfiltered list's first three pages of 12 have statements of their own, their bounds
 * written in (list.ts); later pages and other page sizes share one with parameters. Walked page by
 * page, every sort gives the stories of one large page, in its order, each once.
 */
let t: TestApp;
const STORIES = 53;
beforeAll(async () => {
  t = await createTestApp();
  await insertProjects(
    t.database.db,
    Array.from({ length: STORIES }, (_, index) => ({
      projectId: `NR-PAGES-${String(index).padStart(3, '0')}`,
      language: 'en' as const,
      title: `Paged story ${index}`,
      datelinePlace: 'Lisbon',
      datelineDate: '2026-11-20',
      // Durations repeat, so the longest and shortest sorts lean on their second key.
      duration: 30 + ((index * 7) % 11) * 10,
      publishedAt: new Date(Date.UTC(2026, 10, 1, 0, index * 13)),
    })),
    t.services.clock.now(),
  );
});
afterAll(() => t.close());

const ids = async (query: string) => {
  const response = await new Browser(t.app).get(`/api/content/video_projects?${query}`);
  expect(response.statusCode).toBe(200);
  const answer = videoListResponseSchema.parse(response.json());
  return { ids: answer.videos.map((video) => video.project_id), count: answer.count, pages: answer.pages };
};

describe('the unfiltered list, page by page', () => {
  it.each(['newest', 'oldest', 'longest', 'shortest'])(
    '%s: pages 1 to 5 of 12 are the one page of 48 and the rest, in order',
    async (sort) => {
      const whole = await ids(`sort=${sort}&per_page=48`);
      const rest = await ids(`sort=${sort}&per_page=48&page=2`);
      expect(whole.ids).toHaveLength(48);
      const paged: string[] = [];
      for (const page of [1, 2, 3, 4, 5]) {
        const answer = await ids(`sort=${sort}&page=${page}`);
        expect(answer).toMatchObject({ count: STORIES, pages: 5 });
        paged.push(...answer.ids);
      }
      expect(paged).toEqual([...whole.ids, ...rest.ids]);
      expect(new Set(paged).size).toBe(STORIES);
      expect(await ids(`sort=${sort}&page=6`)).toEqual({ ids: [], count: STORIES, pages: 5 });
    },
  );
});
