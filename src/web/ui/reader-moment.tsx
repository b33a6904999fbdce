import { isLocale, localeDirection } from '../../common/locales.ts';

/**
 * A moment (date and time) in the reader's language, isolated as ReaderDate is, for logs whose
 * entries are minutes or seconds apart.
 */
export function ReaderMoment({ value, locale }: { value: string; locale: string }) {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(value));
  return (
    <time dateTime={value} lang={locale} dir={isLocale(locale) ? localeDirection(locale) : 'auto'}>
      {text}
    </time>
  );
}
