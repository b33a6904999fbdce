import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CustomerPlanDetails } from '../../../../common/customers.ts';
import { api } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { PlanDetails } from '../../agreements/plan-details-page.tsx';
import { ReadOnlyPlanDetails } from '../../agreements/read-only.ts';

/**
 * "What this customer sees" (issue 29): the customer's own plan details page, read-only, from the
 * answer the server gives them; loaded when the desk opens it.
 */
export function CustomerSees({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const seen = useQuery({
    queryKey: ['desk', 'customer', customerId, 'plan-details'],
    queryFn: ({ signal }) => api.get<CustomerPlanDetails>(`/api/desk/customers/${customerId}/plan_details`, { signal }),
    enabled: open,
  });
  return (
    <details
      className="desk-customer__part desk-customer__sees"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="customer-sees"
    >
      <summary>
        <h2>{t('desk.customers.sees.title')}</h2>
      </summary>
      <p className="desk__lead">{t('desk.customers.sees.lead')}</p>
      {seen.isPending && open ? <LoadingFallback label={t('common.loading')} /> : null}
      {seen.isError ? <p role="alert">{t('desk.customers.sees.failed')}</p> : null}
      {seen.data ? (
        <div className="plan-details" data-testid="customer-sees-plan">
          <ReadOnlyPlanDetails.Provider value>
            <PlanDetails agreements={seen.data.agreements} requests={seen.data.plan_requests} />
          </ReadOnlyPlanDetails.Provider>
        </div>
      ) : null}
    </details>
  );
}
