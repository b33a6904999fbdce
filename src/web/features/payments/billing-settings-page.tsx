import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { LONG_CACHE_MS } from '../../lib/query-client.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { BILLING_KEYS, billingApi } from './billing-api.ts';
import { BillingForm } from './billing-form.tsx';
import { SavedCards } from './saved-cards.tsx';
import './billing-settings.css';

/**
 * /{locale}/user/billing-settings (spec: accounts §3 "Billing", §5, §6, §8): who is invoiced. The
 * profile's details fill it until it is saved; a company's VAT id is checked with the registry first
 * when the country is in the EU list. The saved cards (spec §7 payment_methods) follow as their own section.
 */
export function BillingSettingsPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const settings = useQuery({
    queryKey: BILLING_KEYS.settings(userId),
    queryFn: ({ signal }) => billingApi.settings(signal),
    enabled: userId !== null,
  });
  const countries = useQuery({
    queryKey: BILLING_KEYS.countries(locale),
    queryFn: ({ signal }) => billingApi.countries(signal),
    staleTime: LONG_CACHE_MS,
  });

  if (settings.error instanceof ApiError && settings.error.status === 403) return <NoBillingSettings locale={locale} />;
  if (settings.isError) throw settings.error;
  if (countries.isError) throw countries.error;
  if (!settings.data || !countries.data) return <LoadingFallback label={t('common.loading')} />;
  return (
    <div className="page billing-page" data-testid="billing-settings-page">
      <h1>{t('profileMenu.billingSettings')}</h1>
      <p className="billing-page__lead">{t('billing.lead')}</p>
      <BillingForm settings={settings.data} countries={countries.data} />
      <SavedCards />
    </div>
  );
}

/** Spec §6: a client account has no billing settings; someone who opens the address is told so. */
function NoBillingSettings({ locale }: { locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="page billing-page" data-testid="billing-settings-none">
      <h1>{t('profileMenu.billingSettings')}</h1>
      <p className="billing-page__lead">{t('billing.none')}</p>
      <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.profile}`}>
        {t('profileMenu.profile')}
      </Link>
    </div>
  );
}
