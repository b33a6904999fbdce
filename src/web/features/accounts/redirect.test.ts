import { describe, expect, it } from 'vitest';
import { signInHref } from '../../lib/session.ts';
import { redirectTarget } from './redirect.ts';

describe('redirect after sign-in (spec: accounts §2)', () => {
  it('goes to the redirect path, and "/" goes to /{locale}', () => {
    expect(redirectTarget('/en/user/profile', 'en')).toBe('/en/user/profile');
    expect(redirectTarget('/', 'ar')).toBe('/ar');
    expect(redirectTarget(null, 'es')).toBe('/es');
  });

  it('puts a path without locale under the current one', () => {
    expect(redirectTarget('/user/profile?tab=ftp', 'ru')).toBe('/ru/user/profile?tab=ftp');
  });

  it('never leaves the site', () => {
    expect(redirectTarget('https://evil.example/x', 'en')).toBe('/en');
    expect(redirectTarget('//evil.example/x', 'en')).toBe('/en');
    expect(redirectTarget('/\\evil.example', 'en')).toBe('/en');
  });

  it('builds the sign-in path that comes back', () => {
    expect(signInHref('en', '/en/user/profile?x=1')).toBe('/en/signin?redirect=%2Fen%2Fuser%2Fprofile%3Fx%3D1');
  });
});
