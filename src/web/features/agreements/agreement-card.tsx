import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import type { Agreement } from '../../../common/agreements.ts';
import { LINKS, matchRoute } from '../../../common/routes.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { showAgreementFailure } from './agreement-failure.ts';
import { acceptance, balanceBar, rightsOf, usedUpMonthlyQuotas, type BalanceBar } from './agreement-view.ts';
import { agreementsApi } from './api.ts';
import { AutoRenewal } from './auto-renewal.tsx';
import { useReadOnlyPlanDetails } from './read-only.ts';
import { formatDay, formatMoney, formatNumber } from '../../lib/money.ts';
import { reloadAfterAgreementChange } from './queries.ts';

/** One agreement on the plan-details page: acceptance, rights, conditions, balances, auto-renewal. */
export function AgreementCard({ agreement, locale }: { agreement: Agreement; locale: string }) {
  const { t } = useTranslation();
  const titleId = `agreement-${agreement.id}-title`;
  const name = t(`planDetails.types.${agreement.agreement_type}`);
  // A pass application grants nothing yet (or never did): no balances, top-ups or renewal to show.
  const application = agreement.status === 'processing' || agreement.status === 'failed_to_qualify';
  return (
    <article
      className={`agreement agreement--${agreement.status}`}
      aria-labelledby={titleId}
      data-testid={`agreement-${agreement.id}`}
      data-type={agreement.agreement_type}
      data-status={agreement.status}
    >
      <header className="agreement__head">
        <h3 className="agreement__title" id={titleId}>
          {name}
        </h3>
        <span className="status-badge" data-status={agreement.status} data-testid="agreement-status">
          {t(`planDetails.statuses.${agreement.status}`)}
        </span>
        <span className="agreement__owner">{t(`planDetails.owner.${agreement.owner}`)}</span>
      </header>
      <Acceptance agreement={agreement} />
      {application ? (
        <p className="agreement__verification" role="status" data-testid="agreement-verification">
          {t(`planDetails.verification.${agreement.status}`)}
        </p>
      ) : null}
      <div className="agreement__columns">
        <Rights agreement={agreement} />
        <Conditions agreement={agreement} locale={locale} />
      </div>
      {application ? null : (
        <>
          <Balances agreement={agreement} locale={locale} />
          <TopUpOffer agreement={agreement} locale={locale} />
          <AutoRenewal agreement={agreement} name={name} locale={locale} />
        </>
      )}
    </article>
  );
}

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="agreement__part">
      <h4 className="agreement__subtitle">{title}</h4>
      <dl className="facts">{children}</dl>
    </section>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="facts__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Rights({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const rights = rightsOf(agreement);
  const included = (yes: boolean) => t(yes ? 'planDetails.included' : 'planDetails.notIncluded');
  return (
    <Facts title={t('planDetails.rights.title')}>
      <Fact label={t('planDetails.rights.type')}>{t(`planDetails.types.${agreement.agreement_type}`)}</Fact>
      <Fact label={t('planDetails.rights.access')}>{t(`planDetails.access.${rights.access}`)}</Fact>
      <Fact label={t('planDetails.rights.live')} testId="right-live">
        {included(rights.live)}
      </Fact>
      <Fact label={t('planDetails.rights.vod')} testId="right-vod">
        {included(rights.vod)}
      </Fact>
      <Fact label={t('planDetails.rights.archival')}>
        {rights.archivalDays === null
          ? t('planDetails.rights.archivalForLife')
          : t('planDetails.rights.archivalDays', { count: rights.archivalDays })}
      </Fact>
      <Fact label={t('planDetails.rights.branded')} testId="right-branded">
        {included(rights.branded)}
      </Fact>
    </Facts>
  );
}

