import { formatDay } from '../../lib/money.ts';

/** A publication time in the reader's language and time zone. */
export function formatPublished(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** A calendar date as a long date: the app's one date format (lib/money.ts). */
export function formatDate(isoDate: string, locale: string): string {
  return formatDay(isoDate, locale, 'UTC');
}

export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}
