import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useParams } from 'react-router';
import { DELIVERY_RULE_LIMITS, type DeliveryRule, type RuleDelivery } from '../../../common/delivery-rules.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { ReaderMoment } from '../../ui/reader-moment.tsx';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import { DeliveryRuleDialog } from './delivery-rule-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { deliveryRuleError, destinationAddress, ruleBody } from './delivery-rule-view.ts';
import { DELIVERY_RULE_KEYS, deliveryRulesApi } from './delivery-rules-api.ts';
import './delivery-rules.css';

type Editing = { mode: 'new' } | { mode: 'edit'; rule: DeliveryRule };

/**
 * The owner's automatic delivery rules (issue 30): each follows a saved search and sends what it
 * finds, rendered as the rule says, to an FTP, SFTP or S3 destination; paused, resumed, changed,
 * deleted here, and each with its log of deliveries.
 */
export function DeliveryRulesSection() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const rules = useQuery({ queryKey: DELIVERY_RULE_KEYS.list(userId), queryFn: ({ signal }) => deliveryRulesApi.list(signal) });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [log, setLog] = useState<DeliveryRule | null>(null);
  const [removing, setRemoving] = useState<DeliveryRule | null>(null);
  const toggle = useMutation({
    mutationFn: (rule: DeliveryRule) => deliveryRulesApi.replace(rule.id, ruleBody(rule, { active: !rule.active })),
    onSuccess: async (rule) => {
      await client.invalidateQueries({ queryKey: DELIVERY_RULE_KEYS.all });
      notifications.notify({ type: 'success', children: t(rule.active ? 'deliveryRules.resumed' : 'deliveryRules.paused') });
    },
    onError: (error) => notifications.notify({ type: 'error', children: deliveryRuleError(error) }),
  });
  if (rules.error) throw rules.error;
  const full = rules.data ? rules.data.rules.length >= DELIVERY_RULE_LIMITS.perOwner : false;
  return (
    <section className="integration-section" aria-labelledby="delivery-rules-title" data-testid="delivery-rules">
      <div className="integration-section__head">
        <h2 id="delivery-rules-title">{t('deliveryRules.title')}</h2>
        <Button size="small" onClick={() => setEditing({ mode: 'new' })} disabled={full} data-testid="delivery-rule-new">
          {t('deliveryRules.new')}
        </Button>
      </div>
      <p className="integration-section__note">{t('deliveryRules.lead')}</p>
      {full ? <p className="integration-section__note">{t('deliveryRules.full', { limit: DELIVERY_RULE_LIMITS.perOwner })}</p> : null}
      {!rules.data ? (
        <LoadingFallback label={t('common.loading')} />
      ) : rules.data.rules.length === 0 ? (
        <p className="integration-section__empty" data-testid="delivery-rules-empty">
          {t('deliveryRules.none')}
        </p>
      ) : (
        <div className="integration-table-scroll">
          <table className="integration-table">
            <thead>
              <tr>
                <th scope="col">{t('deliveryRules.rule')}</th>
                <th scope="col">{t('deliveryRules.file')}</th>
                <th scope="col">{t('deliveryRules.destination')}</th>
                <th scope="col">{t('deliveryRules.state')}</th>
                <th scope="col">{t('deliveryRules.lastDelivery')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('deliveryRules.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.rules.map((rule) => (
                <tr key={rule.id} data-testid="delivery-rule-row" data-active={rule.active}>
                  <th scope="row">
                    <span className="delivery-rule__name" dir="auto">
                      {rule.name}
                    </span>
                    <span className="delivery-rule__search" data-testid="delivery-rule-search-name">
                      {t('deliveryRules.follows', { name: rule.saved_search.name })}
                    </span>
                  </th>
                  <td data-testid="delivery-rule-file">
                    <RuleFile rule={rule} />
                  </td>
                  <td>
                    <code className="integration-code delivery-rule__address" data-testid="delivery-rule-destination">
                      {breakable(destinationAddress(rule.destination))}
                    </code>
                    {rule.destination.protocol === 's3' ? (
                      <span className="delivery-rule__detail">
                        {rule.destination.region}
                        {rule.destination.endpoint ? ` · ${rule.destination.endpoint}` : ''}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <span
                      className={`integration-state integration-state--${rule.active ? 'active' : 'paused'}`}
                      data-testid="delivery-rule-state"
                    >
                      {t(rule.active ? 'deliveryRules.states.active' : 'deliveryRules.states.paused')}
                    </span>
                  </td>
                  <td data-testid="delivery-rule-last">
                    <LastDeliveries rule={rule} locale={locale} />
                  </td>
                  <td>
                    <div className="integration-table__actions">
                      <Button size="small" variant="secondary" onClick={() => setLog(rule)} data-testid="delivery-rule-log">
                        {t('deliveryRules.log')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => setEditing({ mode: 'edit', rule })}
                        data-testid="delivery-rule-edit"
                      >
                        {t('deliveryRules.edit')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        loading={toggle.isPending && toggle.variables.id === rule.id}
                        onClick={() => toggle.mutate(rule)}
                        data-testid="delivery-rule-toggle"
                      >
                        {t(rule.active ? 'deliveryRules.pause' : 'deliveryRules.resume')}
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => setRemoving(rule)} data-testid="delivery-rule-delete">
                        {t('deliveryRules.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <DeliveryRuleDialog rule={editing.mode === 'edit' ? editing.rule : null} onClose={() => setEditing(null)} /> : null}
      {log ? <DeliveryLogDialog rule={log} onClose={() => setLog(null)} /> : null}
      {removing ? <DeleteDialog rule={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

/** An address that wraps after its user and before each folder rather than inside a host or port. */
const breakable = (address: string) =>
  address.split(/(?<=@)|(?<!:\/?)(?=\/)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));

/** Format, quality, container and the logo's place, as the rule renders each file. */
function RuleFile({ rule }: { rule: DeliveryRule }) {
  const { t } = useTranslation();
  return (
    <ul className="delivery-rule__file">
      <li>{t(`deliveryRules.formats.${rule.video_format}`)}</li>
      {rule.brand_position ? <li>{t(`deliveryRules.positions.${rule.brand_position}`)}</li> : null}
      <li>{t(`deliveryRules.qualities.${rule.quality}`)}</li>
      <li>{rule.file_type.toUpperCase()}</li>
    </ul>
  );
}

/** The newest delivery, and the newest failure with its reason when there is one. */
function LastDeliveries({ rule, locale }: { rule: DeliveryRule; locale: string }) {
  const { t } = useTranslation();
  if (!rule.last_delivery) return <>{t('deliveryRules.never')}</>;
  const failure = rule.last_failure;
  return (
    <div className="delivery-rule__last">
      <DeliverySummary delivery={rule.last_delivery} locale={locale} />
      {failure && failure.id !== rule.last_delivery.id ? (
        <div className="delivery-rule__failure" data-testid="delivery-rule-last-failure">
          <span className="delivery-rule__label">{t('deliveryRules.lastFailure')}</span>
          <DeliverySummary delivery={failure} locale={locale} />
        </div>
      ) : null}
    </div>
  );
}

function DeliverySummary({ delivery, locale }: { delivery: RuleDelivery; locale: string }) {
  const { t } = useTranslation();
  return (
    <span className="delivery-summary">
      <span className={`delivery-state delivery-state--${delivery.state}`}>{t(`deliveryRules.deliveryStates.${delivery.state}`)}</span>{' '}
      <ReaderMoment value={delivery.delivered_at ?? delivery.created_at} locale={locale} />
      <span className="delivery-summary__item" dir="auto">
        {delivery.item.headline}
      </span>
      {delivery.error ? (
        <span className="delivery-summary__error" dir="auto">
          {delivery.error}
        </span>
      ) : null}
    </span>
  );
}

function DeleteDialog({ rule, onClose }: { rule: DeliveryRule; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <ConfirmDialog
      title={t('deliveryRules.deleteTitle')}
      lead={t('deliveryRules.deleteLead')}
      confirm={t('deliveryRules.delete')}
      danger
      cancel={t('deliveryRules.cancel')}
      run={() => deliveryRulesApi.remove(rule.id)}
      errorText={deliveryRuleError}
      onDone={async () => {
        await client.invalidateQueries({ queryKey: DELIVERY_RULE_KEYS.all });
        notifications.notify({ type: 'success', children: t('deliveryRules.deleted') });
        onClose();
      }}
      onClose={onClose}
      testId="delivery-rule-delete-dialog"
      confirmTestId="delivery-rule-delete-confirm"
    >
      <p className="delivery-rule__name" dir="auto">
        {rule.name}
      </p>
      <code className="integration-code integration-secret">{destinationAddress(rule.destination)}</code>
    </ConfirmDialog>
  );
}
