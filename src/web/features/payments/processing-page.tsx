import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { parseId } from '../../../common/validators.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { CURRENT_USER_KEY } from '../../lib/session.ts';
import { buttonClass } from '../../ui/button.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { paymentsApi, type PurchaseResult } from './api.ts';
import { WaitOverlay } from './payment-dialogs.tsx';
import { cardErrorKey } from './purchase-outcome.ts';
import './payments.css';

/** While the provider has not decided, the page asks again this often. */
const POLL_MS = 2_000;

/**
 * /{locale}/payment-processing?transaction_id=… (spec §2): where a purchase lands after paying, the
 * bank's step or the wallet's approval (?cancelled=1 when the buyer cancelled there). It confirms
 * the purchase (the server applies it once, however often this page asks) and shows "Payment
 * Successful" with the way to what was bought, the card-declined page, or "Please wait...".
 */
export function PaymentProcessingPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const id = parseId(search.get('transaction_id') ?? '');
  const abandon = search.get('cancelled') === '1';
  const confirmation = useQuery({
    queryKey: ['payments', 'confirm', id, abandon],
    queryFn: () => paymentsApi.confirm({ transaction_id: id ?? 0, ...(abandon ? { abandon: true } : {}) }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'approval_required' || status === 'requires_action' ? POLL_MS : false;
    },
  });
  const result = confirmation.data;
  useScreenMeta(
    result?.status === 'succeeded'
      ? t(result.verification ? 'payment.apply.resultTitle' : 'payment.success.title')
      : t('payment.processing.title'),
  );

  useEffect(() => {
    if (result?.status !== 'succeeded') return;
    notifications.notify({ type: 'success', children: t('payment.success.title') });
    // What the purchase changed: the user's agreements, and what they may download.
    for (const key of [CURRENT_USER_KEY, ['agreements'], ['video-formats']]) void client.invalidateQueries({ queryKey: key });
  }, [result?.status, client, t]);

  if (id === null || (confirmation.error instanceof ApiError && confirmation.error.status === 404)) return <NotFoundPage />;
  if (confirmation.error)
    return (
      <Declined
        code={confirmation.error instanceof ApiError ? (confirmation.error.codes[0] ?? '') : ''}
        message={errorText(confirmation.error, translateIfExists)}
      />
    );
  if (!result || result.status !== 'succeeded') {
    if (result?.status === 'failed') return <Declined code={result.error?.code ?? ''} message={result.error?.message ?? ''} />;
    return (
      <div className="page payment-page payment-result" data-testid="payment-processing">
        <h1 className="payment-page__title">{t('payment.processing.title')}</h1>
        <p>{t('payment.processing.text')}</p>
        <WaitOverlay open />
      </div>
    );
  }
  return <Success result={result} />;
}

function Success({ result }: { result: PurchaseResult }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const target =
    result.kind === 'one_off' && result.video_project_id !== null
      ? { to: `/${locale}${LINKS.video(String(result.video_project_id))}`, label: t('payment.success.toVideo') }
      : { to: `/${locale}${LINKS.planDetails}`, label: t('payment.success.toPlanDetails') };
  // A first pass: paid, and now verified by the desk (docs/decisions.md "Applying for a pass (issue 25)").
  if (result.verification)
    return (
      <div className="page payment-page payment-result payment-result--success" data-testid="payment-application">
        <span className="payment-result__mark" aria-hidden>
          ✓
        </span>
        <h1 className="payment-page__title">{t('payment.apply.resultTitle')}</h1>
        <p data-testid="application-verifying">{t('payment.apply.resultText')}</p>
        <p>{t('payment.apply.resultRefund')}</p>
        <div className="payment-result__actions">
          <Link className={buttonClass()} to={`/${locale}${LINKS.planDetails}`} data-testid="payment-success-next">
            {t('payment.success.toPlanDetails')}
          </Link>
          <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.purchaseHistory}`}>
            {t('payment.success.toHistory')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className="page payment-page payment-result payment-result--success" data-testid="payment-success">
      <span className="payment-result__mark" aria-hidden>
        ✓
      </span>
      <h1 className="payment-page__title">{t('payment.success.title')}</h1>
      <p>{t(`payment.success.${result.kind === 'one_off' ? 'oneOff' : result.kind === 'top_up' ? 'topUp' : 'pass'}`)}</p>
      <div className="payment-result__actions">
        <Link className={buttonClass()} to={target.to} data-testid="payment-success-next">
          {target.label}
        </Link>
        <Link className={buttonClass('secondary')} to={`/${locale}${LINKS.purchaseHistory}`}>
          {t('payment.success.toHistory')}
        </Link>
      </div>
    </div>
  );
}

function Declined({ code, message }: { code: string; message: string }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const text = code === 'payment_incomplete' ? t('payment.processing.incomplete') : code ? t(cardErrorKey(code)) : message;
  return (
    <div className="page payment-page payment-result card-declined" data-testid="card-declined">
      <h1 className="payment-page__title">{t('payment.declined.title')}</h1>
      <p className="card-declined__reason" data-testid="declined-reason">
        {text}
      </p>
      <div className="payment-result__actions">
        <Link className={buttonClass()} to={`/${locale}${LINKS.plans}`} data-testid="declined-try-again">
          {t('payment.declined.tryAgain')}
        </Link>
        <Link className={buttonClass('secondary')} to={`/${locale}`} data-testid="declined-back">
          {t('payment.declined.back')}
        </Link>
      </div>
    </div>
  );
}
