import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { Receipt } from '../../../common/payments.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay, formatMoney } from '../../lib/money.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { useCountries, useReceipt } from './history-api.ts';
import { countryName, formatPeriod, formatVatRate, paidWith, vatNoteKey } from './purchase-view.ts';
import './receipt.css';

/**
 * /{locale}/user/purchase-history/{id}: the receipt of a paid purchase, to keep or print. It names
 * the seller and the buyer as invoiced, net, VAT and total; a purchase that is not the caller's or
 * was never paid is not found.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  useScreenMeta(receipt.data ? t('purchaseHistory.receipt.titleOf', { number: receipt.data.number }) : undefined);
  if (receipt.error instanceof ApiError && receipt.error.status === 404) return <NotFoundPage />;
  // Anything else is the route error page's to show (reload), not a page that waits for ever.
  if (receipt.isError) throw receipt.error;
  if (!receipt.data) return <LoadingFallback label={t('common.loading')} />;
  return <ReceiptView receipt={receipt.data} />;
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  // The buyer's country by name in the page's language; the code stands in until the list arrives.
  const countries = useCountries(locale);
  const money = (cents: number) => formatMoney(cents, receipt.transaction.currency, locale);
  const period = formatPeriod(receipt.transaction.period_start, receipt.transaction.period_end, locale);
  const note = vatNoteKey(receipt.vat_reason);
  const card = paidWith(receipt.transaction);
  const { buyer, seller } = receipt;

  return (
    <div className="page receipt-page" data-testid="receipt-page">
      <div className="receipt-page__actions">
        <Link to={`/${locale}${LINKS.purchaseHistory}`} data-testid="back-to-history">
          {t('purchaseHistory.receipt.back')}
        </Link>
        <Button variant="secondary" size="small" onClick={() => window.print()} data-testid="print-receipt">
          {t('purchaseHistory.receipt.print')}
        </Button>
      </div>

      <article className="receipt" aria-labelledby="receipt-title" data-refunded={receipt.refunded}>
        <header className="receipt__head">
          <h1 id="receipt-title" className="receipt__title">
            {t('purchaseHistory.receipt.title')}
          </h1>
          {receipt.refunded ? (
            <p className="receipt__refunded" data-testid="receipt-refunded">
              {t('purchaseHistory.receipt.refunded')}
            </p>
          ) : null}
          <dl className="receipt__facts">
            <div>
              <dt>{t('purchaseHistory.receipt.number')}</dt>
              <dd dir="ltr" data-testid="receipt-number">
                {receipt.number}
              </dd>
            </div>
            <div>
              <dt>{t('purchaseHistory.receipt.date')}</dt>
              <dd>
                <time dateTime={receipt.date}>{formatDay(receipt.date, locale, timeZone)}</time>
              </dd>
            </div>
          </dl>
        </header>

        <div className="receipt__parties">
          <section aria-labelledby="receipt-seller" data-testid="receipt-seller">
            <h2 id="receipt-seller">{t('purchaseHistory.receipt.seller')}</h2>
            {/* Lines keep the page's side and their own direction (an English address on an Arabic page). */}
            <address>
              <strong>
                <bdi>{seller.name}</bdi>
              </strong>
              {seller.address.map((line) => (
                <span key={line}>
                  <bdi>{line}</bdi>
                </span>
              ))}
            </address>
            <p className="receipt__vat-id">
              {t('purchaseHistory.receipt.vatId')} <span dir="ltr">{seller.vat_id}</span>
            </p>
          </section>
          <section aria-labelledby="receipt-buyer" data-testid="receipt-buyer">
            <h2 id="receipt-buyer">{t('purchaseHistory.receipt.buyer')}</h2>
            <address>
              <strong>
                <bdi>{buyer.name}</bdi>
              </strong>
              {buyer.company_name ? (
                <span>
                  <bdi>{buyer.company_name}</bdi>
                </span>
              ) : null}
              {buyer.address.map((line) => (
                <span key={line}>
                  <bdi>{line}</bdi>
                </span>
              ))}
              <span data-testid="receipt-buyer-country">{countryName(buyer.country_code, countries.data, locale)}</span>
              <span>
                <bdi dir="ltr">{buyer.email}</bdi>
              </span>
            </address>
            {buyer.vat_id ? (
              <p className="receipt__vat-id">
                {t('purchaseHistory.receipt.vatId')}{' '}
                <span dir="ltr" data-testid="receipt-buyer-vat-id">
                  {buyer.vat_id}
                </span>
              </p>
            ) : null}
          </section>
        </div>

        <table className="receipt__lines">
          <thead>
            <tr>
              <th scope="col">{t('purchaseHistory.receipt.line')}</th>
              <th scope="col">{t('purchaseHistory.receipt.period')}</th>
              <th scope="col" className="receipt__money">
                {t('purchaseHistory.receipt.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td data-testid="receipt-line">
                <bdi>{receipt.transaction.description}</bdi>
              </td>
              <td className="receipt__period">{period ?? '—'}</td>
              <td className="receipt__money">{money(receipt.net_cents)}</td>
            </tr>
          </tbody>
        </table>

        <dl className="receipt__totals" data-testid="receipt-totals">
          <div>
            <dt>{t('purchaseHistory.receipt.net')}</dt>
            <dd data-testid="receipt-net">{money(receipt.net_cents)}</dd>
          </div>
          <div>
            <dt>{t('purchaseHistory.receipt.vat', { rate: formatVatRate(receipt.vat_rate, locale) })}</dt>
            <dd data-testid="receipt-vat">{money(receipt.vat_cents)}</dd>
          </div>
          <div className="receipt__total">
            <dt>{t('purchaseHistory.receipt.total')}</dt>
            <dd data-testid="receipt-total">{money(receipt.total_cents)}</dd>
          </div>
        </dl>
        {note ? (
          <p className="receipt__note" data-testid="receipt-vat-note">
            {t(note)}
          </p>
        ) : null}

        <p className="receipt__paid" data-testid="receipt-paid-by">
          {card ? (
            <>
              {t('purchaseHistory.receipt.paidBy')} <span dir="ltr">{card}</span>
            </>
          ) : (
            t('purchaseHistory.receipt.paid')
          )}
        </p>
      </article>
    </div>
  );
}
