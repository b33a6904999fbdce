import { describe, expect, it } from 'vitest';
import { phoneLink, withScheme } from './links.ts';

describe('URL and phone helpers (spec: accounts §5)', () => {
  it('prepends http:// to URLs without a scheme', () => {
    expect(withScheme('example.com/news')).toBe('http://example.com/news');
    expect(withScheme('//cdn.example.com')).toBe('http://cdn.example.com');
    expect(withScheme('localhost:3000')).toBe('http://localhost:3000');
  });

  it('keeps URLs that already have one', () => {
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('mailto:desk@example.com')).toBe('mailto:desk@example.com');
    expect(withScheme('')).toBe('');
  });

  it('keeps digits only in phone links', () => {
    expect(phoneLink('+7 (495) 123-45-67')).toBe('tel:74951234567');
  });
});
