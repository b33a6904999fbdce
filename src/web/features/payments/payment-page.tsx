import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { CONTENT_KINDS } from '../../../common/agreement-values.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import type { purchasePossibilitySchema } from '../../../common/agreements.ts';
import type { VideoProject } from '../../../common/catalogue.ts';
import { canonicalPlanId } from '../../../common/plan-values.ts';
import { LINKS } from '../../../common/routes.ts';
import { parseId } from '../../../common/validators.ts';
import { ApiError, errorText, type Answer } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { useAgreements } from '../agreements/queries.ts';
import { AlreadyCovered, coveringAgreements } from './already-covered.tsx';
import { PAYMENT_KEYS, paymentsApi } from './api.ts';
import { BillingSection, billingReady, useBillingSettings } from './billing-section.tsx';
import type { BillingFormHandle } from './billing-form.tsx';
import { CheckoutForm, TOP_UP_CHOICES, type BillingStep, type Product } from './checkout-form.tsx';
import { OrderSummary } from './order-summary.tsx';
import './payments.css';

/**
 * /{locale}/payment/subscription?plan=… and /{locale}/payment/video?video_project_id=… (spec:
 * accounts §2): the order summary with its price and VAT, and the checkout form. A monthly pass id
 * is rewritten to the annual one (spec §2).
 */
export function PaymentPage() {
  const { type } = useParams();
  if (type === 'subscription') return <PassPayment apply={false} />;
  if (type === 'apply-for-pass') return <PassPayment apply />;
  if (type === 'video') return <VideoPayment />;
  if (type === 'top-up') return <TopUpPayment />;
  return <NotFoundPage />;
}

/**
 * The pass, bought at once (`/payment/subscription`) or applied for (`/payment/apply-for-pass`): an
 * account's first pass is verified after payment (docs/decisions.md "Applying for a pass (issue
 * 25)"). The server's `mode` says which; the other page sends the buyer to the right one.
 */
function PassPayment({ apply }: { apply: boolean }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const asked = search.get('plan') ?? '';
  const plan = canonicalPlanId(asked);
  const possibility = useQuery({
    queryKey: ['payments', 'pass-possibility'],
    queryFn: ({ signal }) =>
      api.get<Answer<typeof purchasePossibilitySchema>>('/api/current_user/agreements/purchase_possibility', {
        query: { agreement_type: 'pass' },
        signal,
      }),
    staleTime: 0,
  });
  const agreements = useAgreements();
  const [beside, setBeside] = useState(false);
  const title = apply ? t('payment.titles.applyForPass') : t('payment.titles.subscription');
  useScreenMeta(title);
  if (asked !== plan) {
    const next = new URLSearchParams(search);
    next.set('plan', plan);
    return <Navigate replace to={`${location.pathname}?${next.toString()}`} />;
  }
  if (possibility.isError) throw possibility.error;
  if (agreements.isError) throw agreements.error;
  if (!possibility.data || !agreements.data) return <LoadingFallback />;
  if (!possibility.data.possible) return <CannotBuy reason={possibility.data.reason ?? 'pass_already_held'} title={title} />;
  const covering = coveringAgreements(agreements.data.agreements);
  if (covering.length > 0 && !beside) return <AlreadyCovered agreements={covering} title={title} onContinue={() => setBeside(true)} />;
  if ((possibility.data.mode === 'apply') !== apply)
    return <Navigate replace to={`/${locale}${LINKS.payment(apply ? 'subscription' : 'apply-for-pass')}${location.search}`} />;
  return (
    <Checkout
      product={{ type: 'pass', planId: plan }}
      title={title}
      notice={
        apply ? (
          <p className="payment-page__notice" role="note" data-testid="verification-notice">
            {t('payment.apply.notice')}
          </p>
        ) : null
      }
    />
  );
}

function VideoPayment() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = parseId(search.get('video_project_id') ?? '');
  const video = useQuery({
    queryKey: ['payments', 'video', id],
    queryFn: ({ signal }) => api.get<VideoProject>(`/api/content/video_projects/${id ?? 0}`, { signal }),
    enabled: id !== null,
  });
  useScreenMeta(t('payment.titles.video'));
  if (id === null || (video.error instanceof ApiError && video.error.status === 404)) return <NotFoundPage />;
  if (video.isError) throw video.error;
  if (!video.data) return <LoadingFallback />;
  return (
    <Checkout
      product={{
        type: 'video',
        videoProjectId: id,
        title: video.data.title,
        slug: video.data.project_slug,
        image: video.data.selected_preview_image,
      }}
      title={t('payment.titles.video')}
    />
  );
}

