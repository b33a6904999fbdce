import { readCookie } from '../../lib/cookies.ts';
import { FUNCTIONAL_COOKIES } from '../consent/consent.ts';
import { setFunctionalCookie } from '../consent/consent-store.ts';

/** The newsletter invitation comes back after the newsletter cookie's lifetime (spec: accounts §9, 90 days). */
export const NEWSLETTER_POPUP_EVERY_DAYS = FUNCTIONAL_COOKIES.newsletter;
const EVERY_MS = NEWSLETTER_POPUP_EVERY_DAYS * 24 * 3600 * 1000;

/**
 * Whether the newsletter popup is due for a signed-in user: not subscribed, not shown to the account
 * in the last 90 days (the server's record), and not shown in this browser while its newsletter
 * cookie lives (the cookie, a functional one, exists only with functional consent).
 */
export function newsletterPopupDue(input: { subscribed: boolean; shownAt: string | null; cookie: string | null; now: number }): boolean {
  if (input.subscribed || input.cookie !== null) return false;
  return input.shownAt === null || input.now - new Date(input.shownAt).getTime() > EVERY_MS;
}

/** The newsletter cookie of this browser: when the popup was last shown here, or null. */
export function newsletterCookie(): string | null {
  return readCookie('newsletter');
}

/** Writes the 90-day newsletter cookie when functional cookies are accepted; answers whether it did. */
export function rememberNewsletterPopup(now: Date): boolean {
  return setFunctionalCookie('newsletter', now.toISOString());
}
