import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../../common/signed-in-cookie.ts';
import { createSessionToken, createUser } from '../../test/factories.ts';
import { Browser } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The signed-in hint (src/common/signed-in-cookie.ts, issue 28): a visitor's app does not ask
 * GET /api/current_user, whose answer for a visitor stays the spec's 401.
 */
let t: TestApp;
beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-web-'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head></head><body><div id="root"></div></body></html>',
  );
  await mkdir(path.join(webRoot, '.vite'));
  await writeFile(path.join(webRoot, '.vite', 'manifest.json'), '{}');
  t = await createTestApp({ config: { webRoot } });
});
afterAll(() => t.close());

type SetCookie = { name: string; value: string; httpOnly?: boolean; maxAge?: number; path?: string; sameSite?: string };
const hintOf = (response: { cookies: SetCookie[] }) => response.cookies.find((cookie) => cookie.name === SIGNED_IN_COOKIE);

describe('the signed-in hint', () => {
  it('comes with the session cookie at sign-in, readable by the page and as long-lived, and goes with it at sign-out', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    const signedIn = await browser.signIn(user.email);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.cookies.find((cookie) => cookie.name === 'session');
    const hint = hintOf(signedIn);
    expect(hint).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: session?.maxAge });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.value).toMatch(/^[0-9a-f]{12}$/);
    // Another sign-in is another value: the page tells a renewed hint from the one it asked with.
    expect(hintOf(await new Browser(t.app).signIn(user.email))?.value).not.toBe(hint?.value);

    const signedOut = await browser.delete('/users/sign_out.json');
    expect(signedOut.statusCode).toBe(204);
    expect(hintOf(signedOut)?.value).toBe('');
    expect(browser.cookie(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(browser.cookie('session')).toBeUndefined();
  });

  it('a visitor still gets the spec’s 401 from GET /api/current_user', async () => {
    expect((await new Browser(t.app).get('/api/current_user')).statusCode).toBe(401);
  });

  it('a page’s shell gives it back to a browser whose session has none (a session from before the hint), and to nobody else', async () => {
    const user = await createUser(t.database.db);
    const browser = new Browser(t.app);
    browser.setCookie('session', await createSessionToken(t.database.db, user, t.services.clock.now()));
    const page = await browser.get('/en/about');
    expect(page.statusCode).toBe(200);
    expect(hintOf(page)).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(hintOf(page)?.httpOnly).toBeFalsy();
    // Kept, not renewed, on the next page.
    expect(hintOf(await browser.get('/en/about'))).toBeUndefined();
    expect(browser.cookie(SIGNED_IN_COOKIE)).toBeTruthy();

    expect(hintOf(await new Browser(t.app).get('/en/about'))).toBeUndefined();
    const stale = new Browser(t.app);
    stale.setCookie('session', 'no-such-session');
    expect(hintOf(await stale.get('/en/about'))).toBeUndefined();
  });
});
