import { formatDay } from '../../lib/money.ts';

/** Duration as m:ss or h:mm:ss, the way editors read clip lengths. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

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
