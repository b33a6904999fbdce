/**
 * An amount in a currency's minor units (cents, kopecks), in the page's language, with the
 * currency's own sign (€, ₽: spec accounts §9). Whole amounts are shown without decimals.
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A calendar date (`2027-10-24`) or a moment (an ISO time, shown in the reader's time zone), as a long date. */
export function formatDay(value: string, locale: string, timeZone: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: dateOnly ? 'UTC' : timeZone,
  }).format(new Date(dateOnly ? `${value}T00:00:00Z` : value));
}
