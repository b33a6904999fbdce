import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { Browser, codes } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { isLoopback } from './dev-tools.ts';

const DEV_CALLS = [
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/dev/mailbox.json' },
  { method: 'POST', url: '/dev/users/terms_reset', payload: { email: 'admin@newsreel.example' } },
] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

describe('dev tools answer the machine itself only (issue: account takeover through /dev/mailbox)', () => {
  it.each(DEV_CALLS)('$method $url is a 404 from another address, even one claiming to be local', async (call) => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' }]) {
      const response = await t.app.inject({ ...call, headers, remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(404);
      expect(codes(response)).toEqual(['route_not_found']);
    }
  });

  it.each(DEV_CALLS)('$method $url answers a loopback connection', async (call) => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ ...call, remoteAddress })).statusCode).toBe(200);
    }
  });

  it.each(DEV_CALLS)('$method $url is a 404 on a loopback connection naming another host (DNS rebinding)', async (call) => {
    for (const host of ['rebind.evil.example:3000', 'rebind.evil.example', '10.0.0.5:3000', 'localhost.evil.example']) {
      const response = await t.app.inject({ ...call, remoteAddress: '127.0.0.1', headers: { host } });
      expect(response.statusCode, host).toBe(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'ru.localhost:3100'])
      expect((await t.app.inject({ ...call, remoteAddress: '127.0.0.1', headers: { host } })).statusCode, host).toBe(200);
  });

  it('a guest elsewhere cannot read a reset link for the admin', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    const guest = new Browser(t.app, { ip: '198.51.100.77' });
    expect((await guest.post('/api/users/password_instructions', { email: admin.email })).statusCode).toBe(200);
    const read = await guest.get('/dev/mailbox.json');
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('reset_password_token');
  });

  it('terms_reset answers the same for an address with and without an account', async () => {
    const user = await createUser(t.database.db);
    const known = await t.app.inject({ method: 'POST', url: '/dev/users/terms_reset', payload: { email: user.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/dev/users/terms_reset', payload: { email: 'ghost@agency.example' } });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it('loopback is 127.0.0.0/8 and ::1 only', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '::2', '', undefined].some(isLoopback)).toBe(false);
  });
});

describe('dev tools are off outside the embedded development set-up', () => {
  it.each<Record<string, string>>([{ NODE_ENV: 'production' }, { DEV_TOOLS: 'false' }])(
    'with %o even the machine itself gets 404',
    async (env) => {
      const app = await createTestApp({ env });
      for (const call of DEV_CALLS) expect((await app.app.inject({ ...call, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      await app.close();
    },
  );
});
