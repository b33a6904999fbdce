import type { Receipt, Transaction } from '../../../common/payments.ts';
import type { TransactionStatus } from '../../../common/payment-values.ts';
import { LINKS } from '../../../common/routes.ts';

/**
 * How the purchase history and a receipt show a transaction (spec: accounts §2 "purchase history
 * table", §3 "Transaction": status, date, period, card, amount). Plain values, no React.
 */

/** The badge's colour for a status; the badge also says the status in words. */
export type StatusTone = 'success' | 'danger' | 'warning' | 'neutral';

const TONES: Record<TransactionStatus, StatusTone> = {
  succeeded: 'success',
  failed: 'danger',
  pending: 'warning',
  incomplete: 'warning',
  refunded: 'neutral',
};

export function statusTone(status: TransactionStatus): StatusTone {
  return TONES[status];
}

/** A receipt exists once a transaction was paid (a refunded one keeps its receipt, marked refunded). */
export function hasReceipt(transaction: Pick<Transaction, 'status' | 'receipt_number'>): boolean {
  return transaction.receipt_number !== null && (transaction.status === 'succeeded' || transaction.status === 'refunded');
}

/** Where "what was bought" leads: the video of a one-off licence, the plan details for a pass. */
export function purchaseTarget(transaction: Pick<Transaction, 'kind' | 'video_project_id'>): string | null {
  if (transaction.kind === 'one_off')
    return transaction.video_project_id === null ? null : LINKS.video(String(transaction.video_project_id));
  return LINKS.planDetails;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as the card says it: "visa" is "Visa"; a brand we do not know keeps its own name. */
export function cardBrandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "Visa •••• 4242", or the wallet's name, or null when the provider never said (a payment that did not start). */
export function paidWith(transaction: Pick<Transaction, 'card_brand' | 'card_last4' | 'wallet'>): string | null {
  if (transaction.wallet) return transaction.wallet;
  if (transaction.card_last4) return `${cardBrandName(transaction.card_brand ?? 'card')} •••• ${transaction.card_last4}`;
  return null;
}

const dayFormat = (locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const calendarDay = (value: string) => new Date(`${value}T00:00:00Z`);

/** The licensed period of calendar days (`2026-03-01` to `2027-02-28`) in the reader's language; null without one. */
export function formatPeriod(start: string | null, end: string | null, locale: string): string | null {
  if (!start || !end) return null;
  return dayFormat(locale).formatRange(calendarDay(start), calendarDay(end));
}

/** How many pages the history has: at least one, so an empty history reads "page 1 of 1". */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page a `?page=` search value asks for: a whole number from 1, else the first page. */
export function pageFrom(search: string | null): number {
  const page = Number(search);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The VAT rate of a receipt in percent, in the reader's language ("19%", "25.5%"). */
export function formatVatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
}

/** Why a receipt charges no VAT, as a catalogue key; the standard rate needs no note. */
export function vatNoteKey(reason: Receipt['vat_reason']): string | null {
  switch (reason) {
    case 'reverse_charge':
      return 'purchaseHistory.receipt.reverseCharge';
    case 'outside_eu':
      return 'purchaseHistory.receipt.outsideEu';
    case 'standard_rate':
      return null;
  }
}

/**
 * A country by its name in the reader's language: from the countries list when it has the code,
 * else as Intl names it, else the code itself.
 */
export function countryName(code: string, countries: readonly { code: string; name: string }[] | undefined, locale: string): string {
  const listed = countries?.find((country) => country.code.toUpperCase() === code.toUpperCase());
  if (listed) return listed.name;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch (error) {
    if (error instanceof RangeError) return code;
    throw error;
  }
}
