import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LIMITS, apiKeyCallerSchema, apiKeyIssuedSchema, apiKeysSchema, type ApiKeyIssued } from '../../../common/integration.ts';
import { createTestApp, days, type TestApp } from '../../test/harness.ts';
import { Browser, codes } from '../../test/http.ts';
import { users as usersTable } from '../accounts/schema.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import { sha256 } from '../security/crypto.ts';
import { rateLimitCounters } from '../security/schema.ts';
import { apiKeys } from './schema.ts';

let t: TestApp;
let a: ReturnType<typeof agreementFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = agreementFixtures(t);
});
afterAll(async () => t.close());

const KEYS = '/api/current_user/api_keys';
const eqId = (id: number) => eq(apiKeys.id, id);
const eqUser = (id: number) => eq(usersTable.id, id);
const eqCounter = (key: string, windowStart: Date) => and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart));
type Caller = Awaited<ReturnType<typeof a.signedIn>>;

async function issue(caller: Caller, body: Record<string, unknown> = {}): Promise<ApiKeyIssued> {
  const answer = await caller.browser.post(KEYS, { name: 'Newsroom CMS', scopes: ['read', 'download'], ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return apiKeyIssuedSchema.parse(answer.json());
}
/** A call as a newsroom system makes it: the key, no cookie. */
const withKey = (secret: string, url = '/api/v1/key') => new Browser(t.app).get(url, { headers: { authorization: `Bearer ${secret}` } });

describe('API keys in the user area', () => {
  it('shows the secret once, keeps only its hash, and lists the key by its prefix', async () => {
    const owner = await a.signedIn();
    const { key, secret } = await issue(owner);
    expect(secret.startsWith('nr_')).toBe(true);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ name: 'Newsroom CMS', scopes: ['read', 'download'], state: 'active', expires_at: null });
    const [row] = await t.database.db.select().from(apiKeys).where(eqId(key.id));
    expect(row?.secretHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = apiKeysSchema.parse((await owner.browser.get(KEYS)).json());
    expect(listed.keys.map((k) => k.id)).toEqual([key.id]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('acts as its owner on /api/v1 and notes when it was last used', async () => {
    const { master, home } = await a.team();
    const { key, secret } = await issue(master);
    const answer = await withKey(secret);
    expect(answer.statusCode, answer.body).toBe(200);
    const caller = apiKeyCallerSchema.parse(answer.json());
    expect(caller.owner).toEqual({ id: master.user.id, email: master.user.email, company_id: home.id });
    expect(caller.key?.id).toBe(key.id);
    const listed = apiKeysSchema.parse((await master.browser.get(KEYS)).json());
    expect(listed.keys[0]?.last_used_at).not.toBeNull();
  });

  it('rotates: the new secret works, the old one stops at once; a revoked key cannot be rotated', async () => {
    const owner = await a.signedIn();
    const first = await issue(owner, { scopes: ['read'], expires_in_days: 30 });
    const rotated = await owner.browser.post(`${KEYS}/${first.key.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    const second = apiKeyIssuedSchema.parse(rotated.json());
    expect(second.secret).not.toBe(first.secret);
    expect(second.key).toMatchObject({ name: first.key.name, scopes: ['read'], expires_at: first.key.expires_at, state: 'active' });
    expect((await withKey(second.secret)).statusCode).toBe(200);
    expect(codes(await withKey(first.secret))).toEqual(['api_key_revoked']);
    expect(codes(await owner.browser.post(`${KEYS}/${first.key.id}/rotate`))).toEqual(['api_key_not_live']);
  });

  it('refuses revoked, expired, unknown and malformed keys with 401 and a code that says which', async () => {
    const owner = await a.signedIn();
    const revoked = await issue(owner);
    const gone = await owner.browser.delete(`${KEYS}/${revoked.key.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ state: 'revoked' });
    const expiring = await issue(owner, { expires_in_days: 1 });
    t.services.clock.advance(days(1) + 1000);
    try {
      for (const [secret, code] of [
        [revoked.secret, 'api_key_revoked'],
        [expiring.secret, 'api_key_expired'],
        ['nr_not-a-key-anyone-holds', 'api_key_invalid'],
        ['sk_live_other-vendor', 'api_key_invalid'],
      ] as const) {
        const answer = await withKey(secret);
        expect(answer.statusCode, secret).toBe(401);
        expect(codes(answer)).toEqual([code]);
      }
      const malformed = await new Browser(t.app).get('/api/v1/key', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
      expect(malformed.statusCode).toBe(401);
      const listed = apiKeysSchema.parse((await owner.browser.get(KEYS)).json());
      expect(Object.fromEntries(listed.keys.map((k) => [k.id, k.state]))).toEqual({
        [revoked.key.id]: 'revoked',
        [expiring.key.id]: 'expired',
      });
    } finally {
      t.services.clock.advance(-(days(1) + 1000));
    }
  });

  it('stops a key whose owner is no longer allowed keys (made a member) or was deactivated', async () => {
    const { master } = await a.team();
    const { secret } = await issue(master);
    await t.database.db.update(usersTable).set({ companyRole: 'member' }).where(eqUser(master.user.id));
    expect(codes(await withKey(secret))).toEqual(['api_key_invalid']);
    await t.database.db
      .update(usersTable)
      .set({ companyRole: 'master', deactivatedAt: t.services.clock.now() })
      .where(eqUser(master.user.id));
    expect(codes(await withKey(secret))).toEqual(['api_key_invalid']);
  });

  /** A new key of `owner`, used once (200), whose window this minute has `left` calls left. */
  const keyWithCallsLeft = async (owner: Parameters<typeof issue>[0], left: number) => {
    const { key, secret } = await issue(owner);
    expect((await withKey(secret)).statusCode).toBe(200);
    const windowStart = new Date(Math.floor(t.services.clock.now().getTime() / 60_000) * 60_000);
    await t.database.db
      .update(rateLimitCounters)
      .set({ count: API_KEY_LIMITS.callsPerMinute - left })
      .where(eqCounter(`api-key:${key.id}`, windowStart));
    return secret;
  };

  it('answers 429 with Retry-After past the per-key rate', async () => {
    const owner = await a.signedIn();
    // The window this minute already holds the limit's worth of calls.
    const secret = await keyWithCallsLeft(owner, 0);
    const limited = await withKey(secret);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another key of the same owner has its own rate.
    expect((await withKey((await issue(owner)).secret)).statusCode).toBe(200);
  });

  it('holds the per-key rate under calls at once: with 10 left in the minute, 30 calls pass 10', async () => {
    const secret = await keyWithCallsLeft(await a.signedIn(), 10);
    const answers = await Promise.all(Array.from({ length: 30 }, () => withKey(secret)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20);
  });

  it('holds the limit of live keys under concurrent requests', async () => {
    const owner = await a.signedIn();
    const answers = await Promise.all(
      Array.from({ length: API_KEY_LIMITS.perOwner + 5 }, (_, n) => owner.browser.post(KEYS, { name: `Key ${n}`, scopes: ['read'] })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(API_KEY_LIMITS.perOwner);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 201).flatMap(codes))).toEqual(new Set(['api_keys_too_many']));
  });

  it('refuses bad input with 422 and the field', async () => {
    const owner = await a.signedIn();
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read'], expires_in_days: 0 },
      { name: 'x', scopes: ['read'], expires_in_days: API_KEY_LIMITS.maxDays + 1 },
      { name: 'line\nbreak', scopes: ['read'] },
    ]) {
      const answer = await owner.browser.post(KEYS, body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.statusCode);
      expect(answer.json()).toHaveProperty('errors');
    }
  });
});

describe('who may run API keys', () => {
  it('gives each caller exactly their rights', async () => {
    const { master, member, otherMaster } = await a.team();
    const solo = await a.signedIn();
    const admin = await a.signedIn({ isAdmin: true });
    const masterKey = await issue(master);
    const guest = new Browser(t.app);
    const cases: [string, Browser, 'GET' | 'POST' | 'DELETE', string, number][] = [
      ['guest lists', guest, 'GET', KEYS, 401],
      ['guest makes', guest, 'POST', KEYS, 401],
      ['member lists', member.browser, 'GET', KEYS, 403],
      ['member makes', member.browser, 'POST', KEYS, 403],
      ['master lists', master.browser, 'GET', KEYS, 200],
      ['user without company makes', solo.browser, 'POST', KEYS, 201],
      ['admin as a user makes', admin.browser, 'POST', KEYS, 201],
      ["another company's master revokes", otherMaster.browser, 'DELETE', `${KEYS}/${masterKey.key.id}`, 404],
      ["another company's master rotates", otherMaster.browser, 'POST', `${KEYS}/${masterKey.key.id}/rotate`, 404],
      ['member revokes the master’s key', member.browser, 'DELETE', `${KEYS}/${masterKey.key.id}`, 403],
      ['guest asks who a key is', guest, 'GET', '/api/v1/key', 401],
      ['a signed-in user asks without a key', solo.browser, 'GET', '/api/v1/key', 200],
    ];
    for (const [name, browser, method, url, status] of cases) {
      const answer = await browser.request({
        method,
        url,
        ...(method === 'POST' && url === KEYS ? { payload: { name: 'k', scopes: ['read'] } } : {}),
      });
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(status);
    }
    // The master's key still works: nobody else could touch it.
    expect((await withKey(masterKey.secret)).statusCode).toBe(200);
  });
});
