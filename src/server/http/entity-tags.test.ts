import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { Browser } from '../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, ifNoneMatch?: string) =>
  t.app.inject({ method: 'GET', url, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

describe('entity tags: answers to reads carry one; a client that has the answer hears 304', () => {
  it('a read is tagged, and the same tag (alone, weak or strong, or in a list) is answered 304 without the body', async () => {
    const first = await get('/api/countries.json');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/".+"$/);
    expect((await get('/api/countries.json')).headers.etag).toBe(tag);
    for (const sent of [tag, tag.slice(2), `W/"other", ${tag}`, '*']) {
      const again = await get('/api/countries.json', sent);
      expect([sent, again.statusCode, again.body]).toEqual([sent, 304, '']);
    }
    const changed = await get('/api/countries.json', 'W/"something-else"');
    expect([changed.statusCode, changed.body]).toEqual([200, first.body]);
  });

  it('writes and errors are not tagged, and never answered 304', async () => {
    const missing = await get('/api/content/video_projects/999999999', '*');
    expect([missing.statusCode, missing.headers.etag]).toEqual([404, undefined]);
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    browser.setCookie('session', await createSessionToken(t.database.db, user, t.services.clock.now()));
    const accepted = await browser.post('/api/current_user/accept_terms_of_service', {}, { headers: { 'if-none-match': '*' } });
    expect([accepted.statusCode, accepted.headers.etag]).toEqual([200, undefined]);
    expect(accepted.json()).toMatchObject({ id: user.id });
  });
});