function TopUpPayment() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const agreementId = parseId(search.get('agreement_id') ?? '');
  const kind = CONTENT_KINDS.find((candidate) => candidate === search.get('kind')) ?? null;
  const [quantity, setQuantity] = useState<number>(TOP_UP_CHOICES[0]);
  useScreenMeta(t('payment.titles.topUp'));
  if (agreementId === null || kind === null) return <NotFoundPage />;
  return (
    <Checkout product={{ type: 'top_up', agreementId, kind, quantity }} onQuantityChange={setQuantity} title={t('payment.titles.topUp')} />
  );
}

function CannotBuy({ reason, title }: { reason: string; title: string }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <div className="page payment-page" data-testid="payment-page">
      <h1 className="payment-page__title">{title}</h1>
      <p className="payment-page__blocked" data-testid="payment-blocked">
        {t(`payment.blocked.${reason}`, { defaultValue: t('payment.blocked.pass_already_held') })}
      </p>
      <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.planDetails}`}>
        {t('payment.toPlanDetails')}
      </Link>
    </div>
  );
}

function Checkout({
  product,
  title,
  onQuantityChange,
  notice = null,
}: {
  product: Product;
  title: string;
  onQuantityChange?: (quantity: number) => void;
  /** Said above the checkout: an application's verification. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const query =
    product.type === 'pass'
      ? { plan: product.planId }
      : product.type === 'top_up'
        ? { agreement_id: product.agreementId, kind: product.kind, quantity: product.quantity }
        : { video_project_id: product.videoProjectId };
  const config = useQuery({ queryKey: PAYMENT_KEYS.config, queryFn: ({ signal }) => paymentsApi.config(signal), staleTime: Infinity });
  const price = useQuery({
    queryKey: PAYMENT_KEYS.price(query),
    queryFn: ({ signal }) => paymentsApi.price(query, signal),
    retry: false,
    placeholderData: (previous) => previous,
  });
  const billing = useBillingSettings();
  const client = useQueryClient();
  const billingForm = useRef<BillingFormHandle>(null);
  /**
   * "Pay" with the billing form open saves it first (issue 28); a save that changes the total (a
   * VAT id confirmed, another country) stops before paying, so the buyer pays the total they saw.
   */
  const billingSteps = {
    check: () => billingForm.current?.check() ?? Promise.resolve(true),
    async prepare(): Promise<BillingStep> {
      const form = billingForm.current;
      if (!form) return billingReady(billing.data) ? { kind: 'ready' } : { kind: 'invalid' };
      const shown = price.data?.price_cents;
      const saved = await form.save();
      if (!saved || !billingReady(saved)) return { kind: 'invalid' };
      const fresh = await client.fetchQuery({
        queryKey: PAYMENT_KEYS.price(query),
        queryFn: ({ signal }) => paymentsApi.price(query, signal),
        staleTime: 0,
      });
      return fresh.price_cents === shown
        ? { kind: 'ready' }
        : { kind: 'repriced', total: formatMoney(fresh.price_cents, fresh.currency, locale) };
    },
  };
  if (config.isError) throw config.error;
  const priceFailure = price.error instanceof ApiError ? price.error : null;
  if (priceFailure?.status === 404) return <NotFoundPage />;
  if (price.isError && !priceFailure) throw price.error;
  if (!config.data || (!price.data && !priceFailure)) return <LoadingFallback />;
  return (
    <div className="page payment-page" data-testid="payment-page">
      <h1 className="payment-page__title">{title}</h1>
      {notice}
      <div className="payment-page__grid">
        <div className="payment-page__main">
          {priceFailure ? (
            <div className="payment-page__blocked" role="alert" data-testid="payment-blocked">
              <p>{errorText(priceFailure, translateIfExists)}</p>
              {priceFailure.hasCode('billing_country_missing') ? (
                <Link className={buttonClass('secondary', 'small')} to={`/${locale}${LINKS.billingSettings}`}>
                  {t('payment.toBillingSettings')}
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              <BillingSection formHandle={billingForm} />
              <CheckoutForm product={product} config={config.data} billing={billingSteps} onQuantityChange={onQuantityChange} />
            </>
          )}
        </div>
        <OrderSummary product={product} price={price.data ?? null} />
      </div>
    </div>
  );
}
