import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import type { BillingSettings } from '../../../common/billing.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { BILLING_KEYS, billingApi } from './billing-api.ts';
import { BillingForm, type BillingFormHandle } from './billing-form.tsx';
import './billing-settings.css';

/** Ready to invoice: saved with the country and an address (a receipt names the buyer's address). */
export function billingReady(settings: BillingSettings | undefined): boolean {
  return settings !== undefined && settings.complete && settings.address_1.trim() !== '' && settings.city.trim() !== '';
}

/** The buyer's billing settings on the checkout (spec §2: "billing fields filled from billing settings"). */
export function useBillingSettings() {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: BILLING_KEYS.settings(userId),
    queryFn: ({ signal }) => billingApi.settings(signal),
    enabled: userId !== null,
  });
}

/**
 * Checkout's billing information: a summary of the billing settings, or their form while they are
 * not ready or the buyer changes them. A save reprices the order (the country and VAT id decide
 * the VAT) and is the billing settings' own save. `formHandle` reaches the form while it is open:
 * checkout's "Pay" saves it first.
 */
export function BillingSection({ formHandle }: { formHandle?: Ref<BillingFormHandle> }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const settings = useBillingSettings();
  const countries = useQuery({
    queryKey: BILLING_KEYS.countries(locale),
    queryFn: ({ signal }) => billingApi.countries(signal),
    staleTime: LONG_CACHE_MS,
  });
  const [editing, setEditing] = useState(false);
  if (settings.isError) throw settings.error;
  if (countries.isError) throw countries.error;
  if (!settings.data || !countries.data) return <LoadingFallback />;
  const data = settings.data;
  const open = editing || !billingReady(data);
  const country = countries.data.find((candidate) => candidate.id === data.country_id)?.name ?? '';
  return (
    <section className="checkout-form__section billing-section" aria-labelledby="billing-section-title" data-testid="checkout-billing">
      <h2 className="billing-section__title" id="billing-section-title">
        {t('payment.billing.title')}
      </h2>
      {open ? (
        <BillingForm
          settings={data}
          countries={countries.data}
          handle={formHandle}
          onSaved={() => {
            setEditing(false);
            void client.invalidateQueries({ queryKey: ['payments', 'price'] });
          }}
        />
      ) : (
        <div className="billing-section__summary" data-testid="billing-summary">
          <address dir="auto">
            <strong>{[data.first_name, data.last_name].join(' ')}</strong>
            {data.kind === 'company' ? <span dir="auto">{data.company_name}</span> : null}
            <span dir="auto">{data.address_1}</span>
            {data.address_2 ? <span dir="auto">{data.address_2}</span> : null}
            <span dir="auto">{[data.zip, data.city].filter(Boolean).join(' ')}</span>
            <span>{[data.region, country].filter(Boolean).join(', ')}</span>
            {data.kind === 'company' && data.vat_id ? (
              <span>
                {t('payment.billing.vatId')} <bdi dir="ltr">{data.vat_id}</bdi>
              </span>
            ) : null}
          </address>
          <Button variant="secondary" size="small" onClick={() => setEditing(true)} data-testid="billing-change">
            {t('payment.billing.change')}
          </Button>
        </div>
      )}
    </section>
  );
}
