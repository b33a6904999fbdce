import { describe, expect, it } from 'vitest';
import type { BillingSettings } from '../../../common/billing.ts';
import { LOCALES } from '../../../common/locales.ts';
import { readCatalogue, textAt } from '../../../../scripts/catalogues.ts';
import { billingSavedNotices } from './billing-notices.ts';

const company: BillingSettings = {
  kind: 'company',
  first_name: 'Ana',
  last_name: 'Buyer',
  email: 'billing@buyer.example',
  company_name: 'Rheinland TV GmbH',
  vat_id: 'DE123456789',
  has_no_vat: false,
  address_1: 'Hauptstraße 1',
  address_2: '',
  zip: '10115',
  city: 'Berlin',
  country_id: 5,
  region: '',
  complete: true,
};

/** The notices a billing save shows (spec: accounts §8 "Billing information updated", "VAT ID updated"). */
describe('the billing form’s success notices', () => {
  it('says "VAT ID updated" when only the VAT id changed', () => {
    expect(billingSavedNotices(company, { ...company, vat_id: 'DE999999999' })).toEqual(['alert.flash.vat_updated']);
    expect(billingSavedNotices(company, { ...company, vat_id: null, has_no_vat: true })).toEqual(['alert.flash.vat_updated']);
  });

  it('says both when the VAT id and the address changed, and the billing notice alone otherwise', () => {
    expect(billingSavedNotices(company, { ...company, vat_id: 'DE999999999', city: 'Köln' })).toEqual([
      'alert.flash.billing_updated',
      'alert.flash.vat_updated',
    ]);
    expect(billingSavedNotices(company, { ...company, city: 'Köln' })).toEqual(['alert.flash.billing_updated']);
    expect(billingSavedNotices(company, company)).toEqual(['alert.flash.billing_updated']);
    // The same id written otherwise is the same id.
    expect(billingSavedNotices(company, { ...company, vat_id: 'de 123.456.789' })).toEqual(['alert.flash.billing_updated']);
  });

  it('has the VAT and payment-method notices in every language', () => {
    for (const locale of LOCALES) {
      const catalogue = readCatalogue(locale);
      for (const key of ['alert.flash.vat_updated', 'alert.flash.payment_card_updated', 'alert.flash.payment_card_update'])
        expect(textAt(catalogue, key), `${locale} ${key}`).toBeTruthy();
    }
    expect(textAt(readCatalogue('en'), 'alert.flash.vat_updated')).toBe('VAT ID updated');
    expect(textAt(readCatalogue('en'), 'alert.flash.payment_card_updated')).toBe('Payment method updated');
  });
});
