import { isLocale, localeDirection } from '../../common/locales.ts';

/**
 * A moment (date and time) in the reader's language, isolated as ReaderDate is, for logs whose
 * entries are minutes apart, or with the seconds where they are seconds apart (a webhook's attempts).
 */
export function ReaderMoment({ value, locale, seconds = false }: { value: string; locale: string; seconds?: boolean }) {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short', timeZone: 'UTC' }).format(
    new Date(value),
  );
  return (
    <time dateTime={value} lang={locale} dir={isLocale(locale) ? localeDirection(locale) : 'auto'}>
      {text}
    </time>
  );
}