function Conditions({ agreement, locale }: { agreement: Agreement; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const day = (value: string) => formatDay(value, locale, timeZone);
  const none = t('planDetails.none');
  return (
    <Facts title={t('planDetails.conditions.title')}>
      <Fact label={t('planDetails.conditions.billing')}>
        {agreement.billing_period ? t(`planDetails.billing.${agreement.billing_period}`) : none}
      </Fact>
      <Fact label={t('planDetails.conditions.duration')}>
        {agreement.duration ? t(`planDetails.duration.${agreement.duration.unit}`, { count: agreement.duration.value }) : none}
      </Fact>
      <Fact label={t('planDetails.conditions.start')}>{agreement.start_date ? day(agreement.start_date) : none}</Fact>
      <Fact label={t('planDetails.conditions.validTill')} testId="valid-till">
        {agreement.valid_till ? day(agreement.valid_till) : t('planDetails.conditions.noEnd')}
      </Fact>
      <Fact label={t('planDetails.conditions.nextInvoice')} testId="next-invoice">
        {agreement.next_invoice
          ? t('planDetails.conditions.invoice', {
              date: day(agreement.next_invoice.date),
              amount: formatMoney(agreement.next_invoice.amount_cents, agreement.next_invoice.currency, locale),
            })
          : none}
      </Fact>
      {agreement.platform_urls.length > 0 ? (
        <Fact label={t('planDetails.conditions.platforms')}>
          <ul className="facts__list">
            {agreement.platform_urls.map((url) => (
              <li key={url}>
                <bdi dir="ltr">{url}</bdi>
              </li>
            ))}
          </ul>
        </Fact>
      ) : null}
    </Facts>
  );
}

function Balances({ agreement, locale }: { agreement: Agreement; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  if (agreement.balances.length === 0) return null;
  return (
    <section className="agreement__part">
      <h4 className="agreement__subtitle">{t('planDetails.balance.title')}</h4>
      <ul className="balances">
        {agreement.balances.map((balance) => (
          <li key={balance.kind} className="balance" data-testid={`balance-${balance.kind}`}>
            <BalanceLine bar={balanceBar(balance)} locale={locale} />
            {balance.refills_monthly || balance.valid_till ? (
              <p className="balance__note">
                {[
                  balance.refills_monthly ? t('planDetails.balance.refillsMonthly') : null,
                  balance.valid_till ? t('planDetails.balance.validTill', { date: formatDay(balance.valid_till, locale, timeZone) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BalanceLine({ bar, locale }: { bar: BalanceBar; locale: string }) {
  const { t } = useTranslation();
  const label = t(`planDetails.kinds.${bar.kind}`);
  if (!bar.limited)
    return (
      <p className="balance__head">
        <span className="balance__kind">{label}</span>
        <span className="balance__amount" data-testid="balance-amount">
          {t('planDetails.balance.noLimit')}
        </span>
      </p>
    );
  const amount = t('planDetails.balance.left', { remaining: formatNumber(bar.remaining, locale), total: formatNumber(bar.total, locale) });
  return (
    <>
      <p className="balance__head">
        <span className="balance__kind" id={`balance-${bar.kind}-label`}>
          {label}
        </span>
        <span className="balance__amount" data-testid="balance-amount">
          {amount}
        </span>
      </p>
      <div
        className="balance__bar"
        role="progressbar"
        aria-labelledby={`balance-${bar.kind}-label`}
        aria-valuemin={0}
        aria-valuemax={bar.total}
        aria-valuenow={bar.remaining}
        aria-valuetext={amount}
      >
        <span className={`balance__fill${bar.remaining === 0 ? ' balance__fill--empty' : ''}`} style={{ inlineSize: `${bar.percent}%` }} />
      </div>
    </>
  );
}

/** Spec §9: top-up items are sold (in euros, excluding VAT) when a monthly quota is used up; whoever manages the agreement buys them. */
function TopUpOffer({ agreement, locale }: { agreement: Agreement; locale: string }) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyPlanDetails();
  const kinds = usedUpMonthlyQuotas(agreement);
  if (kinds.length === 0) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(kinds.map((kind) => t(`planDetails.quotaKinds.${kind}`)));
  return (
    <div className="agreement__offer" data-testid="top-up-offer">
      <p>{t('planDetails.topUp.usedUp', { kinds: names })}</p>
      <p>
        {agreement.top_up_price_cents === null
          ? t('planDetails.topUp.offer')
          : t('planDetails.topUp.offerPriced', { price: formatMoney(agreement.top_up_price_cents, agreement.currency, locale) })}
      </p>
      {agreement.can_buy_top_up && !readOnly && matchRoute(LINKS.payment('top-up')) ? (
        <Link
          className={buttonClass('green', 'small')}
          to={`/${locale}${LINKS.payment('top-up')}?agreement_id=${agreement.id}&kind=${kinds[0] ?? 'pool'}`}
          data-testid="buy-top-up"
        >
          {t('planDetails.topUp.buy')}
        </Link>
      ) : null}
    </div>
  );
}

/** A waiting agreement: the master accepts it; anyone else reads the spec's message (§8, word for word). */
function Acceptance({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => agreementsApi.accept(agreement.id),
    onSuccess: async () => {
      notifications.notify({ type: 'success', children: t('planDetails.acceptance.accepted') });
      await reloadAfterAgreementChange(client);
    },
    onError: (failure) => showAgreementFailure(client, failure),
  });
  const readOnly = useReadOnlyPlanDetails();
  const state = acceptance(agreement);
  if (state === null) return null;
  return (
    <div className="agreement__acceptance" data-testid="agreement-acceptance">
      {state === 'accept' ? (
        <>
          <p>{t('planDetails.acceptance.waiting')}</p>
          {readOnly ? null : (
            <Button loading={accept.isPending} onClick={() => accept.mutate()} data-testid="accept-agreement">
              {t('planDetails.acceptance.accept')}
            </Button>
          )}
        </>
      ) : (
        <p data-testid="ask-master">{t('planDetails.acceptance.askMaster')}</p>
      )}
    </div>
  );
}
