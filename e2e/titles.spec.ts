import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptNecessaryCookies } from './support/accounts.ts';

type Listing = { videos: { id: number; title: string; language: string; selected_preview_image: string }[] };
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');

async function storyIn(request: APIRequestContext, language: string) {
  const listing = (await (await request.get('/api/content/video_projects?per_page=48')).json()) as Listing;
  const story = listing.videos.find((video) => video.language === language);
  if (!story) throw new Error(`no ${language} story`);
  return story;
}

test.beforeEach(async ({ context, baseURL }) => acceptNecessaryCookies(context, baseURL ?? ''));

test('every page has its own title and a description in the current locale, kept on navigation', async ({ page }) => {
  await page.goto('/en');
  await expect(page).toHaveTitle('News video for newsrooms · Newsreel');
  await expect.poll(() => description(page)).toBe('Licence news video: on-demand clips and live events for newsrooms.');
  await page.getByTestId('menu-about').click();
  await expect(page).toHaveTitle('About Newsreel · Newsreel');

  await page.goto('/ar');
  await expect(page).toHaveTitle('فيديو الأخبار لغرف الأخبار · Newsreel');
  await expect.poll(() => description(page)).toBe('ترخيص فيديو الأخبار: مقاطع عند الطلب وأحداث مباشرة لغرف الأخبار.');
  await page.getByTestId('menu-vod').click();
  await expect(page).toHaveTitle('أحدث الفيديوهات · Newsreel');
  await page.goto('/ar/impressum');
  await expect(page).toHaveTitle('بيانات الناشر · Newsreel');
  await page.goto('/ar/landing/elections');
  await expect(page).toHaveTitle('الانتخابات · Newsreel');
  await page.getByTestId('menu-plans').click();
  await expect(page).toHaveTitle('اختر خطة · Newsreel');
  await expect.poll(() => description(page)).toBe('خطط الاشتراك والإقليمية والمؤسسات لغرف الأخبار: ما تتضمنه كل خطة وكم تكلف.');
  await page.goto('/en/plans/request-enterprise');
  await expect(page).toHaveTitle('Request the Enterprise plan · Newsreel');
});

test('a video page is titled by its story, in the shell and in the app, with Open Graph tags', async ({ page, request }) => {
  const story = await storyIn(request, 'ar');
  const response = await page.goto(`/ar/videos/${story.id}`);
  const shell = (await response?.text()) ?? '';
  expect(shell).toContain('<meta property="og:type" content="video.other" />');
  // The story's own picture: a demo story's drawn preview, or the poster of a clip another spec published at the desk.
  const image = story.selected_preview_image.replace(/^https?:\/\/[^/]+/, '');
  expect(shell).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+${image.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}"`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);
  await expect(page).toHaveTitle(`${story.title} · Newsreel`);
  await expect.poll(() => description(page)).not.toContain('Licence news video');
});

test('a missing video, tag or page answers 404 and is titled as not found', async ({ page }) => {
  expect((await page.goto('/en/videos/does-not-exist'))?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Newsreel');
  expect((await page.goto('/ar/landing/no-such-tag'))?.status()).toBe(404);
  await expect(page).toHaveTitle('الصفحة غير موجودة · Newsreel');
});
