import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD } from '../test/factories.ts';
import { Browser } from '../test/http.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

/** One of each kind of answer: the app shell, a redirect, API data, an API error, media, the docs. */
const ANSWERS = [
  '/en',
  '/',
  '/en/no-such-screen',
  '/api/locales',
  '/api/no-such-call',
  '/media/tags/no-such-tag.svg',
  '/api/docs',
  '/healthz',
];

describe('security headers on every kind of answer', () => {
  it.each(ANSWERS)('%s', async (url) => {
    const { headers } = await t.app.inject({ method: 'GET', url });
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS (here through the trusted proxy)', async () => {
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/locales', headers: { 'x-forwarded-proto': 'https' } });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const untrusted = await t.app.inject({
      method: 'GET',
      url: '/api/locales',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cookies are Secure whenever the browser came over HTTPS', () => {
  const secureOf = (response: Awaited<ReturnType<Browser['signIn']>>, name: string) =>
    response.cookies.find((cookie) => cookie.name === name)?.secure ?? false;

  it('the session cookie: over a trusted proxy listed by address, not over plain HTTP', async () => {
    const user = await createUser(t.database.db);
    const https = await new Browser(t.app).post(
      '/users/sign_in.json',
      { user: { email: user.email, password: PASSWORD } },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(secureOf(https, 'session')).toBe(true);
    const signOut = await new Browser(t.app).delete('/users/sign_out.json', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secureOf(signOut, 'session')).toBe(true);
    expect(secureOf(await new Browser(t.app).signIn(user.email), 'session')).toBe(false);
  });

  it('the admin challenge cookie too', async () => {
    const admin = await createUser(t.database.db, { isAdmin: true });
    const response = await new Browser(t.app).post(
      '/users/sign_in.json',
      { user: { email: admin.email, password: PASSWORD } },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(secureOf(response, 'two_factor_challenge')).toBe(true);
  });

  it('behind a TLS proxy that forwards no protocol, a PUBLIC_URL on https decides', async () => {
    const behindProxy = await createTestApp({ env: { PUBLIC_URL: 'https://newsreel.example' } });
    const user = await createUser(behindProxy.database.db);
    expect(secureOf(await new Browser(behindProxy.app, { origin: 'https://newsreel.example' }).signIn(user.email), 'session')).toBe(true);
    await behindProxy.close();
  });
});

describe('with Stripe as the card provider', () => {
  it('allows Stripe.js, its frames and its API; without Stripe, none of its origins', async () => {
    const withStripe = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' } });
    try {
      const csp = String((await withStripe.app.inject({ method: 'GET', url: '/en' })).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect(csp).toContain("frame-ancestors 'none'");
    } finally {
      await withStripe.close();
    }
    const plain = String((await t.app.inject({ method: 'GET', url: '/en' })).headers['content-security-policy']);
    expect(plain).not.toContain('stripe');
  });
});
