import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { DeliveryRule } from '../../../common/delivery-rules.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { ReaderMoment } from '../../ui/reader-moment.tsx';
import { deliveryRuleError } from './delivery-rule-view.ts';
import { DELIVERY_RULE_KEYS, deliveryRulesApi } from './delivery-rules-api.ts';

const UNDER_WAY = new Set(['pending', 'rendering', 'uploading']);

/** A rule's log: each delivery (a file with its sidecar, or a kill's sidecar) with its state and, failed, why. */
export function DeliveryLogDialog({ rule, onClose }: { rule: DeliveryRule; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const log = useQuery({
    queryKey: DELIVERY_RULE_KEYS.deliveries(userId, rule.id),
    queryFn: ({ signal }) => deliveryRulesApi.deliveries(rule.id, signal),
    // While a file renders or uploads, the log looks again now and then.
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => UNDER_WAY.has(delivery.state)) ? 3000 : false),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('deliveryRules.logTitle', { name: rule.name })}
      description={t('deliveryRules.logLead')}
      size="full"
      testId="delivery-log-dialog"
    >
      {log.error ? (
        <FormErrors messages={[deliveryRuleError(log.error)]} testId="delivery-log-load-error" />
      ) : !log.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : log.data.deliveries.length === 0 ? (
        <p className="integration-section__empty" data-testid="delivery-log-empty">
          {t('deliveryRules.noDeliveries')}
        </p>
      ) : (
        <div className="integration-table-scroll">
          <table className="integration-table">
            <thead>
              <tr>
                <th scope="col">{t('deliveryRules.when')}</th>
                <th scope="col">{t('deliveryRules.item')}</th>
                <th scope="col">{t('deliveryRules.kind')}</th>
                <th scope="col">{t('deliveryRules.revision')}</th>
                <th scope="col">{t('deliveryRules.deliveryState')}</th>
                <th scope="col">{t('deliveryRules.error')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="delivery-log-entry" data-kind={delivery.kind} data-state={delivery.state}>
                  <td>
                    <ReaderMoment value={delivery.delivered_at ?? delivery.created_at} locale={locale} />
                  </td>
                  <td>
                    <span dir="auto">{delivery.item.headline}</span>
                    {delivery.remote_name ? <code className="integration-code delivery-rule__detail">{delivery.remote_name}</code> : null}
                  </td>
                  <td>{t(`deliveryRules.kinds.${delivery.kind}`)}</td>
                  <td className="delivery-log__revision">{delivery.revision}</td>
                  <td>
                    <span className={`delivery-state delivery-state--${delivery.state}`} data-testid="delivery-log-state">
                      {t(`deliveryRules.deliveryStates.${delivery.state}`)}
                    </span>
                  </td>
                  <td>
                    {delivery.error ? (
                      <span className="delivery-summary__error" dir="auto">
                        {delivery.error}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
