import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import { PASS_MINIMUM_TERM_MONTHS } from '../../../common/plan-values.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Price } from './api.ts';
import type { Product } from './checkout-form.tsx';

/**
 * The order summary (spec §2): what is bought and its price from the server (spec §3 "Price
 * response"): net, VAT at the buyer's rate (or why none), and the total charged.
 */
export function OrderSummary({ product, price }: { product: Product; price: Price | null }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const money = (cents: number) => (price ? formatMoney(cents, price.currency, locale) : '');
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 className="order-summary__title" id="order-summary-title">
        {t('payment.summary.title')}
      </h2>
      {product.type === 'video' && product.image ? (
        <img className="order-summary__image" src={product.image} alt="" width={320} height={180} />
      ) : null}
      <p className="order-summary__item">
        {product.type === 'pass'
          ? t('payment.summary.pass')
          : product.type === 'top_up'
            ? t('payment.summary.topUp', { count: product.quantity, kind: t(`planDetails.quotaKinds.${product.kind}`) })
            : product.title}
      </p>
      <p className="order-summary__terms">
        {product.type === 'pass'
          ? t('payment.summary.passTerms', { months: PASS_MINIMUM_TERM_MONTHS })
          : product.type === 'top_up'
            ? t('payment.summary.topUpTerms')
            : t('payment.summary.oneOffTerms')}
      </p>
      {price ? (
        <dl className="order-summary__lines">
          <div>
            <dt>{t('payment.summary.net')}</dt>
            <dd dir="ltr">{money(price.pure_price_cents)}</dd>
          </div>
          <div>
            <dt>
              {price.vat_reason === 'standard_rate'
                ? t('payment.summary.vat', { rate: price.tax })
                : t(`payment.summary.${price.vat_reason}`)}
            </dt>
            <dd dir="ltr">{money(price.tax_value_cents)}</dd>
          </div>
          <div className="order-summary__total">
            <dt>{t('payment.summary.total')}</dt>
            <dd dir="ltr" data-testid="order-total">
              {money(price.price_cents)}
            </dd>
          </div>
        </dl>
      ) : null}
    </aside>
  );
}
