import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { AgreementsResponse } from '../../../common/agreements.ts';
import type { PlanRequest } from '../../../common/plan-requests.ts';
import { LINKS } from '../../../common/routes.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { AgreementCard } from './agreement-card.tsx';
import { agreementsInOrder, openRequests, planDetailsContent } from './agreement-view.ts';
import { formatDay } from '../../lib/money.ts';
import { useAgreements, usePlanRequests } from './queries.ts';
import { useReadOnlyPlanDetails } from './read-only.ts';
import './plan-details.css';

/**
 * /{locale}/user/plan-details (spec: accounts §2 plan details, §4, §6, §8): the plan requests still
 * being verified or that failed to qualify, then each agreement with its rights, conditions,
 * balances, auto-renewal and acceptance; an empty state leads to the plans.
 */
export function PlanDetailsPage() {
  const { t } = useTranslation();
  const agreements = useAgreements();
  const requests = usePlanRequests();
  useScreenMeta(t('planDetails.title'));
  if (agreements.isError) throw agreements.error;
  if (requests.isError) throw requests.error;
  if (!agreements.data || !requests.data) return <LoadingFallback />;
  return (
    <div className="page plan-details" data-testid="plan-details-page">
      <h1 className="plan-details__title">{t('planDetails.title')}</h1>
      <PlanDetails agreements={agreements.data} requests={requests.data} />
    </div>
  );
}

/** The page's content: also what the sales desk reads of a customer's plan (inside ReadOnlyPlanDetails). */
export function PlanDetails({ agreements, requests }: { agreements: AgreementsResponse; requests: PlanRequest[] }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const readOnly = useReadOnlyPlanDetails();
  const content = planDetailsContent(agreements, requests);
  const open = openRequests(requests);
  return (
    <>
      {content === 'empty' ? (
        <div className="plan-details__empty" data-testid="plan-details-empty">
          <p>{t('planDetails.empty.text')}</p>
          {readOnly ? null : (
            <Link className={buttonClass()} to={`/${locale}${LINKS.plans}`}>
              {t('planDetails.empty.action')}
            </Link>
          )}
        </div>
      ) : null}
      {agreements.has_unaccepted ? (
        <p className="plan-details__notice" role="note" data-testid="unaccepted-notice">
          {t('planDetails.acceptance.askMaster')}
        </p>
      ) : null}
      {open.length > 0 ? (
        <section className="plan-details__section" aria-labelledby="plan-requests-title" data-testid="plan-requests">
          <h2 id="plan-requests-title">{t('planDetails.requests.title')}</h2>
          <ul className="plan-requests">
            {open.map((request) => (
              <li key={request.id}>
                <RequestState request={request} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {agreements.agreements.length > 0 ? (
        <section className="plan-details__section" aria-labelledby="agreements-title">
          <h2 id="agreements-title">{t('planDetails.agreementsTitle')}</h2>
          <ul className="agreements">
            {agreementsInOrder(agreements.agreements).map((agreement) => (
              <li key={agreement.id}>
                <AgreementCard agreement={agreement} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A request being verified, or one that failed to qualify, with the spec's texts (§4, §9). */
function RequestState({ request, locale }: { request: PlanRequest; locale: string }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <article className={`plan-request-state plan-request-state--${request.status}`} data-testid={`plan-request-${request.status}`}>
      <h3 className="plan-request-state__title">
        {t(`planDetails.requests.plan.${request.plan}`)} · {request.company_name}
      </h3>
      <p className="plan-request-state__meta">
        {t('planDetails.requests.sent', { date: formatDay(request.created_at, locale, timeZone) })}
      </p>
      <p className="plan-request-state__status">
        <span className="status-badge" data-status={request.status}>
          {t(`planDetails.requests.status.${request.status}`)}
        </span>
      </p>
      <p>{t(`planDetails.requests.text.${request.status}`)}</p>
    </article>
  );
}
