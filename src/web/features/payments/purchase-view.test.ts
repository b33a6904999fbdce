import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '../../../common/payment-values.ts';
import {
  cardBrandName,
  countryName,
  formatPeriod,
  formatVatRate,
  hasReceipt,
  pageCount,
  pageFrom,
  paidWith,
  purchaseTarget,
  statusTone,
  vatNoteKey,
} from './purchase-view.ts';

describe('a transaction in the purchase history', () => {
  it('colours paid green, failed red, unfinished amber and refunded grey', () => {
    expect(TRANSACTION_STATUSES.map(statusTone)).toEqual(['success', 'danger', 'warning', 'warning', 'neutral']);
  });

  it('has a receipt once paid, refunded or not, and never without a receipt number', () => {
    expect(hasReceipt({ status: 'succeeded', receipt_number: 'NR-2026-000001' })).toBe(true);
    expect(hasReceipt({ status: 'refunded', receipt_number: 'NR-2026-000001' })).toBe(true);
    expect(hasReceipt({ status: 'failed', receipt_number: null })).toBe(false);
    expect(hasReceipt({ status: 'pending', receipt_number: null })).toBe(false);
    expect(hasReceipt({ status: 'succeeded', receipt_number: null })).toBe(false);
  });

  it('leads to the video of a one-off licence by its id, and to the plan details for a pass', () => {
    expect(purchaseTarget({ kind: 'one_off', video_project_id: 42 })).toBe('/videos/42');
    expect(purchaseTarget({ kind: 'one_off', video_project_id: null })).toBeNull();
    expect(purchaseTarget({ kind: 'pass', video_project_id: null })).toBe('/user/plan-details');
    expect(purchaseTarget({ kind: 'renewal', video_project_id: null })).toBe('/user/plan-details');
  });

  it('names the card by brand and last four digits, or the wallet', () => {
    expect(paidWith({ card_brand: 'visa', card_last4: '4242', wallet: null })).toBe('Visa •••• 4242');
    expect(paidWith({ card_brand: 'amex', card_last4: '0005', wallet: null })).toBe('American Express •••• 0005');
    expect(paidWith({ card_brand: null, card_last4: null, wallet: 'PayPal' })).toBe('PayPal');
    expect(paidWith({ card_brand: null, card_last4: null, wallet: null })).toBeNull();
    expect(cardBrandName('maestro')).toBe('Maestro');
  });

  it('shows the period as one range of calendar days, the same in every time zone', () => {
    // Intl sets the dash between thin spaces.
    const plain = (text: string | null) => text?.replace(/\s/g, ' ');
    expect(plain(formatPeriod('2026-03-01', '2027-02-28', 'en'))).toBe('Mar 1, 2026 – Feb 28, 2027');
    expect(plain(formatPeriod('2026-03-01', '2026-03-08', 'en'))).toBe('Mar 1 – 8, 2026');
    expect(formatPeriod('2026-03-01', null, 'en')).toBeNull();
    expect(formatPeriod(null, null, 'ru')).toBeNull();
  });
});

describe('paging', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(36, 12)).toBe(3);
  });

  it('reads ?page= as a whole number from 1', () => {
    expect(pageFrom('3')).toBe(3);
    expect(pageFrom(null)).toBe(1);
    expect(pageFrom('0')).toBe(1);
    expect(pageFrom('-2')).toBe(1);
    expect(pageFrom('2.5')).toBe(1);
    expect(pageFrom('two')).toBe(1);
  });
});

describe('a receipt', () => {
  it('writes the VAT rate in percent', () => {
    expect(formatVatRate(19, 'en')).toBe('19%');
    expect(formatVatRate(25.5, 'en')).toBe('25.5%');
    expect(formatVatRate(0, 'en')).toBe('0%');
  });

  it('explains a rate of 0 by reverse charge or by being outside the EU', () => {
    expect(vatNoteKey('reverse_charge')).toBe('purchaseHistory.receipt.reverseCharge');
    expect(vatNoteKey('outside_eu')).toBe('purchaseHistory.receipt.outsideEu');
    expect(vatNoteKey('standard_rate')).toBeNull();
  });

  it('names the buyer’s country from the countries list, else as Intl does, else by its code', () => {
    const countries = [{ code: 'DE', name: 'Deutschland' }];
    expect(countryName('de', countries, 'de')).toBe('Deutschland');
    expect(countryName('FR', countries, 'en')).toBe('France');
    expect(countryName('FR', undefined, 'es')).toBe('Francia');
    expect(countryName('not a code', undefined, 'en')).toBe('not a code');
  });
});
