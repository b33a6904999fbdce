import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { LOGO_POSITIONS } from '../../../common/catalogue-values.ts';
import { canonicalPlanId } from '../../../common/plan-values.ts';
import type { Plan } from '../../../common/plans.ts';
import { LINKS, matchRoute } from '../../../common/routes.ts';
import type { PassPurchaseMode, PurchaseBlock } from '../../../common/agreements.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { LogoExample } from '../../ui/logo-example.tsx';
import { LOGO_POSITION_KEYS } from '../../ui/logo-positions.ts';
import { formatMoney, formatNumber } from '../../lib/money.ts';
import { planFeatures } from './plan-features.ts';
import { agreementsApi } from './api.ts';
import { usePlans } from './queries.ts';
import './plans.css';

/**
 * Whether the pass can be bought here: the payment page exists (the same rule as the menus, so no
 * button leads to the not-found page; docs/decisions.md "Choose a plan").
 */
const canBuyOnline = () => matchRoute(LINKS.payment('subscription')) !== null;

/**
 * /{locale}/plans (spec: accounts §2 "Choose-plan page"): the Pass, Region and Enterprise cards with
 * what each includes and its price in the variant's currency, the six logo positions of branded
 * footage, and "continue without plan". A ?plan= of a monthly pass is rewritten to the annual one
 * (spec §2 route gating), and the chosen plan's card is marked.
 */
export function PlansPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const plans = usePlans();
  useScreenMeta(t('plans.title'), t('plans.description'));

  const asked = search.get('plan');
  if (asked && canonicalPlanId(asked) !== asked) {
    const next = new URLSearchParams(search);
    next.set('plan', canonicalPlanId(asked));
    return <Navigate to={`${location.pathname}?${next.toString()}`} replace />;
  }
  if (plans.isError) throw plans.error;
  if (!plans.data) return <LoadingFallback />;

  return (
    <div className="page plans-page" data-testid="plans-page">
      <header className="plans-page__head">
        <h1 className="plans-page__title">{t('plans.title')}</h1>
        <p className="plans-page__lead">{t('plans.lead')}</p>
      </header>
      <ul className="plan-cards">
        {plans.data.plans.map((plan) => (
          <li key={plan.id} className="plan-cards__item">
            <PlanCard plan={plan} locale={locale} chosen={asked !== null && (asked === plan.id || asked === planIdOf(plan))} />
          </li>
        ))}
      </ul>
      <p className="plans-page__skip">
        <Link to={`/${locale}`} data-testid="continue-without-plan">
          {t('plans.continueWithoutPlan')}
        </Link>
      </p>
      <LogoPositionsExample />
    </div>
  );
}

