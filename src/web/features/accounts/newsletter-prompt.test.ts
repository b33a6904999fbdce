import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The newsletter cookie (spec: accounts §9 "newsletter cookie 90 days", §4 functional cookies only
 * with consent): written when the newsletter popup shows, for 90 days, and honoured: while it lives
 * the popup does not show in this browser.
 */
const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-11-28T12:00:00Z');

/** A browser's document.cookie: what was written, and the jar as the page reads it. */
function fakeBrowser(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  const written: string[] = [];
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Expires=Thu, 01 Jan 1970/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('location', { protocol: 'http:' });
  return { written, jar };
}

/** The modules read the consent cookie when they load: each test loads them in its own browser. */
async function load() {
  vi.resetModules();
  return import('./newsletter-prompt.ts');
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the newsletter cookie', () => {
  it('is written for 90 days when the popup shows, with functional cookies accepted', async () => {
    const browser = fakeBrowser({ cookie_consent: 'necessary:1,performance:0,functional:1,marketing:0' });
    const prompt = await load();
    expect(prompt.rememberNewsletterPopup(new Date(NOW))).toBe(true);
    const line = browser.written.find((written) => written.startsWith('newsletter='));
    expect(line).toBeDefined();
    expect(line).toContain(`Expires=${new Date(NOW + 90 * DAY).toUTCString()}`);
    expect(prompt.newsletterCookie()).toBe(new Date(NOW).toISOString());
  });

  it('is not written without functional consent', async () => {
    const browser = fakeBrowser({ cookie_consent: 'necessary:1,performance:1,functional:0,marketing:1' });
    const prompt = await load();
    expect(prompt.rememberNewsletterPopup(new Date(NOW))).toBe(false);
    expect(browser.written).toEqual([]);
    expect(prompt.newsletterCookie()).toBeNull();
  });

  it('keeps the popup away while it lives, even when the account’s record says it is due', async () => {
    fakeBrowser({});
    const { newsletterPopupDue } = await load();
    const longAgo = new Date(NOW - 200 * DAY).toISOString();
    expect(newsletterPopupDue({ subscribed: false, shownAt: longAgo, cookie: null, now: NOW })).toBe(true);
    expect(newsletterPopupDue({ subscribed: false, shownAt: null, cookie: null, now: NOW })).toBe(true);
    expect(newsletterPopupDue({ subscribed: false, shownAt: longAgo, cookie: new Date(NOW - 10 * DAY).toISOString(), now: NOW })).toBe(
      false,
    );
    expect(newsletterPopupDue({ subscribed: false, shownAt: null, cookie: 'x', now: NOW })).toBe(false);
  });

  it('leaves the 90 days of the account’s record and a subscriber as they were', async () => {
    fakeBrowser({});
    const { newsletterPopupDue, NEWSLETTER_POPUP_EVERY_DAYS } = await load();
    expect(NEWSLETTER_POPUP_EVERY_DAYS).toBe(90);
    expect(newsletterPopupDue({ subscribed: false, shownAt: new Date(NOW - 89 * DAY).toISOString(), cookie: null, now: NOW })).toBe(false);
    expect(newsletterPopupDue({ subscribed: false, shownAt: new Date(NOW - 91 * DAY).toISOString(), cookie: null, now: NOW })).toBe(true);
    expect(newsletterPopupDue({ subscribed: true, shownAt: null, cookie: null, now: NOW })).toBe(false);
  });
});
