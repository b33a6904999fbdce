import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/locales.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { readCatalogue, textAt } from '../../../../scripts/catalogues.ts';

/**
 * The account messages of spec accounts §8 ("user has not migrated", "user inactive", "email not
 * found"): a sign-in or reset answer with one of these codes is shown in the page's language, not
 * as the server's English message (the sign-in and reset forms show errorText / itemText).
 */
const CODES = ['user_not_migrated', 'user_inactive', 'email_not_found'] as const;

describe('the account messages', () => {
  it('are translated in every language', () => {
    for (const locale of LOCALES) {
      const catalogue = readCatalogue(locale);
      const translate = (key: string) => textAt(catalogue, key);
      for (const code of CODES) {
        const shown = errorText(new ApiError(401, [{ code, message: 'English from the server' }]), translate);
        expect(shown, `${locale} ${code}`).not.toBe('English from the server');
        expect(shown, `${locale} ${code}`).toBe(translate(`errors.${code}`));
      }
    }
  });

  it('say the spec’s words in English', () => {
    const english = (code: string) => textAt(readCatalogue('en'), `errors.${code}`);
    expect(english('user_not_migrated')).toMatch(/^User has not migrated/);
    expect(english('user_inactive')).toBe('User inactive');
    expect(english('email_not_found')).toBe('Email not found');
  });
});
