import { expect, type Page } from '@playwright/test';
import { acceptNecessaryCookies, DEMO_PASSWORD } from './accounts.ts';

export type DemoAccount = 'subscriber' | 'master' | 'member' | 'user' | 'client' | 'supervisor';

/**
 * Signs the page's context in as a demo account through the API (the sign-in form has its own
 * tests), with the prompts of a first visit (release note, newsletter) already answered, so they do
 * not cover what a journey clicks.
 */
export async function signInAsDemo(page: Page, who: DemoAccount, baseURL: string | undefined): Promise<void> {
  await signInThroughApi(page, baseURL, { email: `${who}@newsreel.example`, password: DEMO_PASSWORD });
}

/** Signs the page's context in as any account through the API, the first visit's prompts answered. */
export async function signInThroughApi(
  page: Page,
  baseURL: string | undefined,
  account: { email: string; password: string },
): Promise<void> {
  const origin = baseURL ?? '';
  await acceptNecessaryCookies(page.context(), origin);
  const headers = { origin };
  const signIn = await page.request.post('/users/sign_in.json', { data: { user: account }, headers });
  expect(signIn.status()).toBe(200);
  const note = (await (await page.request.get('/api/system/latest_release_notes')).json()) as { id?: number } | null;
  if (note?.id)
    expect((await page.request.post('/api/current_user/accept_release_note', { data: { id: note.id }, headers })).ok()).toBe(true);
  expect((await page.request.patch('/api/system/newsletterrs_popup_dates', { headers })).ok()).toBe(true);
  await acceptLaterReleaseNotes(page);
}

/**
 * Release notes are global: one the sales desk's spec publishes while this journey runs is shown
 * at its next page (e2e/desk-site.spec.ts keeps it up for seconds). Whenever one covers what the
 * journey clicks, it is accepted first, as a customer would.
 */
export async function acceptLaterReleaseNotes(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId('release-notes-dialog'), () => page.getByTestId('release-notes-accept').click());
}

/**
 * The demo's stories among `videos`, shortest first. A download renders a demo story's file at its
 * listed length (45 s to 3 min: the catalogue's generator), so a test that downloads picks the
 * shortest it can; a clip another spec published at the desk (10 s, and perhaps killed next) is left out.
 */
export function demoStoriesShortestFirst<Video extends { duration: number }>(videos: Video[]): Video[] {
  return videos.filter((video) => video.duration >= 45).sort((a, b) => a.duration - b.duration);
}