/** A tick is a symbol, not a direction: it is drawn the same way in Arabic. */
function TickIcon() {
  return (
    <svg className="plan-card__tick" viewBox="0 0 16 16" width="16" height="16" aria-hidden>
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const planIdOf = (plan: Plan) => (plan.action.kind === 'buy' ? plan.action.plan_id : plan.id);

function PlanCard({ plan, locale, chosen }: { plan: Plan; locale: string; chosen: boolean }) {
  const { t } = useTranslation();
  const titleId = `plan-${plan.kind}-title`;
  return (
    <article
      className={`plan-card plan-card--${plan.kind}${chosen ? ' plan-card--chosen' : ''}`}
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-plan={plan.kind}
    >
      <h2 className="plan-card__title" id={titleId}>
        {t(`plans.names.${plan.kind}`)}
      </h2>
      <p className="plan-card__tagline">{t(`plans.taglines.${plan.kind}`)}</p>
      <PlanPrice plan={plan} locale={locale} />
      <ul className="plan-card__features">
        {planFeatures(plan).map((feature) => (
          <li key={feature.key}>
            <TickIcon />
            <span>{t(feature.key, feature.values)}</span>
          </li>
        ))}
      </ul>
      {plan.platform_limits ? (
        <div className="plan-card__platforms">
          <h3 className="plan-card__subtitle">{t('plans.platforms.title')}</h3>
          <ul>
            <li>
              {t('plans.platforms.social', {
                audience: formatNumber(plan.platform_limits.social_audience, locale),
                pages: plan.platform_limits.social_pages,
              })}
            </li>
            <li>
              {t('plans.platforms.website', {
                sessions: formatNumber(plan.platform_limits.website_sessions, locale),
                days: plan.platform_limits.website_days,
                audience: formatNumber(plan.platform_limits.website_social_audience, locale),
              })}
            </li>
          </ul>
        </div>
      ) : null}
      <div className="plan-card__action">
        <PlanAction plan={plan} locale={locale} />
      </div>
    </article>
  );
}

function PlanPrice({ plan, locale }: { plan: Plan; locale: string }) {
  const { t } = useTranslation();
  if (!plan.price) return <p className="plan-price plan-price--on-request">{t('plans.price.onRequest')}</p>;
  const { monthly_cents, billed_cents, months_free } = plan.price;
  return (
    <div className="plan-price" data-testid="plan-price">
      <p className="plan-price__amount">
        <span className="plan-price__value">{formatMoney(monthly_cents, plan.currency, locale)}</span>{' '}
        <span className="plan-price__unit">{t('plans.price.perMonth')}</span>
      </p>
      <p className="plan-price__billing">{t('plans.price.billedAnnually', { amount: formatMoney(billed_cents, plan.currency, locale) })}</p>
      {months_free > 0 ? <p className="plan-price__badge">{t('plans.price.monthsFree', { count: months_free })}</p> : null}
    </div>
  );
}

/**
 * Region and enterprise are requested through the demo form; the pass is bought once the payment
 * page exists, or applied for: an account's first pass is verified after payment (docs/decisions.md
 * "Applying for a pass (issue 25)"). The server says which, to visitors too.
 */
function PlanAction({ plan, locale }: { plan: Plan; locale: string }) {
  const userId = useSignedInUserId();
  // A signed-in user's pass may be held up for now (a payment for it still pending): asked each visit.
  const possibility = useQuery({
    queryKey: ['agreements', 'pass-possibility', userId],
    queryFn: ({ signal }) => agreementsApi.passPossibility(signal),
    enabled: plan.action.kind === 'buy' && canBuyOnline(),
    staleTime: 0,
  });
  return (
    <PlanActionView
      plan={plan}
      locale={locale}
      blocked={userId === null ? null : (possibility.data?.reason ?? null)}
      mode={possibility.data?.mode ?? 'buy'}
    />
  );
}

/** The card's action once it is known whether the pass can be bought now (`blocked`: why not) and how (`mode`). */
export function PlanActionView({
  plan,
  locale,
  blocked,
  mode = 'buy',
}: {
  plan: Plan;
  locale: string;
  blocked: PurchaseBlock | null;
  mode?: PassPurchaseMode;
}) {
  const { t } = useTranslation();
  if (plan.action.kind === 'buy' && blocked === 'pass_temporarily_unavailable')
    return (
      <div className="plan-card__note" role="status" data-testid="pass-unavailable">
        <p className="plan-card__unavailable">{t('plans.actions.passUnavailable')}</p>
        <p>{t('plans.actions.passUnavailableLead')}</p>
      </div>
    );
  if (plan.action.kind === 'request')
    return (
      <Link
        className={buttonClass()}
        to={`/${locale}${LINKS.planRequest(plan.action.request)}`}
        data-testid={`request-${plan.action.request}`}
      >
        {t('plans.actions.request')}
      </Link>
    );
  if (canBuyOnline()) {
    const apply = mode === 'apply';
    return (
      <Link
        className={buttonClass()}
        to={`/${locale}${LINKS.payment(apply ? 'apply-for-pass' : 'subscription')}?plan=${encodeURIComponent(canonicalPlanId(plan.action.plan_id))}`}
        data-testid={apply ? 'apply-for-pass' : 'buy-pass'}
      >
        {t(apply ? 'plans.actions.apply' : 'plans.actions.buy')}
      </Link>
    );
  }
  return (
    <p className="plan-card__note" data-testid="pass-soon">
      {t('plans.actions.buySoon')}
    </p>
  );
}

/** The six logo positions of branded footage (spec §2, §9): a corner of the picture, never mirrored. */
function LogoPositionsExample() {
  const { t } = useTranslation();
  return (
    <section className="plans-logos" aria-labelledby="plans-logos-title" data-testid="plans-logo-positions">
      <h2 className="plans-logos__title" id="plans-logos-title">
        {t('plans.logos.title')}
      </h2>
      <p className="plans-logos__lead">{t('plans.logos.lead')}</p>
      <ul className="plans-logos__grid" dir="ltr">
        {LOGO_POSITIONS.map((position) => (
          <li key={position} className="plans-logos__item" data-testid={`logo-example-${position}`}>
            <LogoExample position={position} />
            <span className="plans-logos__label" dir="auto">
              {t(LOGO_POSITION_KEYS[position])}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
