import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '../../../common/client-error-limits.ts';
import { clientErrorsPageSchema, type ClientErrorReport, type ClientErrorsPage } from '../../../common/client-errors.ts';
import { createTestApp, days, testConfig, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { deskCallers, deskExpectation, statusTable, type StatusCall } from '../desk/test-support.ts';
import { pruneClientErrors } from './service.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof deskCallers>>;
beforeAll(async () => {
  t = await createTestApp();
  callers = await deskCallers(t);
});
afterAll(() => t.close());

/** Each test sends from its own address, so the per-address limit of one never meets another's. */
let lastOctet = 10;
const nextIp = () => `198.51.100.${(lastOctet += 1)}`;

const report = (overrides: Partial<ClientErrorReport> = {}): ClientErrorReport => ({
  kind: 'api',
  message: 'Internal error',
  stack: null,
  url: 'http://localhost:3000/en/plans',
  release: 'build-42',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chromium/156',
  request: { method: 'POST', path: '/api/current_user/payments', status: 500, code: 'internal_error' },
  occurred_at: '2026-11-22T08:59:58.000Z',
  ...overrides,
});

const send = (who: Browser, reports: unknown[], ip = nextIp()) => who.post('/api/client_errors', { reports }, { ip });

async function deskList(query = ''): Promise<ClientErrorsPage> {
  const answer = await callers.admin.get(`/api/desk/client_errors${query}`);
  expect(answer.statusCode).toBe(200);
  return clientErrorsPageSchema.parse(answer.json());
}

describe('browser error reports (POST /api/client_errors)', () => {
  it("stores a visitor's report and a signed-in user's, with the user, and the admin desk reads them newest first", async () => {
    const visitor = await send(new Browser(t.app), [report({ message: 'visitor-failure' })]);
    expect([visitor.statusCode, visitor.json()]).toEqual([202, { stored: 1 }]);
    const { user, browser } = await agreementFixtures(t).signedIn();
    const signedIn = await send(browser, [
      report({ message: 'user-failure-1' }),
      report({
        kind: 'error',
        message: 'user-failure-2',
        stack: 'TypeError: x is undefined\n    at Plans (plans.tsx:10:3)',
        request: null,
      }),
    ]);
    expect([signedIn.statusCode, signedIn.json()]).toEqual([202, { stored: 2 }]);

    const page = await deskList('?q=failure');
    expect(page.client_errors.map((entry) => entry.message)).toEqual(['user-failure-2', 'user-failure-1', 'visitor-failure']);
    expect(page.client_errors[0]).toMatchObject({
      kind: 'error',
      stack: 'TypeError: x is undefined\n    at Plans (plans.tsx:10:3)',
      request: null,
      user: { id: user.id, email: user.email },
      release: 'build-42',
      received_at: t.services.clock.now().toISOString(),
    });
    expect(page.client_errors[1]?.request).toEqual({
      method: 'POST',
      path: '/api/current_user/payments',
      status: 500,
      code: 'internal_error',
    });
    expect(page.client_errors[2]?.user).toBeNull();
  });

  it('clips long fields rather than refusing them, and refuses a body past 16 KiB with 413 and the error envelope', async () => {
    const clipped = await send(new Browser(t.app), [report({ message: `clip-me ${'m'.repeat(3000)}`, stack: 's'.repeat(6000) })]);
    expect(clipped.statusCode).toBe(202);
    const [kept] = (await deskList('?q=clip-me')).client_errors;
    expect(kept?.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(kept?.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(kept?.message.endsWith('…')).toBe(true);

    const huge = await send(new Browser(t.app), [report({ message: 'too-big', stack: 'x'.repeat(CLIENT_ERROR_LIMITS.bodyBytes) })]);
    expect([huge.statusCode, codes(huge)]).toEqual([413, ['payload_too_large']]);
    expect((await deskList('?q=too-big')).client_errors).toEqual([]);
  });

  it('refuses what is not a report batch with 422: no reports, too many, an unknown kind, a date that is not one', async () => {
    const tooMany = Array.from({ length: CLIENT_ERROR_LIMITS.reportsPerBatch + 1 }, () => report({ stack: null }));
    for (const reports of [[], tooMany, [report({ kind: 'other' as 'api' })], [report({ occurred_at: 'yesterday' })]]) {
      const answer = await send(new Browser(t.app), reports);
      expect(answer.statusCode).toBe(422);
      expect(codes(answer).length).toBeGreaterThan(0);
    }
  });

  it('takes 30 batches a minute from one address, however many arrive at once: of 50 sent together 30 are stored, 20 get 429 with Retry-After', async () => {
    const ip = nextIp();
    const browser = new Browser(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => send(browser, [report({ message: `flood-${ip}-${n}` })], ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(codes(refused ?? answers[0]!)).toEqual(['too_many_requests']);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await deskList(`?q=flood-${ip}`)).client_errors).toHaveLength(30);
    // Another address is not held back by this one.
    expect((await send(browser, [report({ message: 'elsewhere' })])).statusCode).toBe(202);
  });

  it('the desk filters by the failed call status, by kind and by day, and pages by the last id seen', async () => {
    const browser = new Browser(t.app);
    await send(browser, [
      report({ message: 'net-down', request: { method: 'PATCH', path: '/api/current_user', status: 0, code: 'network_error' } }),
    ]);
    await send(browser, [report({ message: 'gateway', request: { method: 'DELETE', path: '/api/lists/1', status: 503, code: null } })]);
    expect((await deskList('?status=0')).client_errors.map((entry) => entry.message)).toEqual(['net-down']);
    expect((await deskList('?status=503&q=gateway')).client_errors.map((entry) => entry.request?.method)).toEqual(['DELETE']);
    expect((await deskList('?kind=unhandled_rejection')).client_errors).toEqual([]);
    const today = t.services.clock.now().toISOString().slice(0, 10);
    expect((await deskList(`?from=${today}&to=${today}&q=net-down`)).client_errors).toHaveLength(1);
    expect((await deskList('?to=2026-01-01')).client_errors).toEqual([]);
    expect((await callers.admin.get('/api/desk/client_errors?status=700')).statusCode).toBe(422);

    const many = Array.from({ length: CLIENT_ERROR_LIMITS.reportsPerBatch }, () => report({ stack: null }));
    for (let n = 0; n < 6; n += 1) await send(browser, many);
    const first = await deskList();
    expect(first.client_errors).toHaveLength(50);
    expect(first.next_before_id).not.toBeNull();
    const second = await deskList(`?before_id=${first.next_before_id}`);
    expect(Math.max(...second.client_errors.map((entry) => entry.id))).toBeLessThan(
      Math.min(...first.client_errors.map((entry) => entry.id)),
    );
  });

  it('only admins of the desk read reports; anyone else is told the call does not exist, or that it needs the role', async () => {
    const calls: Record<string, StatusCall> = {
      'GET client errors': {
        call: async (who) => (await who.get('/api/desk/client_errors')).statusCode,
        expected: deskExpectation('admin', 200),
      },
      'POST a client error': {
        call: async (who) => (await send(who, [report({ message: 'anyone' })])).statusCode,
        expected: Object.fromEntries(Object.keys(deskExpectation('admin', 202)).map((caller) => [caller, 202])) as StatusCall['expected'],
      },
    };
    const { answers, expected } = await statusTable(calls, callers);
    expect(answers).toEqual(expected);
  });

  it('a report is kept 30 days, then pruned', async () => {
    await send(new Browser(t.app), [report({ message: 'to-be-pruned' })]);
    const at = (ms: number) => ({ now: () => new Date(t.services.clock.now().getTime() + ms) });
    await pruneClientErrors({ db: t.database.db, clock: at(days(29)) });
    expect((await deskList('?q=to-be-pruned')).client_errors).toHaveLength(1);
    const { removed } = await pruneClientErrors({ db: t.database.db, clock: at(days(31)) });
    expect(removed).toBeGreaterThan(0);
    expect((await deskList('?q=to-be-pruned')).client_errors).toEqual([]);
  });
});

describe('a Sentry DSN instead of our endpoint (SENTRY_DSN)', () => {
  it('is named in the page for the browser and allowed in its connect-src; a value that is no DSN stops start-up', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'newsreel-web-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    const sentry = await createTestApp({ config: { webRoot }, env: { SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/4505' } });
    try {
      const page = await sentry.app.inject({ method: 'GET', url: '/en' });
      expect(page.body).toContain('<meta name="sentry-dsn" content="https://abc123@o1.ingest.sentry.io/4505">');
      expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/o1\.ingest\.sentry\.io/);
    } finally {
      await sentry.close();
    }
    expect(() => testConfig({}, { SENTRY_DSN: 'https://o1.ingest.sentry.io/4505' })).toThrow(/SENTRY_DSN/);
  });
});
