import { isLocale, localeDirection } from '../../common/locales.ts';
import { formatDay } from '../lib/money.ts';

/**
 * A calendar date (`2026-11-26`) in the reader's language, inside text of another language: a
 * video's card or text is in the video's language and direction, the date in the page's. Its own
 * `lang` and `dir` isolate it, so an Arabic date in an English card reads "26 نوفمبر 2026", not
 * "26 2026 نوفمبر" (the numbers of a right-to-left run laid out left to right).
 */
export function ReaderDate({ value, locale }: { value: string; locale: string }) {
  return (
    <time dateTime={value} lang={locale} dir={isLocale(locale) ? localeDirection(locale) : 'auto'}>
      {formatDay(value, locale, 'UTC')}
    </time>
  );
}
