import { useParams } from 'react-router';
import { formatDay, formatMoney, formatNumber } from '../../../lib/money.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';

/** How the reports write numbers, money, periods and moments in the page's language. */
export function useReportFormats() {
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  return {
    locale,
    number: (value: number) => formatNumber(value, locale),
    day: (value: string) => formatDay(value, locale, timeZone),
    money: (cents: number, currency: string) => formatMoney(cents, currency, locale),
    /** A report's day (2026-11-22) or month (2026-11), which are UTC calendar periods. */
    period: (value: string) =>
      new Intl.DateTimeFormat(
        locale,
        value.length === 7 ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
      ).format(new Date(value.length === 7 ? `${value}-01T00:00:00Z` : `${value}T00:00:00Z`)),
    moment: (value: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value)),
  };
}
