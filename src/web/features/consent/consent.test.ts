import { describe, expect, it } from 'vitest';
import { ALL_ACCEPTED, ONLY_NECESSARY, parseConsent, serializeConsent } from './consent.ts';

describe('cookie consent record', () => {
  it('round-trips a choice', () => {
    const choice = { necessary: true, performance: false, functional: true, marketing: false };
    expect(parseConsent(serializeConsent(choice))).toEqual(choice);
    expect(parseConsent(serializeConsent(ALL_ACCEPTED))).toEqual(ALL_ACCEPTED);
  });

  it('keeps strictly necessary on, whatever is stored', () => {
    expect(serializeConsent({ ...ONLY_NECESSARY, necessary: false })).toContain('necessary:1');
    expect(parseConsent('necessary:0,performance:0,functional:0,marketing:1')).toEqual({ ...ONLY_NECESSARY, marketing: true });
  });

  it('treats a missing or unreadable record as no consent, so the banner shows', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('yes')).toBeNull();
    expect(parseConsent('necessary:1,performance:1')).toBeNull();
    expect(parseConsent('necessary:1,performance:2,functional:1,marketing:1')).toBeNull();
  });
});
