import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../common/errors.ts';
import { createUser } from '../test/factories.ts';
import { Browser } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Walks every route the app registers, today's and those later features add, with the input that
 * once gave 500s: ids past PostgreSQL's integer, negative and fractional numbers, dates that are no
 * dates, text that does not decode, bodies of the wrong shape. Whoever calls, the answer is never a
 * 5xx, an error has the envelope, and every answer carries the security headers.
 */
let t: TestApp;
let member: Browser;
beforeAll(async () => {
  t = await createTestApp();
  member = new Browser(t.app, { ip: '198.51.100.200' });
  await member.signIn((await createUser(t.database.db)).email);
});
afterAll(() => t.close());

const PARAM_VALUES = ['2147483648', '-1', '1.5', '0', 'x'.repeat(90), '%E0%A4%A'];
const QUERY = '?id=2147483648&page=-1&per_page=1.5&date_from=0&date_to=-1&country=2147483648&agreement_id=2147483648&locale=xx&search=%00';
const BODIES: unknown[] = [undefined, {}, [], 'text', { id: 2147483648, user: 1, email: 5, token: null, video: -1 }];

function withParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);
}

describe('every route, with bad input, as a guest and as a user', () => {
  it('never answers 5xx; errors carry the envelope; every answer carries the security headers', async () => {
    const routes = t.app.routeTable.filter((route) => !route.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      for (const value of PARAM_VALUES) {
        const url = withParams(route.url, value) + QUERY;
        for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES) {
          for (const caller of [new Browser(t.app, { ip: '198.51.100.201' }), member]) {
            const response = await caller.request({ method: route.method, url, payload: body as string | undefined });
            const where = `${route.method} ${url} ${JSON.stringify(body)} → ${response.statusCode}`;
            if (response.statusCode >= 500) failures.push(`${where} ${response.body.slice(0, 120)}`);
            if (!response.headers['content-security-policy']) failures.push(`${where}: no CSP`);
            if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
              if (!errorBodySchema.safeParse(response.json()).success) failures.push(`${where}: not the envelope`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('every API route', () => {
  it('declares the contract of its answers, so the server checks each one before it leaves', () => {
    // The browser takes answers as typed by these contracts without parsing them again (docs/decisions.md).
    // The tus protocol's calls (the desk's resumable uploads) answer in headers with empty bodies, no JSON to check.
    const tus = /^\/api\/desk\/uploads(\/:id)?$/;
    const unchecked = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !tus.test(route.url))
      .filter((route) => !route.answersChecked)
      .map((route) => `${route.method} ${route.url}`);
    expect(unchecked).toEqual([]);
  });
});
